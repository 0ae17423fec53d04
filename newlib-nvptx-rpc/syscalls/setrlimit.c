/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* setrlimit(2) for nvptx.  The limits are the launcher's process's,
   which serves every thread of the program and holds the GPU's context:
   a lower RLIMIT_NOFILE or RLIMIT_AS would fail the launcher's own work,
   not only the program's, and nothing the program may raise would take
   effect on the GPU.  So it checks as Linux does (EINVAL for an unknown
   resource or a soft limit above the hard one), accepts the limits as
   they are, and refuses any change with EPERM, as for an unprivileged
   raise (docs/protocol.md).  */

#include <errno.h>
#include <sys/resource.h>

int
setrlimit (int resource, const struct rlimit *rlim)
{
  struct rlimit now;

  if (rlim->rlim_cur > rlim->rlim_max)
    {
      errno = EINVAL;
      return -1;
    }
  if (getrlimit (resource, &now) != 0)
    return -1;
  if (rlim->rlim_cur != now.rlim_cur || rlim->rlim_max != now.rlim_max)
    {
      errno = EPERM;
      return -1;
    }
  return 0;
}
