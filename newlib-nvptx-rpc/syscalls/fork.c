/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* fork(2) for nvptx: fails with ENOSYS; a GPU program cannot be copied.  */

#include <errno.h>
#include <unistd.h>

pid_t
fork (void)
{
  errno = ENOSYS;
  return -1;
}
