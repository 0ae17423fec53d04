/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* cfgetispeed, cfgetospeed, cfsetispeed, cfsetospeed, cfsetspeed and
   cfmakeraw for nvptx: struct termios alone, as glibc's for Linux do it,
   so that the modes tcsetattr gives the host are those a native program
   would give.  The speed is c_cflag's CBAUD bits, copied into c_ispeed
   and c_ospeed; an input speed of 0 ("the output speed") is kept as
   glibc keeps it, in a bit of c_iflag the kernel does not use, which
   the host's tcsetattr clears.  */

#include <errno.h>
#include <stddef.h>
#include <termios.h>

/* glibc's mark of an input speed of 0, in c_iflag.  */
#define IBAUD0 020000000000

/* Whether SPEED is a B* value.  */
static int
valid_speed (speed_t speed)
{
  return (speed & ~CBAUD) == 0 || (speed >= B57600 && speed <= B4000000);
}

speed_t
cfgetospeed (const struct termios *termios_p)
{
  return termios_p->c_cflag & (CBAUD | CBAUDEX);
}

speed_t
cfgetispeed (const struct termios *termios_p)
{
  return (termios_p->c_iflag & IBAUD0) ? 0
	 : termios_p->c_cflag & (CBAUD | CBAUDEX);
}

int
cfsetospeed (struct termios *termios_p, speed_t speed)
{
  if (!valid_speed (speed))
    {
      errno = EINVAL;
      return -1;
    }
  termios_p->c_ospeed = speed;
  termios_p->c_cflag &= ~(CBAUD | CBAUDEX);
  termios_p->c_cflag |= speed;
  return 0;
}

int
cfsetispeed (struct termios *termios_p, speed_t speed)
{
  if (!valid_speed (speed))
    {
      errno = EINVAL;
      return -1;
    }
  termios_p->c_ispeed = speed;
  if (speed == 0)
    termios_p->c_iflag |= IBAUD0;
  else
    {
      termios_p->c_iflag &= ~IBAUD0;
      termios_p->c_cflag &= ~(CBAUD | CBAUDEX);
      termios_p->c_cflag |= speed;
    }
  return 0;
}

/* cfsetspeed takes a B* value or the speed in bits a second.  */
int
cfsetspeed (struct termios *termios_p, speed_t speed)
{
  static const struct
  {
    speed_t value, internal;
  } speeds[] = {
    { 0, B0 }, { 50, B50 }, { 75, B75 }, { 110, B110 }, { 134, B134 },
    { 150, B150 }, { 200, B200 }, { 300, B300 }, { 600, B600 },
    { 1200, B1200 }, { 1800, B1800 }, { 2400, B2400 }, { 4800, B4800 },
    { 9600, B9600 }, { 19200, B19200 }, { 38400, B38400 },
    { 57600, B57600 }, { 115200, B115200 }, { 230400, B230400 },
    { 460800, B460800 }, { 500000, B500000 }, { 576000, B576000 },
    { 921600, B921600 }, { 1000000, B1000000 }, { 1152000, B1152000 },
    { 1500000, B1500000 }, { 2000000, B2000000 }, { 2500000, B2500000 },
    { 3000000, B3000000 }, { 3500000, B3500000 }, { 4000000, B4000000 },
  };

  for (size_t i = 0; i < sizeof speeds / sizeof *speeds; i++)
    if (speed == speeds[i].internal || speed == speeds[i].value)
      {
	speed_t internal = speeds[i].internal;
	cfsetispeed (termios_p, internal);
	cfsetospeed (termios_p, internal);
	return 0;
      }
  errno = EINVAL;
  return -1;
}

void
cfmakeraw (struct termios *t)
{
  t->c_iflag &= ~(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL
		  | IXON);
  t->c_oflag &= ~OPOST;
  t->c_lflag &= ~(ECHO | ECHONL | ICANON | ISIG | IEXTEN);
  t->c_cflag &= ~(CSIZE | PARENB);
  t->c_cflag |= CS8;
  t->c_cc[VMIN] = 1;
  t->c_cc[VTIME] = 0;
}
