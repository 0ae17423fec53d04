/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The terminal and user calls (ttyname, tcgetattr, tcsetattr, ioctl,
   tcflush, tcflow, tcdrain, tcsendbreak, tcgetpgrp, tcsetpgrp, tcgetsid,
   getlogin, getpwuid, getpwnam, getgrgid, getgrnam and their _r forms,
   getpwent, getgrent, getgroups, getgrouplist, getpgrp, getsid,
   setpgid, setsid), through the client
   and the real server: a pseudo-terminal the program opens, its modes
   read and changed and read back by the host's own calls, its size set
   by the host, its input counted; their errno values on a file, on a
   descriptor not open; the user database against the host's own
   answers; the same calls in a sandbox under --read-only.  */

#define _GNU_SOURCE
#include <grp.h>
#include <poll.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
/* The host's requests that the client does not send; <sys/ioctl.h> is
   nvptx's here (-I newlib-nvptx-rpc).  */
#include <asm/ioctls.h>

#include "harness.h"

extern int real_tcgetattr (int fd, struct termios *t)
  HARNESS_REAL (tcgetattr);
extern int real_tcsetattr (int fd, int action, const struct termios *t)
  HARNESS_REAL (tcsetattr);
extern int real_ioctl (int fd, unsigned long request, ...)
  HARNESS_REAL (ioctl);
extern pid_t real_tcgetpgrp (int fd) HARNESS_REAL (tcgetpgrp);
extern pid_t real_tcgetsid (int fd) HARNESS_REAL (tcgetsid);
extern int real_ttyname_r (int fd, char *buf, size_t buflen)
  HARNESS_REAL (ttyname_r);
extern int real_getlogin_r (char *name, size_t size)
  HARNESS_REAL (getlogin_r);
extern int real_getpwuid_r (uid_t uid, struct passwd *pwd, char *buf,
			    size_t buflen, struct passwd **result)
  HARNESS_REAL (getpwuid_r);
extern int real_getgrgid_r (gid_t gid, struct group *grp, char *buf,
			    size_t buflen, struct group **result)
  HARNESS_REAL (getgrgid_r);
extern int real_getgrnam_r (const char *name, struct group *grp, char *buf,
			    size_t buflen, struct group **result)
  HARNESS_REAL (getgrnam_r);
extern struct group *real_getgrent (void) HARNESS_REAL (getgrent);
extern void real_setgrent (void) HARNESS_REAL (setgrent);
extern struct passwd *real_getpwent (void) HARNESS_REAL (getpwent);
extern void real_setpwent (void) HARNESS_REAL (setpwent);
extern int real_getgroups (int size, gid_t *list) HARNESS_REAL (getgroups);
extern int real_getgrouplist (const char *user, gid_t group, gid_t *groups,
			      int *ngroups) HARNESS_REAL (getgrouplist);
extern pid_t real_getpgrp (void) HARNESS_REAL (getpgrp);
extern pid_t real_getsid (pid_t pid) HARNESS_REAL (getsid);
extern int real_getpwnam_r (const char *name, struct passwd *pwd, char *buf,
			    size_t buflen, struct passwd **result)
  HARNESS_REAL (getpwnam_r);

/* A pseudo-terminal: the master, the host's own descriptor of the
   terminal, and the terminal's name.  */
struct pty
{
  int master, host;
  char name[64];
};

static bool
pty_open (struct pty *p)
{
  p->master = posix_openpt (O_RDWR | O_NOCTTY);
  if (p->master < 0 || grantpt (p->master) != 0 || unlockpt (p->master) != 0
      || ptsname_r (p->master, p->name, sizeof p->name) != 0)
    return false;
  p->host = real_open (p->name, O_RDWR | O_NOCTTY);
  return p->host >= 0;
}

static void
pty_close (struct pty *p)
{
  real_close (p->host);
  real_close (p->master);
}

/* Wait until the terminal has COUNT bytes of input for a reader, as the
   host counts them (the kernel hands the master's bytes over to it in
   the background).  */
static bool
pty_wait_input (struct pty *p, int count)
{
  for (int i = 0; i < 2000; i++)
    {
      int n = 0;
      if (real_ioctl (p->host, FIONREAD, &n) == 0 && n >= count)
	return n == count;
      struct pollfd pfd = { .fd = p->host, .events = POLLIN };
      poll (&pfd, 1, 1);
    }
  return false;
}

