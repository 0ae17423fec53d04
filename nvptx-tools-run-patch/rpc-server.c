/* nvptx-rpc server: serves a GPU program's requests on the host.

   Everything in the mailbox is written by a program we do not trust to be
   well-formed, so each request is copied out once, checked, and answered
   with an error reply when it is malformed: no request can make the server
   read or write outside the mailbox, or use a descriptor number the
   program did not get from it.  The program runs as the launcher's user,
   though: a path like /proc/self/fd/N reaches what that user can.  */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

#include "rpc-server.h"

extern char **environ;

/* Guest descriptors the program may hold at once.  */
#define GUEST_FDS 128

struct guest_fd
{
  int host_fd;			/* -1 when the slot is free.  */
  bool owned;			/* Opened by the program, so its close
				   closes the host fd; not so the standard
				   streams it inherited from the launcher.  */
  bool regular;			/* Regular file: transfers are never short
				   before EOF.  */
};

struct rpc_server
{
  struct nvptx_rpc_mailbox *mailbox;
  uint32_t window_size;
  uint32_t served_seq;
  FILE *trace;
  struct guest_fd fds[GUEST_FDS];
  /* The argument block being assembled from NVPTX_RPC_MORE_ARGS pieces.  */
  char args[NVPTX_RPC_ARG_MAX];
  uint32_t args_opcode;		/* Whose pieces they are.  */
  size_t args_length;
  bool args_overflow;
  /* "NAME=VALUE\0..." snapshot of the host environment, made on demand.  */
  char *env_block;
  size_t env_length;
};

/* One served call: the request, the reply being built, and the window.  */
struct call
{
  struct rpc_server *server;
  const struct nvptx_rpc_request *req;
  struct nvptx_rpc_reply *rep;
  unsigned char *window;
};

/* errno values, host <-> protocol, with the names the trace prints.  */
static const struct
{
  int host;
  uint32_t wire;
  const char *name;
} errno_table[] = {
#define E(name) { name, NVPTX_RPC_##name, #name },
  NVPTX_RPC_ERRNOS (E)
#undef E
};

/* open flags, host <-> protocol (the access mode is handled apart).  */
static const struct
{
  int host;
  uint32_t wire;
  const char *name;
} oflag_table[] = {
#define F(name) { name, NVPTX_RPC_##name, #name },
  NVPTX_RPC_OFLAGS (F)
#undef F
};

static const char *const opcode_names[NVPTX_RPC_OPCODE_END] = {
  [NVPTX_RPC_OPEN] = "open", [NVPTX_RPC_CLOSE] = "close",
  [NVPTX_RPC_READ] = "read", [NVPTX_RPC_WRITE] = "write",
  [NVPTX_RPC_LSEEK] = "lseek", [NVPTX_RPC_FSTAT] = "fstat",
  [NVPTX_RPC_STAT] = "stat", [NVPTX_RPC_ISATTY] = "isatty",
  [NVPTX_RPC_UNLINK] = "unlink", [NVPTX_RPC_RENAME] = "rename",
  [NVPTX_RPC_LINK] = "link", [NVPTX_RPC_MKDIR] = "mkdir",
  [NVPTX_RPC_GETTIMEOFDAY] = "gettimeofday", [NVPTX_RPC_GETPID] = "getpid",
  [NVPTX_RPC_KILL] = "kill", [NVPTX_RPC_ENVIRON] = "environ",
};

static uint32_t
errno_to_wire (int host)
{
  for (size_t i = 0; i < sizeof errno_table / sizeof *errno_table; i++)
    if (errno_table[i].host == host)
      return errno_table[i].wire;
  return NVPTX_RPC_EIO;
}

/* The errno_table entry for WIRE; EIO's when there is none.  */
static size_t
wire_errno_index (uint32_t wire)
{
  size_t eio = 0;

  for (size_t i = 0; i < sizeof errno_table / sizeof *errno_table; i++)
    if (errno_table[i].wire == wire)
      return i;
    else if (errno_table[i].wire == NVPTX_RPC_EIO)
      eio = i;
  return eio;
}

/* Set the reply to the POSIX result RESULT; -1 takes the host errno.  */
static void
reply (struct call *c, int64_t result)
{
  c->rep->result = result;
  if (result == -1)
    {
      c->rep->error = errno_to_wire (errno);
      c->rep->flags |= NVPTX_RPC_DONE;
    }
}

