/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* setpgid, setpgrp and setsid: a GPU program is its launcher's process,
   which stays in the process group and session it was started in, where
   the shell's job control and the terminal expect it.  Moving to the
   group it is in already succeeds; any other move is EPERM, and a
   process other than the program's own ESRCH, as Linux says for one
   that is not its child.  setsid is EPERM, as Linux's for a group leader
   (docs/posix-coverage.md).  */

#include <errno.h>
#include <unistd.h>

int
setpgid (pid_t pid, pid_t pgid)
{
  pid_t self = getpid ();

  if (pgid < 0)
    errno = EINVAL;
  else if (pid != 0 && pid != self)
    errno = ESRCH;
  else if ((pgid == 0 ? self : pgid) == getpgrp ())
    return 0;
  else
    errno = EPERM;
  return -1;
}

int
setpgrp (void)
{
  return setpgid (0, 0);
}

pid_t
setsid (void)
{
  errno = EPERM;
  return -1;
}