/* Whether the two termios are the same, member by member.  */
static bool
same_termios (const struct termios *a, const struct termios *b)
{
  return a->c_iflag == b->c_iflag && a->c_oflag == b->c_oflag
	 && a->c_cflag == b->c_cflag && a->c_lflag == b->c_lflag
	 && a->c_line == b->c_line
	 && memcmp (a->c_cc, b->c_cc, sizeof a->c_cc) == 0
	 && a->c_ispeed == b->c_ispeed && a->c_ospeed == b->c_ospeed;
}

static void
terminal (void)
{
  struct termios mine, host;
  struct winsize ws, host_ws;
  struct pty p;
  char name[256];
  int fd, count;

  if (!pty_open (&p))
    {
      note ("no pseudo-terminal: the terminal checks skipped");
      return;
    }
  fd = open (p.name, O_RDWR | O_NOCTTY);
  CHECK ("open the pseudo-terminal", fd >= 0);
  CHECK_INT ("isatty", isatty (fd), 1);

  /* ttyname: the host's name, into buffers of every size around it.  */
  errno = 0;
  const char *got = ttyname (fd);
  CHECK ("ttyname: the terminal's name", got && strcmp (got, p.name) == 0);
  CHECK_INT ("ttyname: errno untouched", errno, 0);
  real_ttyname_r (p.host, name, sizeof name);
  CHECK ("ttyname: the host's ttyname", got && strcmp (got, name) == 0);
  size_t length = strlen (p.name) + 1;
  memset (name, 'x', sizeof name);
  CHECK_INT ("ttyname_r with room for the name and its NUL",
	     ttyname_r (fd, name, length), 0);
  CHECK ("ttyname_r: the name", strcmp (name, p.name) == 0
	 && name[length] == 'x');
  errno = 0;
  CHECK_INT ("ttyname_r without room for the NUL: ERANGE",
	     ttyname_r (fd, name, length - 1), ERANGE);
  CHECK_INT ("ttyname_r: ERANGE in errno too", errno, ERANGE);

  /* tcgetattr: the host's modes, every member.  */
  memset (&mine, 0x5a, sizeof mine);
  CHECK_INT ("tcgetattr", tcgetattr (fd, &mine), 0);
  CHECK_INT ("tcgetattr: the host's", real_tcgetattr (p.host, &host), 0);
  CHECK ("tcgetattr: every member the host's", same_termios (&mine, &host));
  CHECK ("tcgetattr: a new terminal is canonical, echoing",
	 (mine.c_lflag & (ICANON | ECHO)) == (ICANON | ECHO));

  /* tcsetattr, each action, read back by the host.  */
  mine.c_lflag &= ~(ICANON | ECHO);
  mine.c_cc[VMIN] = 3;
  mine.c_cc[VTIME] = 7;
  CHECK_INT ("tcsetattr TCSANOW: raw, VMIN 3, VTIME 7",
	     tcsetattr (fd, TCSANOW, &mine), 0);
  real_tcgetattr (p.host, &host);
  CHECK ("tcsetattr TCSANOW: the host's c_lflag",
	 (host.c_lflag & (ICANON | ECHO)) == 0
	 && host.c_lflag == mine.c_lflag);
  CHECK ("tcsetattr TCSANOW: the host's VMIN and VTIME",
	 host.c_cc[VMIN] == 3 && host.c_cc[VTIME] == 7);
  mine.c_lflag |= ECHO;
  CHECK_INT ("tcsetattr TCSADRAIN: echo", tcsetattr (fd, TCSADRAIN, &mine),
	     0);
  real_tcgetattr (p.host, &host);
  CHECK ("tcsetattr TCSADRAIN: the host's c_lflag",
	 (host.c_lflag & (ICANON | ECHO)) == ECHO);
  /* Output the master has not read: a pseudo-terminal has no output
     queue, so TCSADRAIN and TCSAFLUSH neither wait nor ask again.  */
  CHECK_INT ("write 100 bytes the master does not read",
	     write (fd, "0123456789012345678901234567890123456789012345678901"
		    "234567890123456789012345678901234567890123456789", 100),
	     100);
  CHECK_INT ("tcsetattr TCSADRAIN with output unread",
	     tcsetattr (fd, TCSADRAIN, &mine), 0);
  cfsetspeed (&mine, B9600);
  CHECK_INT ("tcsetattr TCSANOW: 9600 bits a second",
	     tcsetattr (fd, TCSANOW, &mine), 0);
  real_tcgetattr (p.host, &host);
  CHECK ("tcsetattr: the host's cfgetospeed",
	 cfgetospeed (&host) == B9600);
  mine.c_lflag &= ~ECHO;
  tcsetattr (fd, TCSANOW, &mine);

  /* FIONREAD: the bytes the master wrote, as the host counts them; then
     TCSAFLUSH discards them.  */
  count = -1;
  CHECK_INT ("FIONREAD of no input", ioctl (fd, FIONREAD, &count), 0);
  CHECK_INT ("FIONREAD of no input: 0", count, 0);
  CHECK_INT ("write 11 bytes to the master",
	     real_write (p.master, "hello world", 11), 11);
  CHECK ("the host sees the 11 bytes", pty_wait_input (&p, 11));
  CHECK_INT ("FIONREAD", ioctl (fd, FIONREAD, &count), 0);
  CHECK_INT ("FIONREAD: the 11 bytes", count, 11);
  char bytes[4];
  CHECK_INT ("read 4 of them", read (fd, bytes, 4), 4);
  CHECK_INT ("FIONREAD after", ioctl (fd, FIONREAD, &count), 0);
  CHECK_INT ("FIONREAD after: 7 left", count, 7);
  CHECK_INT ("tcsetattr TCSAFLUSH", tcsetattr (fd, TCSAFLUSH, &mine), 0);
  count = -1;
  CHECK_INT ("FIONREAD after TCSAFLUSH", ioctl (fd, FIONREAD, &count), 0);
  CHECK_INT ("FIONREAD after TCSAFLUSH: the input discarded", count, 0);
  CHECK_ERRNO ("tcsetattr action 3: EINVAL", tcsetattr (fd, 3, &mine),
	       EINVAL);
  CHECK_ERRNO ("tcsetattr action -1: EINVAL", tcsetattr (fd, -1, &mine),
	       EINVAL);

  /* tcflush: each queue; the input the master wrote is gone.  */
  real_write (p.master, "again", 5);
  CHECK ("the host sees 5 bytes more", pty_wait_input (&p, 5));
  CHECK_INT ("tcflush TCOFLUSH", tcflush (fd, TCOFLUSH), 0);
  CHECK_INT ("tcflush TCOFLUSH: the input kept",
	     real_ioctl (p.host, FIONREAD, &count) == 0 ? count : -1, 5);
  CHECK_INT ("tcflush TCIFLUSH", tcflush (fd, TCIFLUSH), 0);
  CHECK_INT ("tcflush TCIFLUSH: the input discarded",
	     real_ioctl (p.host, FIONREAD, &count) == 0 ? count : -1, 0);
  CHECK_INT ("tcflush TCIOFLUSH", tcflush (fd, TCIOFLUSH), 0);
  CHECK_ERRNO ("tcflush queue 3: EINVAL", tcflush (fd, 3), EINVAL);
  CHECK_ERRNO ("TCFLSH queue -1: EINVAL", ioctl (fd, TCFLSH, -1), EINVAL);
  /* tcflow, tcdrain and tcsendbreak: a pseudo-terminal takes them and
     has no output queue to wait for.  */
  CHECK_INT ("tcflow TCOOFF", tcflow (fd, TCOOFF), 0);
  CHECK_INT ("tcflow TCOON", tcflow (fd, TCOON), 0);
  CHECK_INT ("tcflow TCIOFF", tcflow (fd, TCIOFF), 0);
  CHECK_INT ("tcflow TCION", tcflow (fd, TCION), 0);
  CHECK_ERRNO ("tcflow action 4: EINVAL", tcflow (fd, 4), EINVAL);
  CHECK_INT ("tcdrain", tcdrain (fd), 0);
  CHECK_INT ("tcsendbreak", tcsendbreak (fd, 0), 0);
  /* The job control calls answer as the host's: this terminal is no
     process's controlling terminal, so ENOTTY.  */
  errno = 0;
  pid_t pgrp = tcgetpgrp (fd);
  int pgrp_errno = errno;
  errno = 0;
  CHECK ("tcgetpgrp: as the host's",
	 pgrp == real_tcgetpgrp (p.host) && pgrp_errno == errno);
  errno = 0;
  pid_t sid = tcgetsid (fd);
  int sid_errno = errno;
  errno = 0;
  CHECK ("tcgetsid: as the host's",
	 sid == real_tcgetsid (p.host) && sid_errno == errno);
  CHECK_ERRNO ("tcsetpgrp to the launcher's group: ENOTTY, not ours",
	       tcsetpgrp (fd, getpgrp ()), ENOTTY);

  /* TIOCGWINSZ: the size the host set.  */
  host_ws = (struct winsize) { 24, 80, 640, 480 };
  CHECK_INT ("TIOCSWINSZ on the host", real_ioctl (p.master, TIOCSWINSZ,
						   &host_ws), 0);
  memset (&ws, 0xff, sizeof ws);
  CHECK_INT ("TIOCGWINSZ", ioctl (fd, TIOCGWINSZ, &ws), 0);
  CHECK ("TIOCGWINSZ: 24 x 80, 640 x 480",
	 ws.ws_row == 24 && ws.ws_col == 80 && ws.ws_xpixel == 640
	 && ws.ws_ypixel == 480);
  host_ws = (struct winsize) { 50, 132, 0, 0 };
  real_ioctl (p.master, TIOCSWINSZ, &host_ws);
  CHECK_INT ("TIOCGWINSZ again", ioctl (fd, TIOCGWINSZ, &ws), 0);
  CHECK ("TIOCGWINSZ: now 50 x 132", ws.ws_row == 50 && ws.ws_col == 132
	 && ws.ws_xpixel == 0 && ws.ws_ypixel == 0);
  /* Any other request: ENOTTY, and the terminal untouched.  */
  ws = (struct winsize) { 1, 2, 3, 4 };
  CHECK_ERRNO ("TIOCSWINSZ: ENOTTY", ioctl (fd, TIOCSWINSZ, &ws), ENOTTY);
  CHECK_ERRNO ("TCGETS: ENOTTY", ioctl (fd, TCGETS, &host), ENOTTY);
  CHECK_ERRNO ("request 0: ENOTTY", ioctl (fd, 0), ENOTTY);
  real_ioctl (p.host, TIOCGWINSZ, &host_ws);
  CHECK ("TIOCSWINSZ: the size unchanged", host_ws.ws_row == 50);

  /* A descriptor not open: EBADF from each, as the host.  */
  CHECK_INT ("close the terminal", close (fd), 0);
  errno = 0;
  CHECK ("ttyname of a closed descriptor: NULL",
	 ttyname (fd) == NULL && errno == EBADF);
  CHECK_INT ("ttyname_r of a closed descriptor: EBADF",
	     ttyname_r (fd, name, sizeof name), EBADF);
  CHECK_ERRNO ("tcgetattr of a closed descriptor: EBADF",
	       tcgetattr (fd, &mine), EBADF);
  CHECK_ERRNO ("tcsetattr of a closed descriptor: EBADF",
	       tcsetattr (fd, TCSANOW, &mine), EBADF);
  CHECK_ERRNO ("TIOCGWINSZ of a closed descriptor: EBADF",
	       ioctl (fd, TIOCGWINSZ, &ws), EBADF);
  CHECK_ERRNO ("FIONREAD of a closed descriptor: EBADF",
	       ioctl (fd, FIONREAD, &count), EBADF);
  CHECK_ERRNO ("tcflush of a closed descriptor: EBADF",
	       tcflush (fd, TCIFLUSH), EBADF);
  CHECK_ERRNO ("tcgetpgrp of a closed descriptor: EBADF", tcgetpgrp (fd),
	       EBADF);
  CHECK_ERRNO ("tcgetattr of descriptor -1: EBADF", tcgetattr (-1, &mine),
	       EBADF);
  CHECK_ERRNO ("tcgetattr of descriptor 1000000: EBADF",
	       tcgetattr (1000000, &mine), EBADF);
  pty_close (&p);
}

