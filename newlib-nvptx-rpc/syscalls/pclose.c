/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* pclose(3) for nvptx: fails with ENOSYS, as no stream comes from popen
   (popen.c).  */

#include <errno.h>
#include <stdio.h>

int
pclose (FILE *stream)
{
  (void) stream;
  errno = ENOSYS;
  return -1;
}
