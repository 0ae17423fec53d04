/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The terminal, user and group calls, served by the host: ttyname,
   tcgetattr, tcsetattr, tcflush and the rest of termios, ioctl,
   getlogin, getpwuid, getpwnam, getgrgid, getgrnam, getgrent, getpwent,
   getgroups, the process group and session, and the cf* functions of
   struct termios: run natively and on the GPU, the output, status
   and files left behind must be identical (gpu.exp; differential.sh in
   CI).  Both runs have files, not a terminal, as their standard streams,
   so the terminal calls are seen failing as Linux has them fail (the
   host test, test-tty, has a pseudo-terminal); getlogin's result
   depends on the session, so only that both forms agree is printed.  */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include "show.h"

/* errno_name, and 0 for no error.  */
static const char *
error_name (int e)
{
  return e ? errno_name (e) : "0";
}

/* The terminal calls on FD, each failing or not as Linux has it.  */
static void
show_terminal_calls (const char *what, int fd)
{
  struct termios t;
  struct winsize ws;
  char name[64];
  int count = -1;

  printf ("%s:\n", what);
  errno = 0;
  int r = isatty (fd);
  printf ("  isatty = %d %s\n", r, error_name (errno));
  errno = 0;
  r = ttyname (fd) != NULL;
  printf ("  ttyname = %s %s\n", r ? "a name" : "NULL", error_name (errno));
  r = ttyname_r (fd, name, sizeof name);
  printf ("  ttyname_r = %s\n", error_name (r));
  SHOW (tcgetattr (fd, &t));
  memset (&t, 0, sizeof t);
  SHOW (tcsetattr (fd, TCSANOW, &t));
  SHOW (tcsetattr (fd, TCSADRAIN, &t));
  SHOW (tcsetattr (fd, 99, &t));
  SHOW (ioctl (fd, TIOCGWINSZ, &ws));
  SHOW (ioctl (fd, FIONREAD, &count));
  printf ("  FIONREAD's count %d\n", count);
  SHOW (tcflush (fd, TCIFLUSH));
  SHOW (tcflush (fd, 7));
  SHOW (tcflow (fd, TCOON));
  SHOW (tcdrain (fd));
  SHOW (tcgetpgrp (fd));
  SHOW (tcsetpgrp (fd, getpgrp ()));
  SHOW (tcgetsid (fd));
}

static void
show_passwd (const char *what, const struct passwd *pw)
{
  if (pw == NULL)
    {
      printf ("%s = NULL errno %s\n", what, error_name (errno));
      return;
    }
  printf ("%s = %s:%s:%s:%s:%s\n", what, pw->pw_name, pw->pw_passwd,
	  pw->pw_gecos, pw->pw_dir, pw->pw_shell);
}