/* The same calls on a regular file: ENOTTY, but FIONREAD, which counts
   the bytes after the offset, as the host's.  */
static void
regular_file (void)
{
  struct termios t;
  struct winsize ws;
  char name[64];
  int fd = open ("plain", O_RDWR | O_CREAT | O_TRUNC, 0644), count = -1;

  CHECK_INT ("a file: write 100 bytes", write (fd, name, 64)
	     + write (fd, name, 36), 100);
  lseek (fd, 30, SEEK_SET);
  errno = 0;
  CHECK ("a file: ttyname NULL, ENOTTY",
	 ttyname (fd) == NULL && errno == ENOTTY);
  CHECK_INT ("a file: ttyname_r ENOTTY", ttyname_r (fd, name, sizeof name),
	     ENOTTY);
  CHECK_ERRNO ("a file: tcgetattr ENOTTY", tcgetattr (fd, &t), ENOTTY);
  memset (&t, 0, sizeof t);
  CHECK_ERRNO ("a file: tcsetattr ENOTTY", tcsetattr (fd, TCSANOW, &t),
	       ENOTTY);
  CHECK_ERRNO ("a file: tcsetattr TCSADRAIN ENOTTY",
	       tcsetattr (fd, TCSADRAIN, &t), ENOTTY);
  CHECK_ERRNO ("a file: TIOCGWINSZ ENOTTY", ioctl (fd, TIOCGWINSZ, &ws),
	       ENOTTY);
  CHECK_ERRNO ("a file: tcflush ENOTTY", tcflush (fd, TCIFLUSH), ENOTTY);
  CHECK_ERRNO ("a file: tcflow ENOTTY", tcflow (fd, TCOON), ENOTTY);
  CHECK_ERRNO ("a file: tcdrain ENOTTY", tcdrain (fd), ENOTTY);
  CHECK_ERRNO ("a file: tcsendbreak ENOTTY", tcsendbreak (fd, 0), ENOTTY);
  CHECK_ERRNO ("a file: tcgetpgrp ENOTTY", tcgetpgrp (fd), ENOTTY);
  CHECK_ERRNO ("a file: tcsetpgrp ENOTTY", tcsetpgrp (fd, getpgrp ()),
	       ENOTTY);
  CHECK_ERRNO ("a file: tcgetsid ENOTTY", tcgetsid (fd), ENOTTY);
  CHECK_INT ("a file: FIONREAD", ioctl (fd, FIONREAD, &count), 0);
  CHECK_INT ("a file: FIONREAD, the 70 bytes after the offset", count, 70);
  int host = real_open ("plain", O_RDONLY), host_count = -1;
  real_lseek (host, 30, SEEK_SET);
  real_ioctl (host, FIONREAD, &host_count);
  CHECK_INT ("a file: FIONREAD as the host's", count, host_count);
  real_close (host);
  close (fd);
  fd = open ("/dev/null", O_RDWR);
  CHECK_ERRNO ("/dev/null: FIONREAD ENOTTY", ioctl (fd, FIONREAD, &count),
	       ENOTTY);
  CHECK_ERRNO ("/dev/null: tcgetattr ENOTTY", tcgetattr (fd, &t), ENOTTY);
  close (fd);
}

