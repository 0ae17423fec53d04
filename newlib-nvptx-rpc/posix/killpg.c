/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* killpg: kill of the process group, as glibc's.  */

#include <errno.h>
#include <signal.h>

int
killpg (pid_t group, int signal)
{
  if (group < 0)
    {
      errno = EINVAL;
      return -1;
    }
  return kill (-group, signal);
}
