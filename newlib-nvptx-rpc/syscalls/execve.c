/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* execve(2) for nvptx: fails with ENOSYS; a GPU program cannot be replaced
   by a host program.  */

#include <errno.h>
#include <unistd.h>

int
execve (const char *path, char *const argv[], char *const envp[])
{
  (void) path;
  (void) argv;
  (void) envp;
  errno = ENOSYS;
  return -1;
}