/* The strings of an entry, for comparison after the next call.  */
struct entry
{
  bool found;
  char text[2048];
  uid_t uid;
  gid_t gid;
};

static void
entry_of (struct entry *e, const struct passwd *pw)
{
  e->found = pw != NULL;
  if (pw == NULL)
    return;
  snprintf (e->text, sizeof e->text, "%s:%s:%s:%s:%s", pw->pw_name,
	    pw->pw_passwd, pw->pw_gecos, pw->pw_dir, pw->pw_shell);
  e->uid = pw->pw_uid;
  e->gid = pw->pw_gid;
}

static bool
same_entry (const struct entry *a, const struct entry *b)
{
  return a->found == b->found
	 && (!a->found || (strcmp (a->text, b->text) == 0
			   && a->uid == b->uid && a->gid == b->gid));
}

/* The host's entry for UID (or NAME), through its own getpw*_r.  */
static void
host_entry (struct entry *e, uid_t uid, const char *name)
{
  static char buf[1 << 16];
  struct passwd pw, *result = NULL;

  if (name)
    real_getpwnam_r (name, &pw, buf, sizeof buf, &result);
  else
    real_getpwuid_r (uid, &pw, buf, sizeof buf, &result);
  entry_of (e, result);
}

/* getpwuid (UID) and getpwuid_r, getpwnam (NAME) and getpwnam_r, as the
   host gives them.  */