static void
reply_error (struct call *c, uint32_t wire_errno)
{
  c->rep->result = -1;
  c->rep->error = wire_errno;
  c->rep->flags |= NVPTX_RPC_DONE;
}

/* The host descriptor behind guest FD, or NULL with an EBADF reply.  */
static struct guest_fd *
guest_fd (struct call *c, int64_t fd)
{
  if (fd < 0 || fd >= GUEST_FDS || c->server->fds[fd].host_fd < 0)
    {
      reply_error (c, NVPTX_RPC_EBADF);
      return NULL;
    }
  return &c->server->fds[fd];
}

/* Split the argument block into COUNT NUL-terminated strings.  Replies
   with an error and returns false when the block is too long or is not
   exactly COUNT strings.  */
static bool
take_strings (struct call *c, const char **out, int count)
{
  struct rpc_server *s = c->server;
  size_t pos = 0;

  if (s->args_overflow)
    {
      reply_error (c, NVPTX_RPC_ENAMETOOLONG);
      return false;
    }
  for (int i = 0; i < count; i++)
    {
      const char *nul = memchr (s->args + pos, '\0', s->args_length - pos);
      if (nul == NULL)
	{
	  reply_error (c, NVPTX_RPC_EPROTO);
	  return false;
	}
      out[i] = s->args + pos;
      pos = nul - s->args + 1;
    }
  if (pos != s->args_length)
    {
      reply_error (c, NVPTX_RPC_EPROTO);
      return false;
    }
  return true;
}

static void
stat_to_wire (const struct stat *st, unsigned char *window)
{
  struct nvptx_rpc_stat w = {
    .dev = st->st_dev, .ino = st->st_ino,
    /* The S_IF* and permission bits are the traditional octal values on
       every host we build for; the check below keeps that honest.  */
    .mode = st->st_mode & (NVPTX_RPC_S_IFMT | NVPTX_RPC_S_IPERM),
    .nlink = st->st_nlink, .uid = st->st_uid, .gid = st->st_gid,
    .rdev = st->st_rdev, .size = st->st_size, .blksize = st->st_blksize,
    .blocks = st->st_blocks,
    .atime_sec = st->st_atim.tv_sec, .atime_nsec = st->st_atim.tv_nsec,
    .mtime_sec = st->st_mtim.tv_sec, .mtime_nsec = st->st_mtim.tv_nsec,
    .ctime_sec = st->st_ctim.tv_sec, .ctime_nsec = st->st_ctim.tv_nsec,
  };
  _Static_assert (S_IFMT == NVPTX_RPC_S_IFMT && S_IFREG == NVPTX_RPC_S_IFREG
		  && S_IFDIR == NVPTX_RPC_S_IFDIR
		  && S_IFCHR == NVPTX_RPC_S_IFCHR
		  && S_IFIFO == NVPTX_RPC_S_IFIFO
		  && S_IFLNK == NVPTX_RPC_S_IFLNK
		  && S_IFSOCK == NVPTX_RPC_S_IFSOCK
		  && S_IFBLK == NVPTX_RPC_S_IFBLK, "host file type bits");
  memcpy (window, &w, sizeof w);
}

static void
serve_open (struct call *c)
{
  struct rpc_server *s = c->server;
  const char *path;
  uint64_t wflags = c->req->arg[0];
  int flags, fd, host_fd;
  struct stat st;

  if (!take_strings (c, &path, 1))
    return;
  switch (wflags & NVPTX_RPC_O_ACCMODE)
    {
    case NVPTX_RPC_O_RDONLY: flags = O_RDONLY; break;
    case NVPTX_RPC_O_WRONLY: flags = O_WRONLY; break;
    case NVPTX_RPC_O_RDWR: flags = O_RDWR; break;
    default: reply_error (c, NVPTX_RPC_EINVAL); return;
    }
  wflags &= ~NVPTX_RPC_O_ACCMODE;
  for (size_t i = 0; i < sizeof oflag_table / sizeof *oflag_table; i++)
    if (wflags & oflag_table[i].wire)
      {
	flags |= oflag_table[i].host;
	wflags &= ~oflag_table[i].wire;
      }
  if (wflags != 0)
    {
      reply_error (c, NVPTX_RPC_EINVAL);
      return;
    }

  /* POSIX: the lowest free descriptor.  */
  for (fd = 0; fd < GUEST_FDS && s->fds[fd].host_fd >= 0; fd++)
    ;
  if (fd == GUEST_FDS)
    {
      reply_error (c, NVPTX_RPC_EMFILE);
      return;
    }
  /* The program's exec is not the launcher's: never leak into children.  */
  host_fd = open (path, flags | O_CLOEXEC,
		  (mode_t) (c->req->arg[1] & NVPTX_RPC_S_IPERM));
  if (host_fd < 0)
    {
      reply (c, -1);
      return;
    }
  s->fds[fd].host_fd = host_fd;
  s->fds[fd].owned = true;
  s->fds[fd].regular = fstat (host_fd, &st) == 0 && S_ISREG (st.st_mode);
  reply (c, fd);
}

