/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* popen(3) for nvptx: fails with ENOSYS; a GPU program starts no
   processes (docs/security.md, "Processes").  */

#include <errno.h>
#include <stdio.h>

FILE *
popen (const char *command, const char *mode)
{
  (void) command;
  (void) mode;
  errno = ENOSYS;
  return NULL;
}