static void
user_is_host (const char *what, uid_t uid, const char *name)
{
  struct entry mine, host;
  struct passwd pw, *result;
  char buf[4096];

  host_entry (&host, uid, name);
  errno = 1234;
  struct passwd *got = name ? getpwnam (name) : getpwuid (uid);
  int e = errno;
  entry_of (&mine, got);
  check (same_entry (&mine, &host), name_of ("%s: the host's entry", what),
	 "got %s, expected %s", mine.found ? mine.text : "NULL",
	 host.found ? host.text : "NULL");
  if (!host.found)
    CHECK_INT (name_of ("%s: no such user, errno 0 as glibc's", what), e, 0);
  errno = 1234;
  result = &pw;
  int rc = name ? getpwnam_r (name, &pw, buf, sizeof buf, &result)
	   : getpwuid_r (uid, &pw, buf, sizeof buf, &result);
  CHECK_INT (name_of ("%s: the _r form returns 0", what), rc, 0);
  entry_of (&mine, result);
  CHECK (name_of ("%s: the _r form, the host's entry", what),
	 same_entry (&mine, &host)
	 && (result == NULL || result == &pw));
  if (!host.found)
    CHECK_INT (name_of ("%s: the _r form, errno 0", what), errno, 0);
}

static void
users (void)
{
  struct passwd pw, *result, *got;
  char name[256], buf[4096];
  uid_t missing;

  user_is_host ("getpwuid (getuid ())", real_getuid (), NULL);
  user_is_host ("getpwuid (0)", 0, NULL);
  user_is_host ("getpwnam (\"root\")", 0, "root");
  got = getpwuid (real_getuid ());
  CHECK ("getpwuid (getuid ()): found", got != NULL);
  if (got == NULL)
    return;
  snprintf (name, sizeof name, "%s", got->pw_name);
  user_is_host ("getpwnam (the user's name)", 0, name);
  for (missing = 4000000; missing < 4001000; missing++)
    if (getpwuid (missing) == NULL)
      break;
  user_is_host ("getpwuid of a uid no user has", missing, NULL);
  user_is_host ("getpwuid ((uid_t) -1)", (uid_t) -1, NULL);
  user_is_host ("getpwnam of no such user", 0, "no-such-user-of-nvptx-rpc");
  user_is_host ("getpwnam (\"\")", 0, "");
  /* A name longer than the window: the block goes in pieces.  */
  char long_name[3000];
  memset (long_name, 'u', sizeof long_name - 1);
  long_name[sizeof long_name - 1] = '\0';
  user_is_host ("getpwnam of a 2999-byte name", 0, long_name);

  /* Room: the strings and 8 bytes; one byte less is ERANGE, as is any
     room too small for glibc.  */
  struct entry host;
  host_entry (&host, real_getuid (), NULL);
  size_t need = strlen (host.text) + 1 + 8;
  CHECK_INT ("getpwuid_r with room for the strings and the ids",
	     getpwuid_r (real_getuid (), &pw, buf, need, &result), 0);
  CHECK ("getpwuid_r with just the room: the entry", result == &pw
	 && strcmp (pw.pw_name, name) == 0);
  errno = 0;
  CHECK_INT ("getpwuid_r with a byte less: ERANGE",
	     getpwuid_r (real_getuid (), &pw, buf, need - 1, &result),
	     ERANGE);
  CHECK ("getpwuid_r: ERANGE, a null result, errno ERANGE",
	 result == NULL && errno == ERANGE);
  CHECK_INT ("getpwnam_r with 4 bytes: ERANGE",
	     getpwnam_r (name, &pw, buf, 4, &result), ERANGE);
  CHECK_INT ("getpwuid_r with 4 bytes: ERANGE, as the host's",
	     real_getpwuid_r (real_getuid (), &pw, buf, 4, &result), ERANGE);
  /* getpwuid's entry is its own, as glibc's: getpwnam leaves it, its
     next call reuses it.  */
  got = getpwuid (0);
  struct passwd *other = getpwnam (name);
  CHECK ("getpwuid and getpwnam: an entry each", got != other
	 && got && got->pw_uid == 0 && strcmp (got->pw_name, "root") == 0);
  CHECK ("getpwuid: the same entry again",
	 getpwuid (real_getuid ()) == got);
}

