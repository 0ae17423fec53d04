/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* termios's line control and the terminal's job control, as glibc's for
   Linux: each the ioctl request of the host's terminal.  The host lets a
   program make only its own process group the terminal's foreground
   (docs/posix-coverage.md).  */

#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

int
tcflush (int fd, int queue_selector)
{
  return ioctl (fd, TCFLSH, queue_selector);
}

int
tcflow (int fd, int action)
{
  return ioctl (fd, TCXONC, action);
}

int
tcdrain (int fd)
{
  return ioctl (fd, TCSBRK, 1);
}

int
tcsendbreak (int fd, int duration)
{
  /* Linux sends the same break, a quarter to half a second, whatever
     the duration.  */
  (void) duration;
  return ioctl (fd, TCSBRK, 0);
}

pid_t
tcgetpgrp (int fd)
{
  pid_t pgrp;

  return ioctl (fd, TIOCGPGRP, &pgrp) < 0 ? -1 : pgrp;
}

int
tcsetpgrp (int fd, pid_t pgrp)
{
  return ioctl (fd, TIOCSPGRP, &pgrp);
}

pid_t
tcgetsid (int fd)
{
  pid_t sid;

  return ioctl (fd, TIOCGSID, &sid) < 0 ? -1 : sid;
}