static void
serve_close (struct call *c)
{
  struct guest_fd *g = guest_fd (c, c->req->arg[0]);

  if (g == NULL)
    return;

  int host_fd = g->host_fd;
  bool owned = g->owned;

  g->host_fd = -1;
  g->owned = false;
  /* The launcher's own standard streams stay open for its messages.  */
  reply (c, owned ? close (host_fd) : 0);
}

static void
serve_read (struct call *c)
{
  struct guest_fd *g = guest_fd (c, c->req->arg[0]);
  int64_t count = c->req->arg[1];
  size_t done = 0;

  if (g == NULL)
    return;
  if (count < 0)
    {
      reply_error (c, NVPTX_RPC_EINVAL);
      return;
    }
  if (count > c->server->window_size)
    count = c->server->window_size;
  /* A regular file fills the window unless it ends; a pipe or terminal
     gives what one read gives, so an interactive program is not kept
     waiting for input nobody has typed yet.  */
  while (done < (size_t) count)
    {
      ssize_t n = read (g->host_fd, c->window + done, count - done);
      if (n < 0 && errno == EINTR)
	continue;
      if (n < 0 && done == 0)
	{
	  reply (c, -1);
	  return;
	}
      if (n <= 0)
	break;
      done += n;
      if (!g->regular)
	break;
    }
  c->rep->length = done;
  if (done < (size_t) count || !g->regular)
    c->rep->flags |= NVPTX_RPC_DONE;
  reply (c, done);
}

static void
serve_write (struct call *c)
{
  struct guest_fd *g = guest_fd (c, c->req->arg[0]);
  size_t count = c->req->length, done = 0;

  if (g == NULL)
    return;
  while (done < count)
    {
      ssize_t n = write (g->host_fd, c->window + done, count - done);
      if (n < 0 && errno == EINTR)
	continue;
      if (n < 0 && done == 0)
	{
	  reply (c, -1);
	  return;
	}
      /* An error after progress, or no progress at all: a short count.  */
      if (n <= 0)
	break;
      done += n;
    }
  if (done < count)
    c->rep->flags |= NVPTX_RPC_DONE;
  reply (c, done);
}

static void
serve_lseek (struct call *c)
{
  struct guest_fd *g = guest_fd (c, c->req->arg[0]);
  int whence;

  if (g == NULL)
    return;
  switch (c->req->arg[2])
    {
    case NVPTX_RPC_SEEK_SET: whence = SEEK_SET; break;
    case NVPTX_RPC_SEEK_CUR: whence = SEEK_CUR; break;
    case NVPTX_RPC_SEEK_END: whence = SEEK_END; break;
    default: reply_error (c, NVPTX_RPC_EINVAL); return;
    }
  reply (c, lseek (g->host_fd, c->req->arg[1], whence));
}

static void
reply_stat (struct call *c, int rc, const struct stat *st)
{
  if (rc == 0)
    {
      stat_to_wire (st, c->window);
      c->rep->length = sizeof (struct nvptx_rpc_stat);
    }
  reply (c, rc);
}

static void
serve_fstat (struct call *c)
{
  struct guest_fd *g = guest_fd (c, c->req->arg[0]);
  struct stat st;

  if (g != NULL)
    reply_stat (c, fstat (g->host_fd, &st), &st);
}

static void
serve_stat (struct call *c)
{
  const char *path;
  struct stat st;

  if (take_strings (c, &path, 1))
    reply_stat (c, stat (path, &st), &st);
}

static void
serve_isatty (struct call *c)
{
  struct guest_fd *g = guest_fd (c, c->req->arg[0]);

  if (g != NULL)
    reply (c, isatty (g->host_fd) ? 1 : -1);
}