/* A group's entry as text: gid, name, password, members.  */
static void
group_text (char *text, size_t room, const struct group *gr)
{
  if (gr == NULL)
    {
      snprintf (text, room, "NULL");
      return;
    }
  int n = snprintf (text, room, "%u:%s:%s:", (unsigned) gr->gr_gid,
		    gr->gr_name, gr->gr_passwd);
  for (char **m = gr->gr_mem; *m != NULL && n < (int) room; m++)
    n += snprintf (text + n, room - n, "%s,", *m);
}

/* getgrgid (GID) or getgrnam (NAME) and their _r forms as the host's.  */
static void
group_is_host (const char *what, gid_t gid, const char *name)
{
  static char host_buf[1 << 16];
  char mine[4096], host[4096], buf[4096];
  struct group gr, *result = NULL;

  if (name)
    real_getgrnam_r (name, &gr, host_buf, sizeof host_buf, &result);
  else
    real_getgrgid_r (gid, &gr, host_buf, sizeof host_buf, &result);
  group_text (host, sizeof host, result);
  errno = 1234;
  group_text (mine, sizeof mine, name ? getgrnam (name) : getgrgid (gid));
  check (strcmp (mine, host) == 0, name_of ("%s: the host's entry", what),
	 "got %s, expected %s", mine, host);
  if (result == NULL)
    CHECK_INT (name_of ("%s: no such group, errno 0", what), errno, 0);
  result = &gr;
  int rc = name ? getgrnam_r (name, &gr, buf, sizeof buf, &result)
	   : getgrgid_r (gid, &gr, buf, sizeof buf, &result);
  CHECK_INT (name_of ("%s: the _r form returns 0", what), rc, 0);
  group_text (mine, sizeof mine, result);
  CHECK (name_of ("%s: the _r form, the host's entry", what),
	 strcmp (mine, host) == 0);
}

