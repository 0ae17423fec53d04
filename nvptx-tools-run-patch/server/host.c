/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The nvptx-rpc server's handlers for what the host knows: realpath,
   uname, getrlimit and getrandom; the terminals (ttyname, tcgetattr,
   tcsetattr, ioctl) and the users and groups (getlogin, getpwuid,
   getpwnam, getpwent, getgrgid, getgrnam, getgrent).
   They answer from the host where the work is the host's: a path
   resolved by the kernel, the system's names, the process's limits, its
   random bytes, a terminal's state, the user database.  None waits: a
   call that would (getrandom before the kernel's pool is ready,
   tcsetattr draining a terminal's output) is EAGAIN, which the client
   waits out on the GPU, so that the server goes on serving the other
   threads.  */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <termios.h>
#include <unistd.h>

#include "server-internal.h"

/* realpath: PATH resolved as every path is (resolve, a last symlink
   followed, so the kernel's resolution and its errors: ENOENT, ENOTDIR,
   ELOOP, EACCES), then named as /proc names the file the server holds.
   In a sandbox that is the host path beneath the sandbox directory, the
   name by which the program reaches the file (getcwd's); a name outside
   is EACCES, never sent.  "/dev/null" is itself there, as open has it.
   A file removed meanwhile (/proc's " (deleted)") is ENOENT.  */
void
serve_realpath (struct call *c)
{
  struct rpc_server *s = c->server;
  const char *path;
  char full[PATH_MAX];
  struct stat st;
  int fd, rc;

  if (!server_take_strings (c, &path, 1))
    return;
  if ((s->sandboxed || s->read_only) && strcmp (path, "/dev/null") == 0)
    {
      server_reply_data (c, sizeof "/dev/null", "/dev/null",
			 sizeof "/dev/null");
      return;
    }
  if ((fd = server_take_path_fd (c, AT_FDCWD, path, 0, PATH_LOOK)) < 0)
    return;
  rc = fstat (fd, &st) == 0 ? server_host_path (fd, full) : -1;
  close (fd);
  if (rc != 0)
    server_reply (c, -1);
  else if (st.st_nlink == 0 && !S_ISDIR (st.st_mode))
    server_reply_error (c, NVPTX_RPC_ENOENT);
  else if (full[0] != '/'
	   || (s->sandboxed && server_path_beneath_root (s, full) == NULL))
    server_reply_error (c, NVPTX_RPC_EACCES);
  else
    server_reply_data (c, strlen (full) + 1, full, strlen (full) + 1);
}

/* Copy the string FROM into the LENGTH bytes at TO, cut and
   NUL-terminated.  */
static void
copy_name (char *to, const char *from, size_t length)
{
  size_t n = strnlen (from, length - 1);

  memcpy (to, from, n);
  to[n] = '\0';
}

/* The host's names, as they are: the program runs under the host's
   kernel, on its machine (the GPU is a device of it).  The node name is
   what gethostname gives, under --sandbox too (docs/security.md).  */
void
serve_uname (struct call *c)
{
  struct nvptx_rpc_utsname w;
  struct utsname u;

  if (uname (&u) != 0)
    {
      server_reply (c, -1);
      return;
    }
  memset (&w, 0, sizeof w);
  copy_name (w.sysname, u.sysname, sizeof w.sysname);
  copy_name (w.nodename, u.nodename, sizeof w.nodename);
  copy_name (w.release, u.release, sizeof w.release);
  copy_name (w.version, u.version, sizeof w.version);
  copy_name (w.machine, u.machine, sizeof w.machine);
  copy_name (w.domainname, u.domainname, sizeof w.domainname);
  server_reply_data (c, 0, &w, sizeof w);
}

/* The launcher's limits, which are the program's: its files are the
   launcher's, and so are its CPU time and its host memory.  RLIMIT_NOFILE
   is at most the guest descriptor table's size, as sysconf's
   _SC_OPEN_MAX.  (setrlimit is the client's: docs/protocol.md.)  */
void
serve_getrlimit (struct call *c)
{
  static const int resources[] = {
    [NVPTX_RPC_RLIMIT_CPU] = RLIMIT_CPU,
    [NVPTX_RPC_RLIMIT_FSIZE] = RLIMIT_FSIZE,
    [NVPTX_RPC_RLIMIT_DATA] = RLIMIT_DATA,
    [NVPTX_RPC_RLIMIT_STACK] = RLIMIT_STACK,
    [NVPTX_RPC_RLIMIT_CORE] = RLIMIT_CORE,
    [NVPTX_RPC_RLIMIT_NOFILE] = RLIMIT_NOFILE,
    [NVPTX_RPC_RLIMIT_AS] = RLIMIT_AS,
  };
  int64_t which = c->req->arg[0];
  struct rlimit l;

  if (which < 0 || which >= (int64_t) (sizeof resources / sizeof *resources))
    {
      server_reply_error (c, NVPTX_RPC_EINVAL);
      return;
    }
  if (getrlimit (resources[which], &l) != 0)
    {
      server_reply (c, -1);
      return;
    }
  struct nvptx_rpc_rlimit w = {
    .cur = l.rlim_cur == RLIM_INFINITY ? NVPTX_RPC_RLIM_INFINITY : l.rlim_cur,
    .max = l.rlim_max == RLIM_INFINITY ? NVPTX_RPC_RLIM_INFINITY : l.rlim_max,
  };
  if (which == NVPTX_RPC_RLIMIT_NOFILE)
    {
      if (w.cur > GUEST_FDS)
	w.cur = GUEST_FDS;
      if (w.max > GUEST_FDS)
	w.max = GUEST_FDS;
    }
  server_reply_data (c, 0, &w, sizeof w);
}

/* Up to arg0 bytes (at most NVPTX_RPC_RANDOM_MAX) of the kernel's
   getrandom, always without waiting: EAGAIN until its pool is ready,
   which the client waits out unless the program asked
   GRND_NONBLOCK.  */
void
serve_getrandom (struct call *c)
{
  int64_t count = c->req->arg[0], wflags = c->req->arg[1];
  unsigned char bytes[NVPTX_RPC_RANDOM_MAX];
  ssize_t n;

  if (count < 0
      || (wflags & ~(int64_t) (NVPTX_RPC_GRND_NONBLOCK
			       | NVPTX_RPC_GRND_RANDOM)))
    {
      server_reply_error (c, NVPTX_RPC_EINVAL);
      return;
    }
  if (count > NVPTX_RPC_RANDOM_MAX)
    count = NVPTX_RPC_RANDOM_MAX;
  do
    n = getrandom (bytes, count, GRND_NONBLOCK
		   | (wflags & NVPTX_RPC_GRND_RANDOM ? GRND_RANDOM : 0));
  while (n < 0 && errno == EINTR);
  server_reply_data (c, n, bytes, n > 0 ? n : 0);
}

/* The terminal calls pass struct termios, the actions and the requests
   on as they are: the protocol's are Linux's.  */
_Static_assert (NCCS == NVPTX_RPC_NCCS && TCSANOW == NVPTX_RPC_TCSANOW
		&& TCSADRAIN == NVPTX_RPC_TCSADRAIN
		&& TCSAFLUSH == NVPTX_RPC_TCSAFLUSH
		&& TIOCGWINSZ == NVPTX_RPC_TIOCGWINSZ
		&& FIONREAD == NVPTX_RPC_FIONREAD,
		"the protocol's terminal values are Linux's");

/* ttyname: the host's name of the terminal the guest descriptor holds
   (ENOTTY for anything else, EBADF for a descriptor not open), in every
   mode: the program holds the terminal already, and the name gives no
   way to it that the sandbox would not refuse (docs/security.md).  */
void
serve_ttyname (struct call *c)
{
  struct guest_fd *g = server_guest_fd (c, c->req->arg[0]);
  char name[PATH_MAX];
  int e;

  if (g == NULL)
    return;
  if ((e = ttyname_r (g->host_fd, name, sizeof name)) != 0)
    {
      errno = e;
      server_reply (c, -1);
      return;
    }
  server_reply_data (c, strlen (name) + 1, name, strlen (name) + 1);
}

void
serve_tcgetattr (struct call *c)
{
  struct guest_fd *g = server_guest_fd (c, c->req->arg[0]);
  struct nvptx_rpc_termios w;
  struct termios t;

  if (g == NULL)
    return;
  if (tcgetattr (g->host_fd, &t) != 0)
    {
      server_reply (c, -1);
      return;
    }
  memset (&w, 0, sizeof w);
  NVPTX_RPC_TERMIOS_COPY (w, t);
  server_reply_data (c, 0, &w, sizeof w);
}

/* Whether the terminal behind FD still has output to send (TIOCOUTQ),
   which a drain waits for: then the reply is EAGAIN, for the client to
   wait on the GPU (serve_tcsetattr says why).  */
static bool
output_queued (int fd)
{
  int queued;

  return isatty (fd) && ioctl (fd, TIOCOUTQ, &queued) == 0 && queued > 0;
}

/* tcsetattr, the block a struct nvptx_rpc_termios.  TCSADRAIN and
   TCSAFLUSH make the kernel wait until the output already written has
   gone out.  On a pseudo-terminal (a terminal emulator's, ssh's) there
   is no output queue and no wait; on a serial line the wait is the
   queue's bytes at its speed, but unbounded while the line is stopped
   (XOFF, hardware flow control).  So while the terminal still has output
   queued (TIOCOUTQ) the reply is EAGAIN, which the client waits out on
   the GPU, and the call is made once it has none: what the kernel then
   waits for is the driver's last few bytes, or what another process
   wrote in between, as short as the terminal makes it.  The terminal's
   modes are its state, not a file's: tcsetattr is served in every mode,
   --read-only and --sandbox included (docs/security.md).  */
void
serve_tcsetattr (struct call *c)
{
  struct rpc_server *s = c->server;
  int64_t action = c->req->arg[1];
  struct nvptx_rpc_termios w;
  struct termios t;
  struct guest_fd *g;

  if (s->args_overflow || s->args_length != sizeof w)
    {
      server_reply_error (c, NVPTX_RPC_EPROTO);
      return;
    }
  if ((g = server_guest_fd (c, c->req->arg[0])) == NULL)
    return;
  if (action != NVPTX_RPC_TCSANOW && action != NVPTX_RPC_TCSADRAIN
      && action != NVPTX_RPC_TCSAFLUSH)
    {
      server_reply_error (c, NVPTX_RPC_EINVAL);
      return;
    }
  memcpy (&w, s->args, sizeof w);
  memset (&t, 0, sizeof t);
  NVPTX_RPC_TERMIOS_COPY (t, w);
  if (action != NVPTX_RPC_TCSANOW && output_queued (g->host_fd))
    {
      server_reply_error (c, NVPTX_RPC_EAGAIN);
      return;
    }
  server_reply (c, tcsetattr (g->host_fd, action, &t));
}

/* An invalid argument to a terminal's request: EINVAL, but ENOTTY for
   anything but a terminal, as Linux looks at the descriptor first.  */
static void
reply_invalid (struct call *c, int host_fd)
{
  if (isatty (host_fd))
    server_reply_error (c, NVPTX_RPC_EINVAL);
  else
    server_reply (c, -1);
}

/* ioctl: the requests the client sends, Linux's, on the host's
   descriptor: the terminal's size, the bytes ready to read, the
   terminal's foreground process group and session, and tcflush's,
   tcflow's, tcdrain's and tcsendbreak's; any other request is ENOTTY,
   as the client answers it.  The foreground group may be set only to
   the launcher's own, which the program is: a program makes itself the
   terminal's foreground job, as a shell's child may, and moves no other
   process's job.  tcdrain waits for the output queue as tcsetattr's
   TCSADRAIN does (serve_tcsetattr).  A break holds the line for a
   quarter to half a second, which the server waits out.  */
void
serve_ioctl (struct call *c)
{
  struct guest_fd *g = server_guest_fd (c, c->req->arg[0]);
  int64_t value = c->req->arg[2];
  struct winsize ws;
  int count;

  if (g == NULL)
    return;
  switch (c->req->arg[1])
    {
    case NVPTX_RPC_TIOCGWINSZ:
      if (ioctl (g->host_fd, TIOCGWINSZ, &ws) != 0)
	server_reply (c, -1);
      else
	{
	  struct nvptx_rpc_winsize w = {
	    .ws_row = ws.ws_row, .ws_col = ws.ws_col,
	    .ws_xpixel = ws.ws_xpixel, .ws_ypixel = ws.ws_ypixel,
	  };
	  server_reply_data (c, 0, &w, sizeof w);
	}
      break;
    case NVPTX_RPC_FIONREAD:
      server_reply (c, ioctl (g->host_fd, FIONREAD, &count) != 0 ? -1
		    : count);
      break;
    case NVPTX_RPC_TIOCGPGRP:
      server_reply (c, tcgetpgrp (g->host_fd));
      break;
    case NVPTX_RPC_TIOCGSID:
      server_reply (c, tcgetsid (g->host_fd));
      break;
    case NVPTX_RPC_TIOCSPGRP:
      if (!isatty (g->host_fd))
	server_reply (c, -1);
      else if (value < 0)
	server_reply_error (c, NVPTX_RPC_EINVAL);
      else if (value != getpgrp ())
	server_reply_error (c, NVPTX_RPC_EPERM);
      else
	server_reply (c, tcsetpgrp (g->host_fd, getpgrp ()));
      break;
    case NVPTX_RPC_TCFLSH:
      if (value != TCIFLUSH && value != TCOFLUSH && value != TCIOFLUSH)
	reply_invalid (c, g->host_fd);
      else
	server_reply (c, tcflush (g->host_fd, value));
      break;
    case NVPTX_RPC_TCXONC:
      if (value != TCOOFF && value != TCOON && value != TCIOFF
	  && value != TCION)
	reply_invalid (c, g->host_fd);
      else
	server_reply (c, tcflow (g->host_fd, value));
      break;
    case NVPTX_RPC_TCSBRK:
      if (value == 0)
	server_reply (c, tcsendbreak (g->host_fd, 0));
      else if (output_queued (g->host_fd))
	server_reply_error (c, NVPTX_RPC_EAGAIN);
      else
	server_reply (c, tcdrain (g->host_fd));
      break;
    default:
      server_reply_error (c, NVPTX_RPC_ENOTTY);
    }
}

/* getlogin: the host's getlogin_r for the launcher, which is the
   program's process: its result and errno (ENXIO, ENOTTY without a
   login session or a terminal, as glibc's).  */
void
serve_getlogin (struct call *c)
{
  char name[LOGIN_NAME_MAX + 1];
  int e;

  if ((e = getlogin_r (name, sizeof name)) != 0)
    {
      errno = e;
      server_reply (c, -1);
      return;
    }
  server_reply_data (c, strlen (name) + 1, name, strlen (name) + 1);
}

/* The most room an entry may take in the host's lookup.  */
#define ENTRY_ROOM_MAX (1 << 20)

/* A lookup in the host's user or group database: by id, by name, or the
   database's INDEX'th entry.  */
struct lookup
{
  int64_t id;
  const char *name;
  int64_t index;
};

/* LOOKUP's key from C: arg0 the id, or -1 and the block a name, or -1
   and arg1 the index + 1 (enumeration); false after an error reply.  */
static bool
take_lookup (struct call *c, struct lookup *key)
{
  int64_t entry = c->req->arg[1];

  key->id = c->req->arg[0];
  key->name = NULL;
  key->index = entry > 0 ? entry - 1 : -1;
  if (entry < 0)
    {
      server_reply_error (c, NVPTX_RPC_EINVAL);
      return false;
    }
  if (key->id == -1 && key->index < 0
      ? !server_take_strings (c, &key->name, 1)
      : !server_take_strings (c, NULL, 0))
    return false;
  if (key->id < -1 || key->id > (int64_t) UINT32_MAX
      || (key->index >= 0 && key->id != -1))
    {
      server_reply_error (c, NVPTX_RPC_EINVAL);
      return false;
    }
  return true;
}

/* The INDEX'th entry of the host's passwd or group database, as
   getpwent_r or getgrent_r (NEXT) gives them between setpwent and
   endpwent or setgrent and endgrent (REWIND, END): the database is read
   from its start each time, and closed, as the server keeps no state
   between calls; a database is a few hundred entries.  */
static int
nth_entry (int64_t index, void (*rewind) (void), void (*end) (void),
	   int (*next) (void *, char *, size_t, void **), void *entry,
	   char *buf, size_t room, void **found)
{
  int e = 0;

  rewind ();
  for (int64_t i = 0; i <= index && (e = next (entry, buf, room, found)) == 0;
       i++)
    ;
  end ();
  return e;
}

/* Call TRY with a buffer that grows while it answers ERANGE, to
   ENTRY_ROOM_MAX: the buffer (for the caller to free), or NULL after an
   error reply; *FOUND NULL for no such entry.  */
static char *
lookup_entry (struct call *c, int (*try) (const struct lookup *, void *,
					 char *, size_t, void **),
	      const struct lookup *key, void *entry, void **found)
{
  char *buf = NULL;
  size_t room = 1024;
  int e;

  for (;;)
    {
      char *bigger = realloc (buf, room);
      if (bigger == NULL)
	{
	  free (buf);
	  server_reply_error (c, NVPTX_RPC_ENOMEM);
	  return NULL;
	}
      buf = bigger;
      *found = NULL;
      e = try (key, entry, buf, room, found);
      if (e != ERANGE || room >= ENTRY_ROOM_MAX)
	break;
      room *= 2;
    }
  if (e != 0 && e != ENOENT)
    {
      free (buf);
      /* Not the client's room, which ERANGE would mean to it: an
	 entry too large for the host's lookup.  */
      errno = e == ERANGE ? ENOMEM : e;
      server_reply (c, -1);
      return NULL;
    }
  if (*found == NULL)
    {
      free (buf);
      server_reply_error (c, NVPTX_RPC_ENOENT);
      return NULL;
    }
  return buf;
}

/* Reply with HEAD, then each of the COUNT STRINGS with its NUL (a null
   one as empty): the length, and the block.  */
static void
reply_entry (struct call *c, const void *head, size_t head_size,
	     const char *const *strings, size_t count)
{
  size_t length = head_size;
  char *block, *p;

  for (size_t i = 0; i < count; i++)
    length += strlen (strings[i] ? strings[i] : "") + 1;
  if ((block = malloc (length)) == NULL)
    {
      server_reply_error (c, NVPTX_RPC_ENOMEM);
      return;
    }
  memcpy (block, head, head_size);
  p = block + head_size;
  for (size_t i = 0; i < count; i++)
    p = stpcpy (p, strings[i] ? strings[i] : "") + 1;
  server_reply_data (c, length, block, length);
  free (block);
}

static int
next_passwd (void *entry, char *buf, size_t room, void **found)
{
  return getpwent_r (entry, buf, room, (struct passwd **) found);
}

static int
try_passwd (const struct lookup *key, void *entry, char *buf, size_t room,
	    void **found)
{
  struct passwd **pw = (struct passwd **) found;

  if (key->index >= 0)
    return nth_entry (key->index, setpwent, endpwent, next_passwd, entry,
		      buf, room, found);
  return key->name != NULL ? getpwnam_r (key->name, entry, buf, room, pw)
	 : getpwuid_r ((uid_t) key->id, entry, buf, room, pw);
}

/* getpwuid (arg0 the uid), getpwnam (arg0 -1, the block the name) and
   getpwent (arg0 -1, arg1 the index + 1): the host's user database
   through its C library, NSS included, so the entry a native program
   would get.  The lookup may ask a directory service (sssd, LDAP), which
   answers or times out as it does for every process of the host; there
   is no way to ask without waiting, and a native program waits as long.
   "No such user" is ENOENT, for the client to return NULL with glibc's
   errno.  */
void
serve_getpw (struct call *c)
{
  struct lookup key;
  struct passwd pw;
  void *found;
  char *buf;

  if (!take_lookup (c, &key)
      || (buf = lookup_entry (c, try_passwd, &key, &pw, &found)) == NULL)
    return;
  const char *strings[] = {
    pw.pw_name, pw.pw_passwd, pw.pw_gecos, pw.pw_dir, pw.pw_shell,
  };
  struct nvptx_rpc_passwd head = { .uid = pw.pw_uid, .gid = pw.pw_gid };
  reply_entry (c, &head, sizeof head, strings,
	       sizeof strings / sizeof *strings);
  free (buf);
}

static int
next_group (void *entry, char *buf, size_t room, void **found)
{
  return getgrent_r (entry, buf, room, (struct group **) found);
}

static int
try_group (const struct lookup *key, void *entry, char *buf, size_t room,
	   void **found)
{
  struct group **gr = (struct group **) found;

  if (key->index >= 0)
    return nth_entry (key->index, setgrent, endgrent, next_group, entry,
		      buf, room, found);
  return key->name != NULL ? getgrnam_r (key->name, entry, buf, room, gr)
	 : getgrgid_r ((gid_t) key->id, entry, buf, room, gr);
}

/* getgrgid, getgrnam and getgrent, as serve_getpw: the host's group
   database.  The reply: a struct nvptx_rpc_group, then the name, the
   password and each member's name.  */
void
serve_getgr (struct call *c)
{
  struct lookup key;
  struct group gr;
  void *found;
  char *buf;
  const char **strings;
  size_t members = 0;

  if (!take_lookup (c, &key)
      || (buf = lookup_entry (c, try_group, &key, &gr, &found)) == NULL)
    return;
  while (gr.gr_mem != NULL && gr.gr_mem[members] != NULL)
    members++;
  if ((strings = malloc ((members + 2) * sizeof *strings)) == NULL)
    server_reply_error (c, NVPTX_RPC_ENOMEM);
  else
    {
      struct nvptx_rpc_group head = { .gid = gr.gr_gid,
				      .members = members };
      strings[0] = gr.gr_name;
      strings[1] = gr.gr_passwd;
      memcpy (strings + 2, gr.gr_mem, members * sizeof *strings);
      reply_entry (c, &head, sizeof head, strings, members + 2);
      free (strings);
    }
  free (buf);
}
