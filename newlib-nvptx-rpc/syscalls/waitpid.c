/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* waitpid(2) for nvptx: fails with ENOSYS, as wait does (wait.c); a GPU
   program has no children.  */

#include <errno.h>
#include <sys/wait.h>

pid_t
waitpid (pid_t pid, int *status, int options)
{
  (void) pid;
  (void) status;
  (void) options;
  errno = ENOSYS;
  return -1;
}