/* The group database, both databases' enumerations, the groups and the
   process group and session, each against the host's own answers.  */
static void
groups (void)
{
  char mine[4096], buf[4096];
  struct group gr, *result;

  group_is_host ("getgrgid (0)", 0, NULL);
  group_is_host ("getgrgid (getgid ())", real_getgid (), NULL);
  group_is_host ("getgrnam (\"root\")", 0, "root");
  group_is_host ("getgrnam of no such group", 0, "no-such-group-of-nvptx-rpc");
  group_is_host ("getgrgid of a gid no group has", 4000123, NULL);

  /* Room: one byte is ERANGE, as the host's.  */
  CHECK_INT ("getgrgid_r with 1 byte: ERANGE",
	     getgrgid_r (0, &gr, buf, 1, &result), ERANGE);
  CHECK_INT ("getgrgid_r with 1 byte: ERANGE, as the host's",
	     real_getgrgid_r (0, &gr, buf, 1, &result), ERANGE);

  /* getgrent and getpwent: every entry, in the host's order.  The host's
     entries are read first: the server, in this process, rewinds the
     same enumeration for each of the client's.  */
  static char host_groups[1024][256];
  int count = 0, differ = 0;
  struct group *host_gr;
  real_setgrent ();
  while (count < 1024 && (host_gr = real_getgrent ()) != NULL)
    group_text (host_groups[count++], sizeof *host_groups, host_gr);
  setgrent ();
  for (int i = 0; i < count; i++)
    {
      group_text (mine, sizeof mine, getgrent ());
      differ += strcmp (mine, host_groups[i]) != 0;
    }
  CHECK ("getgrent: some groups", count > 0);
  CHECK_INT ("getgrent: every group the host's, in order", differ, 0);
  CHECK ("getgrent: NULL after the last", getgrent () == NULL);
  endgrent ();
  group_text (mine, sizeof mine, getgrent ());
  CHECK ("getgrent after endgrent: the first again",
	 strcmp (mine, host_groups[0]) == 0);
  static struct entry host_users[1024];
  struct entry mine_user;
  int users = 0;
  struct passwd *host_pw;
  differ = 0;
  real_setpwent ();
  while (users < 1024 && (host_pw = real_getpwent ()) != NULL)
    entry_of (&host_users[users++], host_pw);
  setpwent ();
  for (int i = 0; i < users; i++)
    {
      entry_of (&mine_user, getpwent ());
      differ += !same_entry (&mine_user, &host_users[i]);
    }
  CHECK ("getpwent: some users", users > 0);
  CHECK_INT ("getpwent: every user the host's, in order", differ, 0);
  CHECK ("getpwent: NULL after the last", getpwent () == NULL);
  endpwent ();

  /* getgroups and getgrouplist.  */
  gid_t list[256], host_list[256];
  int n = real_getgroups (256, host_list);
  CHECK_INT ("getgroups (0, NULL): the count", getgroups (0, NULL), n);
  CHECK_INT ("getgroups: the host's count", getgroups (256, list), n);
  CHECK ("getgroups: the host's groups",
	 memcmp (list, host_list, n * sizeof *list) == 0);
  CHECK_ERRNO ("getgroups (-1): EINVAL", getgroups (-1, list), EINVAL);
  if (n > 0)
    CHECK_ERRNO ("getgroups with room for one less: EINVAL",
		 getgroups (n - 1, list), EINVAL);
  int room = 256, host_room = 256;
  n = real_getgrouplist ("root", 12345, host_list, &host_room);
  CHECK_INT ("getgrouplist (\"root\", 12345): the host's count",
	     getgrouplist ("root", 12345, list, &room), n);
  CHECK ("getgrouplist: the host's groups", room == host_room
	 && memcmp (list, host_list, n * sizeof *list) == 0);
  room = 0;
  CHECK_INT ("getgrouplist without room: -1",
	     getgrouplist ("root", 12345, list, &room), -1);
  CHECK_INT ("getgrouplist without room: the count needed", room,
	     host_room);
  CHECK_INT ("setgroups to the same groups", setgroups (0 + getgroups (256,
							    list), list), 0);
  list[0] = 4000123;
  CHECK_ERRNO ("setgroups to others: EPERM", setgroups (1, list), EPERM);

  /* The process group and session: the host's for the server's process.  */
  CHECK_INT ("getpgrp: the host's", getpgrp (), real_getpgrp ());
  CHECK_INT ("getpgid (0)", getpgid (0), real_getpgrp ());
  CHECK_INT ("getpgid (getpid ())", getpgid (getpid ()), real_getpgrp ());
  CHECK_ERRNO ("getpgid of another process: ESRCH", getpgid (1), ESRCH);
  CHECK_ERRNO ("getpgid (-1): ESRCH", getpgid (-1), ESRCH);
  CHECK_INT ("getsid (0): the host's", getsid (0), real_getsid (0));
  CHECK_ERRNO ("getsid of another process: ESRCH", getsid (1), ESRCH);
  CHECK_INT ("setpgid (0, getpgrp ()): stays", setpgid (0, getpgrp ()), 0);
  CHECK_INT ("setpgid (0, 0) of a group leader",
	     setpgid (0, 0) == 0, real_getpgrp () == getpid ());
  CHECK_ERRNO ("setpgid to another group: EPERM",
	       setpgid (0, getpgrp () + 1), EPERM);
  CHECK_ERRNO ("setpgid of another process: ESRCH", setpgid (1, 0), ESRCH);
  CHECK_ERRNO ("setpgid to -1: EINVAL", setpgid (0, -1), EINVAL);
  CHECK_ERRNO ("setsid: EPERM", setsid (), EPERM);
  CHECK_INT ("the process group unchanged", real_getpgrp (), getpgrp ());
}