static void
serve_unlink (struct call *c)
{
  const char *path;

  if (take_strings (c, &path, 1))
    reply (c, unlink (path));
}

static void
serve_rename (struct call *c)
{
  const char *paths[2];

  if (take_strings (c, paths, 2))
    reply (c, rename (paths[0], paths[1]));
}

static void
serve_link (struct call *c)
{
  const char *paths[2];

  if (take_strings (c, paths, 2))
    reply (c, link (paths[0], paths[1]));
}

static void
serve_mkdir (struct call *c)
{
  const char *path;

  if (take_strings (c, &path, 1))
    reply (c, mkdir (path, (mode_t) (c->req->arg[0] & NVPTX_RPC_S_IPERM)));
}

static void
serve_gettimeofday (struct call *c)
{
  struct timeval tv;
  struct nvptx_rpc_timeval w;

  gettimeofday (&tv, NULL);
  w.sec = tv.tv_sec;
  w.usec = tv.tv_usec;
  memcpy (c->window, &w, sizeof w);
  c->rep->length = sizeof w;
  reply (c, 0);
}

static void
serve_getpid (struct call *c)
{
  reply (c, getpid ());
}

/* Signals a program may send.  The program is this process, so only it
   may be the target: a GPU program has no business signalling others.  */
static void
serve_kill (struct call *c)
{
  static const int signals[NVPTX_RPC_SIGNAL_END] = {
#define S(name) [NVPTX_RPC_##name] = name,
    NVPTX_RPC_SIGNALS (S)
#undef S
  };
  int64_t pid = c->req->arg[0], sig = c->req->arg[1];

  if (pid != getpid ())
    reply_error (c, NVPTX_RPC_EPERM);
  else if (sig < 0 || sig >= (int64_t) (sizeof signals / sizeof *signals)
	   || (sig != 0 && signals[sig] == 0))
    reply_error (c, NVPTX_RPC_EINVAL);
  else
    {
      /* What the program wrote must be out before the signal ends us.  */
      fflush (NULL);
      reply (c, kill (getpid (), signals[sig]));
    }
}

/* The environment travels as one "NAME=VALUE\0...\0" block, a window at a
   time; arg0 is the offset the client has reached.  */
static void
serve_environ (struct call *c)
{
  struct rpc_server *s = c->server;
  int64_t offset = c->req->arg[0];

  if (s->env_block == NULL)
    {
      size_t length = 0;
      for (char **e = environ; e && *e; e++)
	length += strlen (*e) + 1;
      s->env_block = malloc (length + 1);
      if (s->env_block == NULL)
	{
	  reply_error (c, NVPTX_RPC_ENOMEM);
	  return;
	}
      s->env_length = 0;
      for (char **e = environ; e && *e; e++)
	{
	  size_t n = strlen (*e) + 1;
	  memcpy (s->env_block + s->env_length, *e, n);
	  s->env_length += n;
	}
    }
  if (offset < 0 || (uint64_t) offset > s->env_length)
    {
      reply_error (c, NVPTX_RPC_EINVAL);
      return;
    }
  size_t n = s->env_length - offset;
  if (n > s->window_size)
    n = s->window_size;
  memcpy (c->window, s->env_block + offset, n);
  c->rep->length = n;
  reply (c, s->env_length);
}

typedef void (*handler) (struct call *);

static const handler handlers[NVPTX_RPC_OPCODE_END] = {
  [NVPTX_RPC_OPEN] = serve_open, [NVPTX_RPC_CLOSE] = serve_close,
  [NVPTX_RPC_READ] = serve_read, [NVPTX_RPC_WRITE] = serve_write,
  [NVPTX_RPC_LSEEK] = serve_lseek, [NVPTX_RPC_FSTAT] = serve_fstat,
  [NVPTX_RPC_STAT] = serve_stat, [NVPTX_RPC_ISATTY] = serve_isatty,
  [NVPTX_RPC_UNLINK] = serve_unlink, [NVPTX_RPC_RENAME] = serve_rename,
  [NVPTX_RPC_LINK] = serve_link, [NVPTX_RPC_MKDIR] = serve_mkdir,
  [NVPTX_RPC_GETTIMEOFDAY] = serve_gettimeofday,
  [NVPTX_RPC_GETPID] = serve_getpid, [NVPTX_RPC_KILL] = serve_kill,
  [NVPTX_RPC_ENVIRON] = serve_environ,
};