int
main (void)
{
  char data[100], buf[4096];
  struct passwd pwd, *pw, *result;
  struct termios t;
  int fd;

  puts ("-- ttyname, tcgetattr, tcsetattr, ioctl, tcflush...");
  memset (data, 'x', sizeof data);
  fd = open ("f", O_RDWR | O_CREAT | O_TRUNC, 0644);
  SHOW (write (fd, data, sizeof data));
  SHOW (lseek (fd, 30, SEEK_SET));
  show_terminal_calls ("a file, at 30 of 100 bytes", fd);
  SHOW (ioctl (fd, 0x5414, &t));
  close (fd);
  show_terminal_calls ("the same, closed", fd);
  show_terminal_calls ("stdin, an empty file", 0);
  fd = open ("/dev/null", O_RDWR);
  show_terminal_calls ("/dev/null", fd);
  close (fd);
  fd = open (".", O_RDONLY | O_DIRECTORY);
  show_terminal_calls ("a directory", fd);
  close (fd);

  puts ("-- cfmakeraw, cfsetspeed, cfgetospeed...");
  memset (&t, 0xff, sizeof t);
  cfmakeraw (&t);
  printf ("cfmakeraw: %#o %#o %#o %#o min %d time %d\n", t.c_iflag,
	  t.c_oflag, t.c_cflag, t.c_lflag, t.c_cc[VMIN], t.c_cc[VTIME]);
  memset (&t, 0, sizeof t);
  SHOW (cfsetspeed (&t, 9600));
  HOLDS (cfgetospeed (&t) == B9600 && cfgetispeed (&t) == B9600);
  SHOW (cfsetspeed (&t, B115200));
  HOLDS (cfgetospeed (&t) == B115200 && cfgetispeed (&t) == B115200);
  SHOW (cfsetispeed (&t, B0));
  HOLDS (cfgetispeed (&t) == 0 && cfgetospeed (&t) == B115200);
  SHOW (cfsetospeed (&t, B38400));
  HOLDS (cfgetospeed (&t) == B38400 && (t.c_cflag & CBAUD) == B38400);
  SHOW (cfsetospeed (&t, 12345));
  SHOW (cfsetspeed (&t, 12345));
  printf ("c_cflag %#o c_ospeed %#o\n", t.c_cflag, t.c_ospeed);

  puts ("-- getpwuid, getpwnam");
  errno = 0;
  pw = getpwuid (getuid ());
  show_passwd ("getpwuid (getuid ())", pw);
  if (pw != NULL)
    {
      HOLDS (pw->pw_uid == getuid ());
      char name[256];
      snprintf (name, sizeof name, "%s", pw->pw_name);
      errno = 0;
      pw = getpwnam (name);
      show_passwd ("getpwnam (its name)", pw);
      HOLDS (pw != NULL && pw->pw_uid == getuid ());
      printf ("getpwuid_r = %s\n",
	      error_name (getpwuid_r (getuid (), &pwd, buf, sizeof buf,
				      &result)));
      HOLDS (result == &pwd && strcmp (pwd.pw_name, name) == 0);
      printf ("getpwnam_r = %s\n",
	      error_name (getpwnam_r (name, &pwd, buf, sizeof buf,
				      &result)));
      HOLDS (result == &pwd && pwd.pw_uid == getuid ());
      printf ("getpwuid_r, 4 bytes of room = %s\n",
	      error_name (getpwuid_r (getuid (), &pwd, buf, 4, &result)));
      HOLDS (result == NULL);
    }
  errno = 0;
  show_passwd ("getpwnam (\"no-such-user-of-nvptx-rpc\")",
	       getpwnam ("no-such-user-of-nvptx-rpc"));
  errno = 0;
  show_passwd ("getpwnam (\"\")", getpwnam (""));
  printf ("getpwnam_r of no such user = %d\n",
	  getpwnam_r ("no-such-user-of-nvptx-rpc", &pwd, buf, sizeof buf,
		      &result));
  HOLDS (result == NULL);

  puts ("-- getgrgid, getgrnam, getgrent, getpwent, getgroups");
  struct group *gr = getgrgid (0);
  printf ("getgrgid (0) = %s\n", gr ? gr->gr_name : "NULL");
  gr = getgrnam ("root");
  printf ("getgrnam (\"root\") = %d\n", gr ? (int) gr->gr_gid : -1);
  errno = 0;
  HOLDS (getgrnam ("no-such-group-of-nvptx-rpc") == NULL && errno == 0);
  int groups = 0, users = 0, rooted = 0;
  setgrent ();
  while ((gr = getgrent ()) != NULL)
    groups++, rooted += gr->gr_gid == 0;
  endgrent ();
  setpwent ();
  while ((pw = getpwent ()) != NULL)
    users++;
  endpwent ();
  printf ("getgrent: %d groups, %d with gid 0; getpwent: %d users\n",
	  groups, rooted, users);
  printf ("getgroups (0, NULL) = %d\n", getgroups (0, NULL));

  puts ("-- getpgrp, getpgid, getsid");
  HOLDS (getpgrp () == getpgid (0) && getpgrp () == getpgid (getpid ()));
  HOLDS (getsid (0) == getsid (getpid ()) && getsid (0) > 0);
  SHOW (setpgid (0, getpgrp ()));
  SHOW (getpgid (-1));

  puts ("-- getlogin");
  errno = 0;
  char *login = getlogin ();
  int login_errno = errno;
  char login_r[256];
  int e = getlogin_r (login_r, sizeof login_r);
  HOLDS (login == NULL ? e == login_errno
	 : e == 0 && strcmp (login, login_r) == 0);
  e = getlogin_r (login_r, 1);
  HOLDS (login == NULL ? e == login_errno : e == ERANGE);
  return 0;
}