static void
login (void)
{
  char mine[256], host[256];

  int e = real_getlogin_r (host, sizeof host);
  errno = 0;
  const char *got = getlogin ();
  if (e != 0)
    {
      CHECK ("getlogin: NULL, as the host's getlogin_r fails",
	     got == NULL);
      CHECK_INT ("getlogin: the host's errno", errno, e);
      CHECK_INT ("getlogin_r: the host's error",
		 getlogin_r (mine, sizeof mine), e);
    }
  else
    {
      CHECK ("getlogin: the host's name", got && strcmp (got, host) == 0);
      CHECK_INT ("getlogin_r", getlogin_r (mine, sizeof mine), 0);
      CHECK ("getlogin_r: the host's name", strcmp (mine, host) == 0);
      CHECK_INT ("getlogin_r without room for the NUL: ERANGE",
		 getlogin_r (mine, strlen (host)), ERANGE);
    }
}

/* In a sandbox under --read-only: a terminal the program holds is still
   its terminal (ttyname, tcgetattr, tcsetattr, ioctl), the user
   database answers; the terminal's name opens nothing.  */
static void
confined (void)
{
  struct termios t, host;
  struct winsize ws;
  struct pty p;
  int fd;

  if (!kernel_has_openat2 ())
    {
      note ("no openat2: the sandbox checks skipped");
      return;
    }
  if (!pty_open (&p))
    {
      note ("no pseudo-terminal: the sandbox checks skipped");
      return;
    }
  fd = open (p.name, O_RDWR | O_NOCTTY);
  CHECK_INT ("sandbox: mkdir box", mkdir ("box", 0755), 0);
  CHECK_INT ("sandbox, read-only: confine",
	     rpc_server_confine (harness_server (), "box", true), 0);
  const char *got = ttyname (fd);
  CHECK ("sandbox: ttyname of the terminal held",
	 got && strcmp (got, p.name) == 0);
  CHECK_INT ("sandbox: tcgetattr", tcgetattr (fd, &t), 0);
  t.c_lflag ^= ECHO;
  CHECK_INT ("sandbox, read-only: tcsetattr", tcsetattr (fd, TCSANOW, &t),
	     0);
  real_tcgetattr (p.host, &host);
  CHECK ("sandbox, read-only: tcsetattr changed the terminal",
	 host.c_lflag == t.c_lflag);
  CHECK_INT ("sandbox: TIOCGWINSZ", ioctl (fd, TIOCGWINSZ, &ws), 0);
  CHECK_ERRNO ("sandbox: the terminal's name opens nothing",
	       open (p.name, O_RDONLY | O_NOCTTY), EACCES);
  CHECK ("sandbox: getpwuid (getuid ())", getpwuid (real_getuid ()) != NULL);
  close (fd);
  pty_close (&p);
}

int
main (void)
{
  harness_begin ("test-tty");
  size_t nruns;
  const struct harness_run *runs = harness_runs (&nruns);
  for (size_t r = 0; r < nruns; r++)
    {
      run_begin (&runs[r], NULL);
      terminal ();
      regular_file ();
      users ();
      groups ();
      login ();
      run_end ();
    }
  compare_runs ("results");
  run_begin (&runs[0], NULL);
  confined ();
  run_end ();
  return harness_end ();
}