/* Print S (LENGTH bytes) as a C string, at most 32 bytes of it.  */
static void
trace_string (FILE *f, const char *s, size_t length)
{
  size_t shown = length < 32 ? length : 32;

  fputc ('"', f);
  for (size_t i = 0; i < shown; i++)
    {
      unsigned char ch = s[i];
      if (ch == '\n')
	fputs ("\\n", f);
      else if (ch == '"' || ch == '\\')
	fprintf (f, "\\%c", ch);
      else if (ch < ' ' || ch > '~')
	fprintf (f, "\\%o", ch);
      else
	fputc (ch, f);
    }
  fputs (shown < length ? "\"..." : "\"", f);
}

static void
trace_oflags (FILE *f, uint32_t flags)
{
  static const char *const modes[] = { "O_RDONLY", "O_WRONLY", "O_RDWR",
				       "O_ACCMODE" };

  fputs (modes[flags & NVPTX_RPC_O_ACCMODE], f);
  for (size_t i = 0; i < sizeof oflag_table / sizeof *oflag_table; i++)
    if (flags & oflag_table[i].wire)
      fprintf (f, "|%s", oflag_table[i].name);
}

/* One line per served request, after the fact, strace-style.  */
static void
trace_call (const struct call *c)
{
  const struct rpc_server *s = c->server;
  const struct nvptx_rpc_request *q = c->req;
  FILE *f = s->trace;
  const char *name = q->opcode < NVPTX_RPC_OPCODE_END
		     && opcode_names[q->opcode]
		     ? opcode_names[q->opcode] : "unknown";

  /* A piece of an argument block is part of a call, unless it ended it.  */
  if ((q->flags & NVPTX_RPC_MORE_ARGS) && c->rep->result != -1)
    return;
  fprintf (f, "[gpu] %s(", name);
  switch (q->opcode)
    {
    case NVPTX_RPC_OPEN:
    case NVPTX_RPC_STAT:
    case NVPTX_RPC_UNLINK:
    case NVPTX_RPC_MKDIR:
    case NVPTX_RPC_RENAME:
    case NVPTX_RPC_LINK:
      for (size_t pos = 0; pos < s->args_length;)
	{
	  size_t n = strnlen (s->args + pos, s->args_length - pos);
	  fputs (pos ? ", " : "", f);
	  trace_string (f, s->args + pos, n);
	  pos += n + 1;
	}
      if (q->opcode == NVPTX_RPC_OPEN)
	{
	  fputs (", ", f);
	  trace_oflags (f, q->arg[0]);
	  if (q->arg[0] & NVPTX_RPC_O_CREAT)
	    fprintf (f, ", %#llo", (unsigned long long) q->arg[1]);
	}
      else if (q->opcode == NVPTX_RPC_MKDIR)
	fprintf (f, ", %#llo", (unsigned long long) q->arg[0]);
      break;
    case NVPTX_RPC_READ:
      fprintf (f, "%lld, ", (long long) q->arg[0]);
      if (c->rep->result >= 0)
	trace_string (f, (const char *) c->window, c->rep->length);
      else
	fputs ("...", f);
      fprintf (f, ", %lld", (long long) q->arg[1]);
      break;
    case NVPTX_RPC_WRITE:
      fprintf (f, "%lld, ", (long long) q->arg[0]);
      trace_string (f, (const char *) c->window, q->length);
      fprintf (f, ", %u", q->length);
      break;
    case NVPTX_RPC_LSEEK:
      fprintf (f, "%lld, %lld, %s", (long long) q->arg[0],
	       (long long) q->arg[1],
	       q->arg[2] == NVPTX_RPC_SEEK_SET ? "SEEK_SET"
	       : q->arg[2] == NVPTX_RPC_SEEK_CUR ? "SEEK_CUR"
	       : q->arg[2] == NVPTX_RPC_SEEK_END ? "SEEK_END" : "?");
      break;
    case NVPTX_RPC_CLOSE:
    case NVPTX_RPC_FSTAT:
    case NVPTX_RPC_ISATTY:
    case NVPTX_RPC_ENVIRON:
      fprintf (f, "%lld", (long long) q->arg[0]);
      break;
    case NVPTX_RPC_KILL:
      fprintf (f, "%lld, %lld", (long long) q->arg[0], (long long) q->arg[1]);
      break;
    }
  if (c->rep->result == -1)
    {
      size_t e = wire_errno_index (c->rep->error);
      fprintf (f, ") = -1 %s (%s)\n", errno_table[e].name,
	       c->rep->error == NVPTX_RPC_EPROTO ? "Malformed request"
	       : strerror (errno_table[e].host));
    }
  else
    fprintf (f, ") = %lld\n", (long long) c->rep->result);
}

