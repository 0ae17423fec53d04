/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* wait(2) for nvptx: fails with ENOSYS; a GPU program has no children.  */

#include <errno.h>
#include <sys/wait.h>

pid_t
wait (int *status)
{
  (void) status;
  errno = ENOSYS;
  return -1;
}
