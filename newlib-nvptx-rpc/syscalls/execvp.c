/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* execvp(3) for nvptx: fails with ENOSYS, as execve does (execve.c);
   a GPU program starts no processes (docs/security.md, "Processes").  */

#include <errno.h>
#include <unistd.h>

int
execvp (const char *file, char *const argv[])
{
  (void) file;
  (void) argv;
  errno = ENOSYS;
  return -1;
}