/* Check REQ as a whole and dispatch it.  */
static void
serve (struct call *c)
{
  struct rpc_server *s = c->server;
  const struct nvptx_rpc_request *q = c->req;
  handler h = q->opcode < NVPTX_RPC_OPCODE_END ? handlers[q->opcode] : NULL;

  if (q->version != NVPTX_RPC_VERSION || q->length > s->window_size)
    reply_error (c, NVPTX_RPC_EPROTO);
  else if (h == NULL)
    reply_error (c, NVPTX_RPC_ENOSYS);
  else if (q->flags & ~NVPTX_RPC_MORE_ARGS)
    reply_error (c, NVPTX_RPC_EINVAL);
  else if ((s->args_length > 0 || s->args_overflow)
	   && q->opcode != s->args_opcode)
    /* Pieces of one call, then a piece of another.  */
    reply_error (c, NVPTX_RPC_EPROTO);
  else if (q->opcode != NVPTX_RPC_WRITE)
    {
      /* Every other request's window is a piece of its argument block.  */
      s->args_opcode = q->opcode;
      if (q->length > sizeof s->args - s->args_length)
	s->args_overflow = true;
      else
	{
	  memcpy (s->args + s->args_length, c->window, q->length);
	  s->args_length += q->length;
	}
      if (!(q->flags & NVPTX_RPC_MORE_ARGS))
	h (c);
    }
  else if (q->flags & NVPTX_RPC_MORE_ARGS)
    reply_error (c, NVPTX_RPC_EINVAL);
  else
    h (c);
}

bool
rpc_server_poll (struct rpc_server *s)
{
  struct nvptx_rpc_mailbox *mb = s->mailbox;
  uint32_t seq = __atomic_load_n (&mb->request_seq, __ATOMIC_ACQUIRE);

  if (seq == s->served_seq)
    return false;

  /* Copy the request out once: a client that scribbles over the slot
     while we work cannot change what we check and what we do.  */
  struct nvptx_rpc_request req = mb->request;
  struct nvptx_rpc_reply rep = { 0 };
  struct call c = { s, &req, &rep, mb->window };

  serve (&c);
  if (s->trace)
    trace_call (&c);
  if (!(req.flags & NVPTX_RPC_MORE_ARGS) || rep.result == -1)
    {
      s->args_length = 0;
      s->args_overflow = false;
    }

  mb->reply = rep;
  s->served_seq = seq;
  __atomic_store_n (&mb->reply_seq, seq, __ATOMIC_RELEASE);
  return true;
}

struct rpc_server *
rpc_server_new (struct nvptx_rpc_mailbox *mailbox, uint32_t window_size,
		FILE *trace)
{
  struct rpc_server *s = calloc (1, sizeof *s);
  struct stat st;

  if (s == NULL)
    return NULL;
  s->mailbox = mailbox;
  s->window_size = window_size;
  s->trace = trace;
  for (int fd = 0; fd < GUEST_FDS; fd++)
    s->fds[fd].host_fd = -1;
  for (int fd = 0; fd <= STDERR_FILENO; fd++)
    if (fstat (fd, &st) == 0)
      {
	s->fds[fd].host_fd = fd;
	s->fds[fd].regular = S_ISREG (st.st_mode);
      }

  memset (mailbox, 0, NVPTX_RPC_MAILBOX_SIZE (window_size));
  mailbox->magic = NVPTX_RPC_MAGIC;
  mailbox->version = NVPTX_RPC_VERSION;
  mailbox->window_size = window_size;
  return s;
}

void
rpc_server_free (struct rpc_server *s)
{
  if (s == NULL)
    return;
  for (int fd = 0; fd < GUEST_FDS; fd++)
    if (s->fds[fd].host_fd >= 0 && s->fds[fd].owned)
      close (s->fds[fd].host_fd);
  free (s->env_block);
  free (s);
}
