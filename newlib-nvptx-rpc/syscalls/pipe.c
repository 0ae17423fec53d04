/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* pipe(2) for nvptx: fails with ENOSYS; a pipe would connect the program
   to itself, one GPU program has no use for one.  */

#include <errno.h>
#include <unistd.h>

int
pipe (int fds[2])
{
  (void) fds;
  errno = ENOSYS;
  return -1;
}
