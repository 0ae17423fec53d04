/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* nvptx-rpc server: serves a GPU program's requests on the host.

   Everything in the mailbox is written by a program we do not trust to be
   well-formed, so each request is copied out once, checked, and answered
   with an error reply when it is malformed: no request can make the server
   read or write outside the mailbox, or use a descriptor number the
   program did not get from it.  Every path the program names goes through
   one resolver (resolve), which refuses the launcher's own memory and
   descriptors through /proc, and, once confined (rpc_server_confine),
   anything outside the sandbox directory; every call that changes the
   file behind a descriptor asks one check (fd_change_refused), which
   keeps the same rules; docs/security.md has the model.  */

#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>
#include <linux/magic.h>
#include <linux/openat2.h>

#include "nvptx-rpc-format.h"
#include "rpc-server.h"

extern char **environ;

/* Guest descriptors the program may hold at once.  */
#define GUEST_FDS NVPTX_RPC_FDS

struct guest_fd
{
  int host_fd;			/* -1 when the slot is free.  */
  bool owned;			/* Opened by the program, so its close
				   closes the host fd; not so the standard
				   streams it inherited from the launcher.  */
  bool regular;			/* Regular file: transfers are never short
				   before EOF.  */
  bool cloexec;			/* The program's FD_CLOEXEC (the host fd
				   is always close-on-exec).  */
  bool outside;			/* Not resolved beneath a sandbox: the
				   launcher's standard streams, /dev/null
				   by name, what was open before the
				   sandbox was set, and their duplicates
				   (fd_change_refused).  */
  DIR *dir;			/* For READDIR, on a dup of host_fd; made
				   on first use.  */
};

struct rpc_server
{
  struct nvptx_rpc_mailbox *mailbox;
  uint32_t window_size;
  uint32_t served_seq;
  FILE *trace;
  const struct rpc_device_copy *device; /* NULL: no NVPTX_RPC_DIRECT.  */
  /* Called while a call waits on a pipe or a terminal (rpc-server.h).  */
  void (*while_waiting) (void *context);
  void *waiting_context;
  struct guest_fd fds[GUEST_FDS];
  /* The argument block being assembled from NVPTX_RPC_MORE_ARGS pieces.  */
  char args[NVPTX_RPC_ARG_MAX];
  uint32_t args_opcode;		/* Whose pieces they are.  */
  size_t args_length;
  bool args_overflow;
  /* The last call's reply block, sent a window at a time: the first
     piece with the call's reply, the rest on NVPTX_RPC_REPLY_PIECE.  */
  unsigned char *reply_block;
  size_t reply_length, reply_capacity;
  uint32_t reply_opcode;	/* Whose block it is; 0 when none.  */
  int64_t reply_result;
  /* "NAME=VALUE\0..." snapshot of the host environment, made on demand,
     or the one rpc_server_set_environment made.  */
  char *env_block;
  size_t env_length;
  /* Confinement (rpc_server_confine).  All false or zero unless set.  */
  bool sandboxed;		/* Paths resolve beneath root_fd.  */
  bool read_only;		/* Calls that change files get EROFS.  */
  bool openat2_probed;		/* openat2_missing is known.  */
  bool openat2_missing;		/* No openat2 here (openat2_missing ()).  */
  int root_fd;			/* The sandbox directory, O_PATH.  */
  int cwd_fd;			/* The program's working directory beneath
				   it, O_PATH.  Without a sandbox the
				   program's is the launcher's own.  */
  char *root_path;		/* The host path of root_fd, as /proc
				   names it.  */
};

/* One served call: the request, the reply being built, and the window
   (for a WRITE, from where its bytes start).  */
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

/* Each request's name and trace format (nvptx-rpc.h).  */
static const struct
{
  const char *name;
  const char *trace;
} opcodes[NVPTX_RPC_OPCODE_END] = {
#define OP(op, name, trace) [NVPTX_RPC_##op] = { #name, trace },
  NVPTX_RPC_OPCODES (OP)
#undef OP
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

/* Reply with RESULT (-1 takes the host errno) and the reply block DATA,
   LENGTH bytes, which goes back a window at a time.  */
static void
reply_data (struct call *c, int64_t result, const void *data, size_t length)
{
  struct rpc_server *s = c->server;

  if (result == -1)
    {
      reply (c, -1);
      return;
    }
  if (length > s->reply_capacity)
    {
      unsigned char *block = realloc (s->reply_block, length);
      if (block == NULL)
	{
	  reply_error (c, NVPTX_RPC_ENOMEM);
	  return;
	}
      s->reply_block = block;
      s->reply_capacity = length;
    }
  if (length > 0)
    memcpy (s->reply_block, data, length);
  s->reply_length = length;
  reply (c, result);
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

/* The lowest free guest fd from LOWEST on, or -1 with an EMFILE reply.  */
static int
free_guest_fd (struct call *c, int64_t lowest)
{
  for (int64_t fd = lowest; fd < GUEST_FDS; fd++)
    if (c->server->fds[fd].host_fd < 0)
      return fd;
  reply_error (c, NVPTX_RPC_EMFILE);
  return -1;
}

/* Let go of guest descriptor G: close the host fd if the program opened
   it (the launcher's own standard streams stay open for its messages).  */
static int
release_guest_fd (struct guest_fd *g)
{
  int rc = 0;

  if (g->dir)
    closedir (g->dir);
  if (g->owned)
    rc = close (g->host_fd);
  *g = (struct guest_fd) { .host_fd = -1 };
  return rc;
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

/* File mode bits from the protocol value WIRE, or false with an error
   reply: EINVAL when WIRE has bits beyond the permission bits (07777),
   EPERM for the set-user-ID and set-group-ID bits, which would let a
   file the GPU program wrote run with the launcher user's identity (or
   a group's) for anyone who runs it.  The sticky bit is the program's
   to set.  */
static bool
take_mode (struct call *c, int64_t wire, mode_t *mode)
{
  if (wire & ~(int64_t) NVPTX_RPC_S_IPERM)
    {
      reply_error (c, NVPTX_RPC_EINVAL);
      return false;
    }
  if (wire & (S_ISUID | S_ISGID))
    {
      reply_error (c, NVPTX_RPC_EPERM);
      return false;
    }
  *mode = wire;
  return true;
}

/* Open flags from protocol values, or -1 when WIRE has a bit that is not
   one; the access mode is the caller's.  */
static int
oflags_from_wire (uint64_t wire)
{
  int flags = 0;

  for (size_t i = 0; i < sizeof oflag_table / sizeof *oflag_table; i++)
    if (wire & oflag_table[i].wire)
      {
	flags |= oflag_table[i].host;
	wire &= ~(uint64_t) oflag_table[i].wire;
      }
  return wire == 0 ? flags : -1;
}

static uint32_t
oflags_to_wire (int flags)
{
  uint32_t wire = 0;

  for (size_t i = 0; i < sizeof oflag_table / sizeof *oflag_table; i++)
    if ((flags & oflag_table[i].host) == oflag_table[i].host)
      wire |= oflag_table[i].wire;
  return wire;
}

/* Paths.

   Every path the program names goes through resolve, with openat2 (the
   kernel's own resolution, so no race with a rename, and no walk of ours
   to get wrong): magic links (/proc/PID/fd/N, cwd, exe, root,
   map_files) are never followed, so the launcher's descriptors and
   memory stay out of reach, and proc_file_refused keeps the files of
   procfs that would give them anyway.  In a sandbox the path must also
   stay beneath the sandbox directory (open_beneath).

   A call that acts on the file a path leads to (open, stat, chmod,
   truncate...) resolves the whole path, to an O_PATH descriptor when it
   does not open the file; one that makes, removes or renames a directory
   entry (mkdir, unlink, rename...) resolves the directory the entry is
   in, and the *at call then acts on the last component there
   (take_entry), which the kernel does not follow.  */

/* What a call does with the file a path names, for the checks on it.  */
enum path_use
{
  PATH_LOOK,			/* Reads its attributes or its name.  */
  PATH_READ,			/* Opens it for reading.  */
  PATH_WRITE			/* Opens it for writing, or changes it or
				   its entries.  */
};

/* glibc has no wrapper for it (2.36).  */
static int
sys_openat2 (int dir_fd, const char *path, const struct open_how *how)
{
  return syscall (SYS_openat2, dir_fd, path, how, sizeof *how);
}

/* Whether openat2 is missing: a kernel before Linux 5.6, or a seccomp
   filter that does not know it (EPERM, as older container runtimes
   give).  Probed once, not judged from the program's own calls, which
   could fail with EPERM for other reasons and so turn the checks off.  */
static bool
openat2_missing (struct rpc_server *s)
{
  struct open_how how = { .flags = O_PATH | O_CLOEXEC };

  if (!s->openat2_probed)
    {
      int fd = sys_openat2 (AT_FDCWD, "/", &how);
      if (fd >= 0)
	close (fd);
      s->openat2_missing = fd < 0 && (errno == ENOSYS || errno == EPERM);
      s->openat2_probed = true;
    }
  return s->openat2_missing;
}

/* The name under which the server reaches the file it holds as FD, an
   O_PATH descriptor: chmod, chown, access, truncate and utimensat take
   no such descriptor on every kernel that has openat2.  */
#define FD_PATH_SIZE 32

static const char *
fd_path (int fd, char path[FD_PATH_SIZE])
{
  snprintf (path, FD_PATH_SIZE, "/proc/self/fd/%d", fd);
  return path;
}

/* The host path of FD, as /proc names it, into PATH (PATH_MAX bytes).  */
static int
host_path (int fd, char path[PATH_MAX])
{
  char link[FD_PATH_SIZE];
  ssize_t n = readlink (fd_path (fd, link), path, PATH_MAX);

  if (n < 0)
    return -1;
  if (n == PATH_MAX)
    {
      errno = ENAMETOOLONG;
      return -1;
    }
  path[n] = '\0';
  return 0;
}

/* PATH, an absolute path, made relative to the sandbox directory ("" for
   the directory itself); NULL when it does not start with the
   directory's host path.  Repeated slashes count as one.  Only the
   lexical part: openat2 resolves the rest beneath the directory, `..'
   and symlinks included.  */
static const char *
path_beneath_root (const struct rpc_server *s, const char *path)
{
  const char *p = path, *r = s->root_path;

  while (*r)
    if (*r == '/')
      {
	if (*p != '/')
	  return NULL;
	while (*p == '/')
	  p++;
	r++;
      }
    else if (*p++ != *r++)
      return NULL;
  /* "/box" is not beneath "/bo".  */
  if (r[-1] != '/' && *p != '/' && *p != '\0')
    return NULL;
  while (*p == '/')
    p++;
  return p;
}

/* The host path of DIR_FD, a directory in the sandbox, into PATH
   (PATH_MAX bytes).  ENOENT once the directory has been removed, as
   getcwd gives; EACCES if another process moved it out of the
   sandbox.  */
static int
sandbox_dir_path (const struct rpc_server *s, int dir_fd, char path[PATH_MAX])
{
  struct stat st;

  if (fstat (dir_fd, &st) != 0 || host_path (dir_fd, path) != 0)
    return -1;
  if (st.st_nlink == 0)
    {
      errno = ENOENT;
      return -1;
    }
  if (path_beneath_root (s, path) == NULL)
    {
      errno = EACCES;
      return -1;
    }
  return 0;
}

/* The host path of the program's working directory in the sandbox, into
   PATH (PATH_MAX bytes): what getcwd reports.  */
static int
sandbox_cwd (const struct rpc_server *s, char path[PATH_MAX])
{
  return sandbox_dir_path (s, s->cwd_fd, path);
}

/* The errno for the program after openat2 from DIR_FD refused PATH with
   ELOOP: ELOOP for a loop of symlinks, or for a last component that
   O_NOFOLLOW did not follow, as open gives; EACCES for a magic link,
   which the resolver refuses.  Tell them apart by resolving again for an
   O_PATH descriptor, which grants nothing: first stopping at a last
   symlink, then following magic links too.  */
static int
loop_errno (int dir_fd, const char *path, const struct open_how *how)
{
  struct open_how look = {
    .flags = O_PATH | O_CLOEXEC | (how->flags & (O_NOFOLLOW | O_DIRECTORY)),
    .resolve = how->resolve,
  };
  int fd = sys_openat2 (dir_fd, path, &look);

  if (fd >= 0 || errno != ELOOP)
    {
      if (fd >= 0)
	close (fd);
      return ELOOP;
    }
  look.resolve &= ~(uint64_t) RESOLVE_NO_MAGICLINKS;
  fd = sys_openat2 (dir_fd, path, &look);
  if (fd >= 0)
    close (fd);
  else if (errno == ELOOP)
    return ELOOP;
  return EACCES;
}

/* openat2 from DIR_FD, again while the kernel asks (EAGAIN: a rename
   elsewhere raced with a RESOLVE_BENEATH lookup of `..'), ELOOP sorted
   out by loop_errno.  EXDEV, a RESOLVE_BENEATH escape, stays EXDEV for
   the caller.  */
static int
openat2_retrying (int dir_fd, const char *path, const struct open_how *how)
{
  int fd;

  for (int tries = 0;; tries++)
    {
      fd = sys_openat2 (dir_fd, path, how);
      if (fd >= 0 || errno != EAGAIN || tries == 16
	  || !(how->resolve & RESOLVE_BENEATH))
	break;
    }
  if (fd < 0 && errno == ELOOP)
    errno = loop_errno (dir_fd, path, how);
  return fd;
}

/* openat2 of PATH beneath the sandbox directory (EXDEV if it leaves it).
   An absolute path must start with the directory's host path.  A
   relative one is resolved from BASE, a directory in the sandbox, or
   the working directory for AT_FDCWD, and if it climbs above that,
   again from the sandbox directory through BASE's path: `..' may leave
   BASE and stay in the sandbox, which RESOLVE_BENEATH from BASE would
   refuse.  */
static int
open_beneath (const struct rpc_server *s, int base, const char *path,
	      const struct open_how *how)
{
  int from = base == AT_FDCWD ? s->cwd_fd : base;
  char cwd[PATH_MAX], *full;
  const char *rest;
  int fd;

  if (path[0] == '/')
    {
      if ((rest = path_beneath_root (s, path)) == NULL)
	{
	  errno = EXDEV;
	  return -1;
	}
      return openat2_retrying (s->root_fd, *rest ? rest : ".", how);
    }
  fd = openat2_retrying (from, path, how);
  if (fd >= 0 || errno != EXDEV)
    return fd;
  if (sandbox_dir_path (s, from, cwd) != 0)
    return -1;
  rest = path_beneath_root (s, cwd);
  if (asprintf (&full, "%s%s%s", rest, *rest ? "/" : "", path) < 0)
    {
      errno = ENOMEM;
      return -1;
    }
  fd = openat2_retrying (s->root_fd, full, how);
  free (full);
  return fd;
}

/* Whether the program may not have FD, just opened for USE, because it
   is a file of procfs: any, to write or change (the launcher's memory,
   its settings, the kernel's), and /proc/PID/mem, /proc/PID/environ and
   /proc/kcore to read (the launcher's memory and environment, or the
   machine's).  Judged by the file itself, not by the path that named it,
   so that a symlink, /proc/thread-self or another mount of procfs
   changes nothing.  When in doubt, refuse.  */
static bool
proc_file_refused (int fd, enum path_use use)
{
  static const char *const unreadable[] = { "mem", "environ", "kcore" };
  struct statfs fs;
  char path[PATH_MAX];

  if (use == PATH_LOOK)
    return false;
  if (fstatfs (fd, &fs) != 0)
    return true;
  if (fs.f_type != PROC_SUPER_MAGIC)
    return false;
  if (use == PATH_WRITE || host_path (fd, path) != 0)
    return true;
  const char *name = strrchr (path, '/');
  name = name ? name + 1 : path;
  for (size_t i = 0; i < sizeof unreadable / sizeof *unreadable; i++)
    if (strcmp (name, unreadable[i]) == 0)
      return true;
  return false;
}

/* Open PATH as the program names it, relative to BASE (AT_FDCWD, or a
   directory take_base gave), with FLAGS (and O_CLOEXEC) and MODE (for
   O_CREAT), for USE: the one resolver of every path.  What it
   refuses gets EACCES: a magic link, a file proc_file_refused keeps, and
   in a sandbox a path that leaves it.  Outside a sandbox, where openat2
   is missing, it falls back to openat and the procfs check alone, which
   does not see magic links.  Returns the host fd, or -1 with errno.  */
static int
resolve (struct rpc_server *s, int base, const char *path, int flags,
	 mode_t mode, enum path_use use)
{
  struct open_how how = {
    .flags = flags | O_CLOEXEC,
    .mode = flags & O_CREAT ? mode : 0,
    .resolve = RESOLVE_NO_MAGICLINKS | (s->sandboxed ? RESOLVE_BENEATH : 0),
  };
  int fd;

  if (s->sandboxed)
    {
      fd = open_beneath (s, base, path, &how);
      if (fd < 0 && errno == EXDEV)
	errno = EACCES;
    }
  else if (openat2_missing (s))
    fd = openat (base, path, (int) how.flags, (mode_t) how.mode);
  else
    fd = openat2_retrying (base, path, &how);
  if (fd >= 0 && proc_file_refused (fd, use))
    {
      close (fd);
      errno = EACCES;
      return -1;
    }
  return fd;
}

/* PATH resolved for USE as an O_PATH descriptor (FLAGS: O_NOFOLLOW to stop
   at a last symlink, O_DIRECTORY); on failure, the error is the reply
   and the result -1.  */
static int
take_path_fd (struct call *c, int base, const char *path, int flags,
	      enum path_use use)
{
  int fd = resolve (c->server, base, path, O_PATH | flags, 0, use);

  if (fd < 0)
    reply (c, -1);
  return fd;
}

/* A directory entry that a call makes, removes or renames: the directory
   it is in, resolved as every path is (O_PATH), and its name there, the
   path's last component with its trailing slashes, which the *at calls
   check as the plain calls do without following a last symlink.  */
struct entry
{
  int dir_fd;
  const char *name;
};

/* NAME is "..", perhaps with slashes after.  */
static bool
is_dot_dot (const char *name)
{
  return name[0] == '.' && name[1] == '.' && name[2 + strspn (name + 2, "/")]
	 == '\0';
}

/* The entry PATH names, into *E; on failure, the error is the reply and
   the result false.  The caller closes E->dir_fd.  */
static bool
take_entry (struct call *c, int base, const char *path, struct entry *e)
{
  struct rpc_server *s = c->server;
  char parent[NVPTX_RPC_ARG_MAX];
  size_t end = strlen (path), start;

  if (end == 0)
    {
      reply_error (c, NVPTX_RPC_ENOENT);
      return false;
    }
  while (end > 0 && path[end - 1] == '/')
    end--;
  for (start = end; start > 0 && path[start - 1] != '/'; start--)
    ;
  e->name = path + start;
  if (end == 0)
    /* Only slashes: the root is its own entry, and its own directory.  */
    strcpy (parent, "/");
  else if (start == 0)
    strcpy (parent, ".");
  else
    {
      memcpy (parent, path, start);
      parent[start] = '\0';
    }
  e->dir_fd = resolve (s, base, parent, O_PATH | O_DIRECTORY, 0,
		       PATH_WRITE);
  if (e->dir_fd < 0)
    {
      reply (c, -1);
      return false;
    }
  /* The kernel refuses to make, remove or rename "..", but looks it up
     for link: in a sandbox, only where resolving may go.  */
  if (s->sandboxed && is_dot_dot (e->name))
    {
      int fd = resolve (s, base, path, O_PATH, 0, PATH_LOOK);
      if (fd < 0)
	{
	  reply (c, -1);
	  close (e->dir_fd);
	  return false;
	}
      close (fd);
    }
  return true;
}

/* Under --read-only, reply EROFS to a call that would change the file
   system, and return true.  */
static bool
read_only_refused (struct call *c)
{
  if (!c->server->read_only)
    return false;
  reply_error (c, NVPTX_RPC_EROFS);
  return true;
}

/* The directory from which an *at call resolves PATH, the guest
   descriptor DIRFD or NVPTX_RPC_AT_FDCWD, into *BASE: AT_FDCWD (the
   working directory, or any for an absolute PATH, which needs none) or
   the host fd of the directory, which resolve then starts from under
   the same rules.  In a sandbox only a directory in it will do: EACCES
   for a descriptor made outside (guest_fd.outside), which would lead
   beneath itself, and for one another process has moved out since.
   False with the reply given otherwise (EBADF).  */
static bool
take_base (struct call *c, int64_t dirfd, const char *path, int *base)
{
  struct rpc_server *s = c->server;
  char where[PATH_MAX];
  struct guest_fd *g;

  *base = AT_FDCWD;
  if (dirfd == NVPTX_RPC_AT_FDCWD || path[0] == '/')
    return true;
  if ((g = guest_fd (c, dirfd)) == NULL)
    return false;
  if (s->sandboxed
      && (g->outside || sandbox_dir_path (s, g->host_fd, where) != 0))
    {
      reply_error (c, NVPTX_RPC_EACCES);
      return false;
    }
  *base = g->host_fd;
  return true;
}

/* The host's AT_* flags for the protocol's WIRE, of which the call takes
   ALLOWED, or false with an EINVAL reply for any other bit.  */
static bool
take_at_flags (struct call *c, int64_t wire, int64_t allowed, int *flags)
{
  static const struct
  {
    int64_t wire;
    int host;
  } at_flags[] = {
    { NVPTX_RPC_AT_EACCESS, AT_EACCESS },
    { NVPTX_RPC_AT_SYMLINK_NOFOLLOW, AT_SYMLINK_NOFOLLOW },
    { NVPTX_RPC_AT_SYMLINK_FOLLOW, AT_SYMLINK_FOLLOW },
    { NVPTX_RPC_AT_REMOVEDIR, AT_REMOVEDIR },
    { NVPTX_RPC_AT_EMPTY_PATH, AT_EMPTY_PATH },
  };

  if (wire & ~allowed)
    {
      reply_error (c, NVPTX_RPC_EINVAL);
      return false;
    }
  *flags = 0;
  for (size_t i = 0; i < sizeof at_flags / sizeof *at_flags; i++)
    if (wire & at_flags[i].wire)
      *flags |= at_flags[i].host;
  return true;
}

/* PATH from DIRFD resolved for USE as take_path_fd does, stopping at a
   last symlink when AT flags FLAGS say AT_SYMLINK_NOFOLLOW: the file an
   *at call acts on, which the server then reaches through fd_path.  */
static int
take_path_fd_at (struct call *c, int64_t dirfd, const char *path, int flags,
		 enum path_use use)
{
  int base;

  if (!take_base (c, dirfd, path, &base))
    return -1;
  return take_path_fd (c, base, path,
		       flags & AT_SYMLINK_NOFOLLOW ? O_NOFOLLOW : 0, use);
}

/* take_entry for an *at call: PATH's entry, from DIRFD.  */
static bool
take_entry_at (struct call *c, int64_t dirfd, const char *path,
	       struct entry *e)
{
  int base;

  return take_base (c, dirfd, path, &base) && take_entry (c, base, path, e);
}

/* Whether the program may not change the file guest descriptor G leads
   to (its mode, its size, O_APPEND on it), with the reply given if so:
   the rules of the calls that name the file by its path, for the calls
   on a descriptor, all of which ask here.  EROFS under --read-only, as
   read_only_refused gives the path forms; EACCES for a file of procfs,
   as resolve gives them (proc_file_refused), and in a sandbox for a file
   outside it, which the program may read and write through the
   descriptor but not change otherwise.  Outside or not is recorded when
   the descriptor is made (guest_fd.outside), by what resolved it, not
   judged now from the name /proc gives the file: that name may have
   been renamed or removed since, and a hard link makes it one of
   several; the path forms too decide by what resolve allowed.  fsync
   and fdatasync change nothing and do not ask.  */
static bool
fd_change_refused (struct call *c, const struct guest_fd *g)
{
  if (read_only_refused (c))
    return true;
  if (proc_file_refused (g->host_fd, PATH_WRITE)
      || (c->server->sandboxed && g->outside))
    {
      reply_error (c, NVPTX_RPC_EACCES);
      return true;
    }
  return false;
}

/* Whether open FLAGS would change a file (or make one).  */
static bool
open_changes (int flags)
{
  return (flags & O_ACCMODE) != O_RDONLY
	 || (flags & (O_CREAT | O_TRUNC | O_APPEND));
}

/* Undo rpc_server_confine: the launcher's working directory again.  */
static void
release_confinement (struct rpc_server *s)
{
  if (s->sandboxed)
    {
      close (s->root_fd);
      close (s->cwd_fd);
    }
  free (s->root_path);
  s->root_path = NULL;
  s->sandboxed = s->read_only = false;
}

/* Open the host's null device with FLAGS, for a program in a sandbox or
   under --read-only that names "/dev/null": reading it gives nothing and
   writing it changes nothing, so it is allowed in every mode.  Only if
   it is the null device (character device 1, 3), and never created.  */
static int
open_null_device (int flags)
{
  struct stat st;
  int fd = open ("/dev/null", (flags & ~(O_CREAT | O_EXCL | O_TRUNC))
		 | O_NOFOLLOW | O_CLOEXEC);

  if (fd >= 0 && (fstat (fd, &st) != 0 || !S_ISCHR (st.st_mode)
		  || st.st_rdev != makedev (1, 3)))
    {
      close (fd);
      errno = EACCES;
      return -1;
    }
  return fd;
}

static void
serve_nop (struct call *c)
{
  reply (c, 0);
}

/* How often a call that waits on a pipe or a terminal lets the launcher
   look at the kernel.  */
#define WAIT_SLICE_MS 100

/* resolve PATH for open, FLAGS as the program gave them, without letting
   a FIFO with no peer block the server: the open itself never waits
   (O_NONBLOCK), and O_NONBLOCK goes again after it unless the program
   asked for it.  A FIFO opened for writing with no reader yet (ENXIO) is
   opened again every WAIT_SLICE_MS, the launcher's while_waiting called
   in between; one opened for reading waits for its writer in its first
   read (wait_ready), which sees the same data or end of file a blocking
   open and read would have.  */
static int
open_without_waiting (struct rpc_server *s, int base, const char *path,
		      int flags, mode_t mode, int use)
{
  struct stat st;
  int fd;

  while ((fd = resolve (s, base, path, flags | O_NONBLOCK, mode, use)) < 0
	 && errno == ENXIO && !(flags & O_NONBLOCK)
	 && (flags & O_ACCMODE) == O_WRONLY)
    {
      int probe = resolve (s, base, path, O_PATH, 0, PATH_READ);
      bool fifo = probe >= 0 && fstat (probe, &st) == 0
		  && S_ISFIFO (st.st_mode);
      if (probe >= 0)
	close (probe);
      if (!fifo)
	{
	  errno = ENXIO;
	  return -1;
	}
      if (s->while_waiting)
	s->while_waiting (s->waiting_context);
      poll (NULL, 0, WAIT_SLICE_MS);
    }
  if (fd >= 0 && !(flags & O_NONBLOCK))
    fcntl (fd, F_SETFL, fcntl (fd, F_GETFL) & ~O_NONBLOCK);
  return fd;
}

/* open, or openat from DIRFD, with the protocol's flags WFLAGS and the
   mode WMODE.  */
static void
open_at (struct call *c, int64_t dirfd, uint64_t wflags, int64_t wmode)
{
  const char *path;
  int flags, fd, host_fd, base;
  mode_t mode;
  struct stat st;

  if (!take_strings (c, &path, 1) || !take_mode (c, wmode, &mode))
    return;
  switch (wflags & NVPTX_RPC_O_ACCMODE)
    {
    case NVPTX_RPC_O_RDONLY: flags = O_RDONLY; break;
    case NVPTX_RPC_O_WRONLY: flags = O_WRONLY; break;
    case NVPTX_RPC_O_RDWR: flags = O_RDWR; break;
    default: reply_error (c, NVPTX_RPC_EINVAL); return;
    }
  int more = oflags_from_wire (wflags & ~(uint64_t) NVPTX_RPC_O_ACCMODE);
  if (more < 0)
    {
      reply_error (c, NVPTX_RPC_EINVAL);
      return;
    }
  /* POSIX: the lowest free descriptor.  */
  if ((fd = free_guest_fd (c, 0)) < 0)
    return;
  flags |= more;
  bool null_device = strcmp (path, "/dev/null") == 0;
  if ((!null_device && open_changes (flags) && read_only_refused (c))
      || !take_base (c, dirfd, path, &base))
    return;
  /* The program's exec is not the launcher's: never leak into children
     (resolve adds O_CLOEXEC).  */
  bool outside = null_device && (c->server->sandboxed
				  || c->server->read_only);
  if (outside)
    host_fd = open_null_device (flags);
  else
    host_fd = open_without_waiting (c->server, base, path, flags, mode,
				    open_changes (flags) ? PATH_WRITE
				    : PATH_READ);
  if (host_fd < 0)
    {
      reply (c, -1);
      return;
    }
  c->server->fds[fd] = (struct guest_fd) {
    .host_fd = host_fd, .owned = true, .cloexec = (flags & O_CLOEXEC) != 0,
    .regular = fstat (host_fd, &st) == 0 && S_ISREG (st.st_mode),
    .outside = outside,
  };
  reply (c, fd);
}

static void
serve_open (struct call *c)
{
  open_at (c, NVPTX_RPC_AT_FDCWD, c->req->arg[0], c->req->arg[1]);
}

static void
serve_openat (struct call *c)
{
  open_at (c, c->req->arg[0], c->req->arg[1], c->req->arg[2]);
}

static void
serve_close (struct call *c)
{
  struct guest_fd *g = guest_fd (c, c->req->arg[0]);

  if (g != NULL)
    reply (c, release_guest_fd (g));
}

/* Wait until G's host fd is ready for EVENTS, if it is not a regular file
   (a pipe or a terminal may never be), calling the launcher's
   while_waiting every WAIT_SLICE_MS meanwhile: it ends the launcher when
   the kernel has failed or run out of time, which nothing else would
   notice while the server waits here.  Without while_waiting, the wait is
   one poll.  The wait comes first even where a read would block anyway:
   a FIFO opened for reading before its writer (open_without_waiting)
   reads end of file until one comes, and its poll waits for it.  Not
   for a descriptor the program made non-blocking.  A poll error is left
   to the read or write that follows.  */
static void
wait_ready (const struct rpc_server *s, const struct guest_fd *g,
	    short events)
{
  struct pollfd p = { .fd = g->host_fd, .events = events };
  int slice = s->while_waiting ? WAIT_SLICE_MS : -1;

  if (g->regular || fcntl (g->host_fd, F_GETFL) & O_NONBLOCK)
    return;
  while (poll (&p, 1, slice) == 0)
    s->while_waiting (s->waiting_context);
}

/* Move up to COUNT bytes between G and BUF, written to G when WRITING,
   else read from it: at the file's offset, or, when OFFSET is not
   NO_OFFSET, at OFFSET, leaving the file's own (pread, pwrite).  A write
   goes on until all is written; a read of a regular file until COUNT or
   its end, and of anything else (a pipe, a terminal) is one read, so
   that an interactive program is not kept waiting for input nobody has
   typed yet.  Returns the bytes moved, fewer after an error or a call
   that moved none, or -1 (errno set) for an error before any.  */
#define NO_OFFSET (-1)

static ssize_t
move_host (const struct rpc_server *s, const struct guest_fd *g,
	   unsigned char *buf, size_t count, bool writing, off_t offset)
{
  size_t done = 0;

  while (done < count)
    {
      wait_ready (s, g, writing ? POLLOUT : POLLIN);
      ssize_t n;
      if (offset == NO_OFFSET)
	n = writing ? write (g->host_fd, buf + done, count - done)
	    : read (g->host_fd, buf + done, count - done);
      else
	n = writing ? pwrite (g->host_fd, buf + done, count - done,
			      offset + (off_t) done)
	    : pread (g->host_fd, buf + done, count - done,
		     offset + (off_t) done);
      if (n < 0 && errno == EINTR)
	continue;
      if (n < 0 && done == 0)
	return -1;
      if (n <= 0)
	break;
      done += n;
      if (!writing && !g->regular)
	break;
    }
  return done;
}

/* The program's memory of a direct transfer, arg1 bytes at device
   address arg2: false, with an error reply, unless the copies reach all
   of it.  Checked before any I/O, so that a refused transfer has read
   and written nothing, and the program can make it through the window
   instead.  */
static bool
take_device_range (struct call *c)
{
  const struct rpc_device_copy *d = c->server->device;
  int64_t count = c->req->arg[1];
  uint64_t address = c->req->arg[2];

  if (count < 0)
    reply_error (c, NVPTX_RPC_EINVAL);
  else if (address == 0 || (uint64_t) count > UINT64_MAX - address
	   || !d->reachable (d->context, address, count))
    reply_error (c, NVPTX_RPC_EFAULT);
  else
    return true;
  return false;
}

/* Reply to a direct transfer of COUNT bytes that moved DONE of them:
   DONE, or -1 with ERROR (a host errno, EFAULT for a failed copy) when
   there was one before any byte moved.  */
static void
reply_direct (struct call *c, size_t done, size_t count, int error)
{
  if (done == 0 && error != 0)
    {
      errno = error;
      reply (c, -1);
      return;
    }
  if (done < count)
    c->rep->flags |= NVPTX_RPC_DONE;
  reply (c, done);
}

/* A direct read, a staging buffer at a time: the file is read into one
   while the other's bytes are copied to the program, and a buffer is
   read into only once its last copy has ended.  As through the window,
   a regular file is read to the count or its end, anything else with
   one read; from OFFSET as move_host.  */
static void
read_direct (struct call *c, struct guest_fd *g, off_t offset)
{
  const struct rpc_device_copy *d = c->server->device;
  size_t count = c->req->arg[1], taken = 0, copied = 0;
  uint64_t address = c->req->arg[2];
  bool copying = false, more = true;
  int error = 0;

  for (int b = 0;; b ^= 1)
    {
      size_t start = taken;
      size_t room = count - start < d->staging_size ? count - start
		    : d->staging_size;
      ssize_t n = more ? move_host (c->server, g, d->staging[b], room, false,
				    offset == NO_OFFSET ? NO_OFFSET
				    : offset + (off_t) start)
		  : 0;
      if (n < 0)
	error = errno;
      else
	taken += n;
      if (copying && d->wait (d->context) != 0)
	{
	  error = EFAULT;
	  break;
	}
      copied = start;
      if (n <= 0)
	break;
      if (d->start_to_device (d->context, address + start, d->staging[b], n)
	  != 0)
	{
	  error = EFAULT;
	  break;
	}
      copying = true;
      more = (size_t) n == room && g->regular && taken < count;
    }
  /* Bytes read that never reached the program go back to a regular
     file, whose offset then stays after the bytes delivered, as after a
     read into a partly bad buffer.  A pipe's are lost.  pread's offset
     is not the file's.  */
  if (taken > copied && g->regular && offset == NO_OFFSET)
    lseek (g->host_fd, (off_t) copied - (off_t) taken, SEEK_CUR);
  if (!g->regular)
    c->rep->flags |= NVPTX_RPC_DONE;
  reply_direct (c, copied, count, error);
}

/* A direct write, a staging buffer at a time: the program's next bytes
   are copied into one while the other is written to the file, from
   OFFSET as move_host.  */
static void
write_direct (struct call *c, struct guest_fd *g, off_t offset)
{
  const struct rpc_device_copy *d = c->server->device;
  size_t count = c->req->arg[1], fetched = 0, written = 0, ready = 0;
  uint64_t address = c->req->arg[2];
  int error = 0;

  for (int b = 0;; b ^= 1)
    {
      /* READY bytes wait in the other buffer.  */
      size_t next = count - fetched < d->staging_size ? count - fetched
		    : d->staging_size;
      bool copying = next > 0
		     && d->start_to_host (d->context, d->staging[b],
					  address + fetched, next) == 0;
      bool copied = copying;
      ssize_t n = ready > 0
		  ? move_host (c->server, g, d->staging[b ^ 1], ready, true,
			       offset == NO_OFFSET ? NO_OFFSET
			       : offset + (off_t) written)
		  : 0;
      if (n < 0)
	error = errno;
      else
	written += n;
      if (copying && d->wait (d->context) != 0)
	copied = false;
      /* After a short write, what follows is not written.  */
      if (n != (ssize_t) ready || next == 0)
	break;
      if (!copied)
	{
	  error = EFAULT;
	  break;
	}
      fetched += next;
      ready = next;
    }
  reply_direct (c, written, count, error);
}

/* read, or pread from OFFSET (move_host).  */
static void
read_at (struct call *c, struct guest_fd *g, off_t offset)
{
  int64_t count = c->req->arg[1];

  if (c->req->flags & NVPTX_RPC_DIRECT)
    {
      if (take_device_range (c))
	read_direct (c, g, offset);
      return;
    }
  if (count < 0)
    {
      reply_error (c, NVPTX_RPC_EINVAL);
      return;
    }
  if (count > c->server->window_size)
    count = c->server->window_size;
  ssize_t n = move_host (c->server, g, c->window, count, false, offset);
  if (n >= 0)
    {
      c->rep->length = n;
      if (n < count || !g->regular)
	c->rep->flags |= NVPTX_RPC_DONE;
    }
  reply (c, n);
}

/* write, or pwrite from OFFSET (move_host).  */
static void
write_at (struct call *c, struct guest_fd *g, off_t offset)
{
  if (c->req->flags & NVPTX_RPC_DIRECT)
    {
      if (take_device_range (c))
	write_direct (c, g, offset);
      return;
    }
  /* The bytes start at arg1 in the window: the client may be filling
     the rest for its next write.  serve has checked that length fits
     the window.  */
  uint64_t at = c->req->arg[1];
  if (at > c->server->window_size - c->req->length)
    {
      reply_error (c, NVPTX_RPC_EPROTO);
      return;
    }
  c->window += at;
  ssize_t n = move_host (c->server, g, c->window, c->req->length, true,
			 offset);
  /* An error after progress, or no progress at all: a short count.  */
  if (n >= 0 && (size_t) n < c->req->length)
    c->rep->flags |= NVPTX_RPC_DONE;
  reply (c, n);
}

static void
serve_read (struct call *c)
{
  struct guest_fd *g = guest_fd (c, c->req->arg[0]);

  if (g != NULL)
    read_at (c, g, NO_OFFSET);
}

static void
serve_write (struct call *c)
{
  struct guest_fd *g = guest_fd (c, c->req->arg[0]);

  if (g != NULL)
    write_at (c, g, NO_OFFSET);
}

/* The descriptor and offset of a PREAD or PWRITE (arg0, arg3), or NULL
   with an error reply.  As Linux: EINVAL for a negative offset, before
   the descriptor is looked at, and for a transfer that would end past
   the largest offset (arg1 is the count of a direct one, the most a
   window may carry otherwise); ESPIPE for a descriptor that has no
   offset (a pipe, a terminal), before a read would wait on it.  */
static struct guest_fd *
take_positioned (struct call *c, off_t *offset)
{
  int64_t at = c->req->arg[3], count;
  struct guest_fd *g;

  if (c->req->flags & NVPTX_RPC_DIRECT)
    count = c->req->arg[1];
  else if (c->req->opcode == NVPTX_RPC_PWRITE)
    count = c->req->length;
  else
    count = c->req->arg[1] < c->server->window_size ? c->req->arg[1]
	    : c->server->window_size;

  _Static_assert (sizeof (off_t) == sizeof (int64_t), "host off_t");
  if (at < 0 || (count > 0 && at > INT64_MAX - count))
    {
      reply_error (c, NVPTX_RPC_EINVAL);
      return NULL;
    }
  if ((g = guest_fd (c, c->req->arg[0])) == NULL)
    return NULL;
  if (lseek (g->host_fd, 0, SEEK_CUR) < 0)
    {
      reply (c, -1);
      return NULL;
    }
  *offset = at;
  return g;
}

static void
serve_pread (struct call *c)
{
  struct guest_fd *g;
  off_t offset;

  if ((g = take_positioned (c, &offset)) != NULL)
    read_at (c, g, offset);
}

static void
serve_pwrite (struct call *c)
{
  struct guest_fd *g;
  off_t offset;

  if ((g = take_positioned (c, &offset)) != NULL)
    write_at (c, g, offset);
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

/* Reply to a stat call: RC, and ST as a struct nvptx_rpc_stat.  */
static void
reply_stat (struct call *c, int rc, const struct stat *st)
{
  struct nvptx_rpc_stat w = { 0 };

  if (rc == 0)
    w = (struct nvptx_rpc_stat) {
      .dev = st->st_dev, .ino = st->st_ino,
      /* The S_IF* and permission bits are the traditional octal values
	 on every host we build for; the check below keeps that honest.  */
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
  reply_data (c, rc, &w, sizeof w);
}

static void
serve_fstat (struct call *c)
{
  struct guest_fd *g = guest_fd (c, c->req->arg[0]);
  struct stat st;

  if (g != NULL)
    reply_stat (c, fstat (g->host_fd, &st), &st);
}

/* stat, lstat (WFLAGS AT_SYMLINK_NOFOLLOW) or fstatat from DIRFD: fstat
   of the file the path leads to.  A trailing slash makes lstat follow a
   last symlink too, as the kernel's lstat does, but within what resolve
   allows.  AT_EMPTY_PATH with an empty path is fstat of DIRFD.  */
static void
stat_at (struct call *c, int64_t dirfd, int64_t wflags)
{
  const char *path;
  struct guest_fd *g;
  struct stat st;
  int flags, fd;

  if (!take_strings (c, &path, 1)
      || !take_at_flags (c, wflags, NVPTX_RPC_AT_SYMLINK_NOFOLLOW
			 | NVPTX_RPC_AT_EMPTY_PATH, &flags))
    return;
  if ((flags & AT_EMPTY_PATH) && path[0] == '\0')
    {
      if (dirfd == NVPTX_RPC_AT_FDCWD)
	path = ".";
      else
	{
	  if ((g = guest_fd (c, dirfd)) != NULL)
	    reply_stat (c, fstat (g->host_fd, &st), &st);
	  return;
	}
    }
  if ((fd = take_path_fd_at (c, dirfd, path, flags, PATH_LOOK)) >= 0)
    {
      reply_stat (c, fstat (fd, &st), &st);
      close (fd);
    }
}

static void
serve_stat (struct call *c)
{
  stat_at (c, NVPTX_RPC_AT_FDCWD, 0);
}

static void
serve_lstat (struct call *c)
{
  stat_at (c, NVPTX_RPC_AT_FDCWD, NVPTX_RPC_AT_SYMLINK_NOFOLLOW);
}

static void
serve_fstatat (struct call *c)
{
  stat_at (c, c->req->arg[0], c->req->arg[1]);
}

static void
serve_isatty (struct call *c)
{
  struct guest_fd *g = guest_fd (c, c->req->arg[0]);

  if (g != NULL)
    reply (c, isatty (g->host_fd) ? 1 : -1);
}

/* unlink, rmdir (WFLAGS AT_REMOVEDIR) or unlinkat from DIRFD.  */
static void
remove_entry (struct call *c, int64_t dirfd, int64_t wflags)
{
  const char *path;
  struct entry e;
  int flags;

  if (take_strings (c, &path, 1)
      && take_at_flags (c, wflags, NVPTX_RPC_AT_REMOVEDIR, &flags)
      && !read_only_refused (c) && take_entry_at (c, dirfd, path, &e))
    {
      reply (c, unlinkat (e.dir_fd, e.name, flags));
      close (e.dir_fd);
    }
}

static void
serve_unlink (struct call *c)
{
  remove_entry (c, NVPTX_RPC_AT_FDCWD, 0);
}

static void
serve_unlinkat (struct call *c)
{
  remove_entry (c, c->req->arg[0], c->req->arg[1]);
}

/* rename, or renameat from OLD_DIRFD to NEW_DIRFD.  */
static void
rename_at (struct call *c, int64_t old_dirfd, int64_t new_dirfd)
{
  const char *paths[2];
  struct entry from, to;

  if (take_strings (c, paths, 2) && !read_only_refused (c)
      && take_entry_at (c, old_dirfd, paths[0], &from))
    {
      if (take_entry_at (c, new_dirfd, paths[1], &to))
	{
	  reply (c, renameat (from.dir_fd, from.name, to.dir_fd, to.name));
	  close (to.dir_fd);
	}
      close (from.dir_fd);
    }
}

static void
serve_rename (struct call *c)
{
  rename_at (c, NVPTX_RPC_AT_FDCWD, NVPTX_RPC_AT_FDCWD);
}

static void
serve_renameat (struct call *c)
{
  rename_at (c, c->req->arg[0], c->req->arg[1]);
}

/* link, or linkat from OLD_DIRFD to NEW_DIRFD with WFLAGS: with
   AT_SYMLINK_FOLLOW, of the file the old path leads to, resolved as
   every path is and linked through its fd_path (which the kernel
   follows to that file and no further).  AT_EMPTY_PATH, which needs
   a privilege the launcher should not lend, gets EINVAL.  */
static void
link_at (struct call *c, int64_t old_dirfd, int64_t new_dirfd,
	 int64_t wflags)
{
  const char *paths[2];
  char name[FD_PATH_SIZE];
  struct entry from, to;
  size_t length;
  int flags, fd = -1;

  if (!take_strings (c, paths, 2)
      || !take_at_flags (c, wflags, NVPTX_RPC_AT_SYMLINK_FOLLOW, &flags)
      || read_only_refused (c))
    return;
  /* A slash at its end makes link follow the old path's last symlink
     (to a directory, which it then refuses to link): resolve the path
     first, so that the kernel follows only where resolve would.  */
  length = strlen (paths[0]);
  if ((flags & AT_SYMLINK_FOLLOW)
      || (length > 0 && paths[0][length - 1] == '/'))
    {
      if ((fd = take_path_fd_at (c, old_dirfd, paths[0], 0, PATH_LOOK)) < 0)
	return;
      if (!(flags & AT_SYMLINK_FOLLOW))
	{
	  close (fd);
	  fd = -1;
	}
    }
  if (fd >= 0)
    {
      if (take_entry_at (c, new_dirfd, paths[1], &to))
	{
	  reply (c, linkat (AT_FDCWD, fd_path (fd, name), to.dir_fd, to.name,
			    AT_SYMLINK_FOLLOW));
	  close (to.dir_fd);
	}
      close (fd);
    }
  else if (take_entry_at (c, old_dirfd, paths[0], &from))
    {
      if (take_entry_at (c, new_dirfd, paths[1], &to))
	{
	  reply (c, linkat (from.dir_fd, from.name, to.dir_fd, to.name, 0));
	  close (to.dir_fd);
	}
      close (from.dir_fd);
    }
}

static void
serve_link (struct call *c)
{
  link_at (c, NVPTX_RPC_AT_FDCWD, NVPTX_RPC_AT_FDCWD, 0);
}

static void
serve_linkat (struct call *c)
{
  link_at (c, c->req->arg[0], c->req->arg[1], c->req->arg[2]);
}

/* The target is only a string: following the symlink later is what
   resolve checks.  */
static void
symlink_at (struct call *c, int64_t dirfd)
{
  const char *paths[2];
  struct entry e;

  if (take_strings (c, paths, 2) && !read_only_refused (c)
      && take_entry_at (c, dirfd, paths[1], &e))
    {
      reply (c, symlinkat (paths[0], e.dir_fd, e.name));
      close (e.dir_fd);
    }
}

static void
serve_symlink (struct call *c)
{
  symlink_at (c, NVPTX_RPC_AT_FDCWD);
}

static void
serve_symlinkat (struct call *c)
{
  symlink_at (c, c->req->arg[0]);
}

/* The link itself is resolved, not followed; its target is a string the
   program may read wherever it points.  */
static void
readlink_at (struct call *c, int64_t dirfd)
{
  const char *path;
  char target[PATH_MAX];
  struct stat st;
  ssize_t n = -1;
  int fd;

  if (!take_strings (c, &path, 1)
      || (fd = take_path_fd_at (c, dirfd, path, AT_SYMLINK_NOFOLLOW,
				PATH_LOOK)) < 0)
    return;
  if (fstat (fd, &st) == 0)
    {
      if (S_ISLNK (st.st_mode))
	n = readlinkat (fd, "", target, sizeof target);
      else
	errno = EINVAL;
    }
  reply_data (c, n, target, n < 0 ? 0 : n);
  close (fd);
}

static void
serve_readlink (struct call *c)
{
  readlink_at (c, NVPTX_RPC_AT_FDCWD);
}

static void
serve_readlinkat (struct call *c)
{
  readlink_at (c, c->req->arg[0]);
}

static void
mkdir_at (struct call *c, int64_t dirfd, int64_t wmode)
{
  const char *path;
  struct entry e;
  mode_t mode;

  if (take_strings (c, &path, 1) && take_mode (c, wmode, &mode)
      && !read_only_refused (c) && take_entry_at (c, dirfd, path, &e))
    {
      reply (c, mkdirat (e.dir_fd, e.name, mode));
      close (e.dir_fd);
    }
}

static void
serve_mkdir (struct call *c)
{
  mkdir_at (c, NVPTX_RPC_AT_FDCWD, c->req->arg[0]);
}

static void
serve_mkdirat (struct call *c)
{
  mkdir_at (c, c->req->arg[0], c->req->arg[1]);
}

/* mkfifo, mknod and their *at forms: FIFOs and regular files only.  A
   device needs a privilege the launcher should not lend, and a socket
   is no use to a program without sockets: EPERM for those, as for an
   unprivileged user, even when the launcher runs as root, and for a
   directory, as Linux gives; EINVAL for other type bits, as Linux.  */
static void
serve_mknodat (struct call *c)
{
  int64_t wmode = c->req->arg[1];
  const char *path;
  struct entry e;
  mode_t mode, type;

  if (!take_strings (c, &path, 1))
    return;
  switch (wmode & NVPTX_RPC_S_IFMT)
    {
    case 0: case NVPTX_RPC_S_IFREG: type = S_IFREG; break;
    case NVPTX_RPC_S_IFIFO: type = S_IFIFO; break;
    case NVPTX_RPC_S_IFCHR: case NVPTX_RPC_S_IFBLK: case NVPTX_RPC_S_IFSOCK:
    case NVPTX_RPC_S_IFDIR:
      reply_error (c, NVPTX_RPC_EPERM);
      return;
    default:
      reply_error (c, NVPTX_RPC_EINVAL);
      return;
    }
  if (take_mode (c, wmode & ~(int64_t) NVPTX_RPC_S_IFMT, &mode)
      && !read_only_refused (c) && take_entry_at (c, c->req->arg[0], path, &e))
    {
      reply (c, mknodat (e.dir_fd, e.name, type | mode, 0));
      close (e.dir_fd);
    }
}

static void
serve_rmdir (struct call *c)
{
  remove_entry (c, NVPTX_RPC_AT_FDCWD, NVPTX_RPC_AT_REMOVEDIR);
}

/* chmod, or fchmodat from DIRFD: with AT_SYMLINK_NOFOLLOW, of a file
   that is not a symlink (Linux cannot change a symlink's mode:
   EOPNOTSUPP, as glibc gives).  */
static void
chmod_at (struct call *c, int64_t dirfd, int64_t wmode, int64_t wflags)
{
  const char *path;
  char name[FD_PATH_SIZE];
  struct stat st;
  mode_t mode;
  int flags, fd;

  if (take_strings (c, &path, 1) && take_mode (c, wmode, &mode)
      && take_at_flags (c, wflags, NVPTX_RPC_AT_SYMLINK_NOFOLLOW, &flags)
      && !read_only_refused (c)
      && (fd = take_path_fd_at (c, dirfd, path, flags, PATH_WRITE)) >= 0)
    {
      if (fstat (fd, &st) == 0 && S_ISLNK (st.st_mode))
	reply_error (c, NVPTX_RPC_EOPNOTSUPP);
      else
	reply (c, chmod (fd_path (fd, name), mode));
      close (fd);
    }
}

static void
serve_chmod (struct call *c)
{
  chmod_at (c, NVPTX_RPC_AT_FDCWD, c->req->arg[0], 0);
}

static void
serve_fchmodat (struct call *c)
{
  chmod_at (c, c->req->arg[0], c->req->arg[1], c->req->arg[2]);
}

static void
serve_fchmod (struct call *c)
{
  struct guest_fd *g = guest_fd (c, c->req->arg[0]);
  mode_t mode;

  if (g != NULL && take_mode (c, c->req->arg[1], &mode)
      && !fd_change_refused (c, g))
    reply (c, fchmod (g->host_fd, mode));
}

/* The owner and group of a chown call, from U and G, or false with an
   error reply.  -1 leaves either as it is, as POSIX has it; a value the
   host's uid_t or gid_t does not hold gets EINVAL, POSIX's error for an
   id the implementation does not support, not cut to one it does.  */
static bool
take_owner (struct call *c, int64_t u, int64_t g, uid_t *uid, gid_t *gid)
{
  if ((u != -1 && (u < 0 || (uint64_t) u > (uid_t) -1))
      || (g != -1 && (g < 0 || (uint64_t) g > (gid_t) -1)))
    {
      reply_error (c, NVPTX_RPC_EINVAL);
      return false;
    }
  *uid = u;
  *gid = g;
  return true;
}

/* chown, lchown (AT_SYMLINK_NOFOLLOW) or fchownat from DIRFD, U and G
   as take_owner takes them.  The file is reached through its fd_path,
   which the kernel follows to it and no further: a symlink's own owner
   changes with AT_SYMLINK_NOFOLLOW.  */
static void
chown_at (struct call *c, int64_t dirfd, int64_t u, int64_t g,
	  int64_t wflags)
{
  const char *path;
  char name[FD_PATH_SIZE];
  uid_t uid;
  gid_t gid;
  int flags, fd;

  if (take_strings (c, &path, 1) && take_owner (c, u, g, &uid, &gid)
      && take_at_flags (c, wflags, NVPTX_RPC_AT_SYMLINK_NOFOLLOW, &flags)
      && !read_only_refused (c)
      && (fd = take_path_fd_at (c, dirfd, path, flags, PATH_WRITE)) >= 0)
    {
      reply (c, chown (fd_path (fd, name), uid, gid));
      close (fd);
    }
}

static void
serve_chown (struct call *c)
{
  chown_at (c, NVPTX_RPC_AT_FDCWD, c->req->arg[0], c->req->arg[1], 0);
}

static void
serve_fchownat (struct call *c)
{
  chown_at (c, c->req->arg[0], c->req->arg[1], c->req->arg[2],
	    c->req->arg[3]);
}

static void
serve_fchown (struct call *c)
{
  struct guest_fd *g = guest_fd (c, c->req->arg[0]);
  uid_t uid;
  gid_t gid;

  if (g != NULL && take_owner (c, c->req->arg[1], c->req->arg[2], &uid, &gid)
      && !fd_change_refused (c, g))
    reply (c, fchown (g->host_fd, uid, gid));
}

/* access, or faccessat from DIRFD: AT_EACCESS checks with the effective
   ids, AT_SYMLINK_NOFOLLOW a last symlink itself.  */
static void
access_at (struct call *c, int64_t dirfd, int64_t mode, int64_t wflags)
{
  const char *path;
  char name[FD_PATH_SIZE];
  int flags, fd;

  _Static_assert (R_OK == NVPTX_RPC_R_OK && W_OK == NVPTX_RPC_W_OK
		  && X_OK == NVPTX_RPC_X_OK && F_OK == NVPTX_RPC_F_OK,
		  "host access modes");
  if (!take_strings (c, &path, 1))
    return;
  if (mode & ~(int64_t) (R_OK | W_OK | X_OK))
    {
      reply_error (c, NVPTX_RPC_EINVAL);
      return;
    }
  if (!take_at_flags (c, wflags, NVPTX_RPC_AT_EACCESS
		      | NVPTX_RPC_AT_SYMLINK_NOFOLLOW, &flags)
      || (fd = take_path_fd_at (c, dirfd, path, flags, PATH_LOOK)) < 0)
    return;
  /* As on a read-only mount: the file is there, it cannot be written.  */
  if ((mode & W_OK) && c->server->read_only)
    reply_error (c, NVPTX_RPC_EROFS);
  else
    reply (c, faccessat (AT_FDCWD, fd_path (fd, name), mode,
			 flags & AT_EACCESS));
  close (fd);
}

static void
serve_access (struct call *c)
{
  access_at (c, NVPTX_RPC_AT_FDCWD, c->req->arg[0], 0);
}

static void
serve_faccessat (struct call *c)
{
  access_at (c, c->req->arg[0], c->req->arg[1], c->req->arg[2]);
}

static void
serve_truncate (struct call *c)
{
  const char *path;
  char name[FD_PATH_SIZE];
  int fd;

  if (take_strings (c, &path, 1) && !read_only_refused (c)
      && (fd = take_path_fd (c, AT_FDCWD, path, 0, PATH_WRITE)) >= 0)
    {
      reply (c, truncate (fd_path (fd, name), c->req->arg[0]));
      close (fd);
    }
}

static void
serve_ftruncate (struct call *c)
{
  struct guest_fd *g = guest_fd (c, c->req->arg[0]);

  if (g != NULL && !fd_change_refused (c, g))
    reply (c, ftruncate (g->host_fd, c->req->arg[1]));
}

/* No fd_change_refused: it writes out what was written, and changes
   neither the file's bytes nor its attributes.  */
static void
serve_fsync (struct call *c)
{
  struct guest_fd *g = guest_fd (c, c->req->arg[0]);

  if (g != NULL)
    reply (c, c->req->arg[1] ? fdatasync (g->host_fd) : fsync (g->host_fd));
}

static void
serve_utimens (struct call *c)
{
  const char *path;
  struct timespec times[2];
  char name[FD_PATH_SIZE];
  int fd;

  if (!take_strings (c, &path, 1))
    return;
  for (int i = 0; i < 2; i++)
    {
      int64_t sec = c->req->arg[2 * i], nsec = c->req->arg[2 * i + 1];
      if (nsec == NVPTX_RPC_UTIME_NOW)
	times[i] = (struct timespec) { 0, UTIME_NOW };
      else if (nsec < 0 || nsec >= 1000000000)
	{
	  reply_error (c, NVPTX_RPC_EINVAL);
	  return;
	}
      else
	times[i] = (struct timespec) { sec, nsec };
    }
  if (!read_only_refused (c)
      && (fd = take_path_fd (c, AT_FDCWD, path, 0, PATH_WRITE)) >= 0)
    {
      reply (c, utimensat (AT_FDCWD, fd_path (fd, name), times, 0));
      close (fd);
    }
}

/* utimensat from DIRFD (arg0) with AT flags arg1: the argument block is
   the path, its NUL, then the two times; nanoseconds
   NVPTX_RPC_UTIME_NOW or NVPTX_RPC_UTIME_OMIT as UTIME_NOW and
   UTIME_OMIT.  futimens is AT_EMPTY_PATH with an empty path, on the
   descriptor, which fd_change_refused judges.  A second that time_t
   does not hold is refused (EOVERFLOW), not cut.  */
static void
serve_utimensat (struct call *c)
{
  struct rpc_server *s = c->server;
  const char *path = s->args;
  size_t length = strnlen (s->args, s->args_length);
  struct nvptx_rpc_timespec w[2];
  struct timespec times[2];
  char name[FD_PATH_SIZE];
  struct guest_fd *g;
  int flags, fd;

  if (s->args_overflow)
    {
      reply_error (c, NVPTX_RPC_ENAMETOOLONG);
      return;
    }
  if (length == s->args_length || s->args_length - length - 1 != sizeof w)
    {
      reply_error (c, NVPTX_RPC_EPROTO);
      return;
    }
  memcpy (w, s->args + length + 1, sizeof w);
  for (int i = 0; i < 2; i++)
    if (w[i].nsec == NVPTX_RPC_UTIME_NOW)
      times[i] = (struct timespec) { 0, UTIME_NOW };
    else if (w[i].nsec == NVPTX_RPC_UTIME_OMIT)
      times[i] = (struct timespec) { 0, UTIME_OMIT };
    else if (w[i].nsec < 0 || w[i].nsec >= 1000000000)
      {
	reply_error (c, NVPTX_RPC_EINVAL);
	return;
      }
    else if ((time_t) w[i].sec != w[i].sec)
      {
	reply_error (c, NVPTX_RPC_EOVERFLOW);
	return;
      }
    else
      times[i] = (struct timespec) { w[i].sec, w[i].nsec };
  if (!take_at_flags (c, c->req->arg[1], NVPTX_RPC_AT_SYMLINK_NOFOLLOW
		      | NVPTX_RPC_AT_EMPTY_PATH, &flags))
    return;
  if ((flags & AT_EMPTY_PATH) && path[0] == '\0'
      && c->req->arg[0] != NVPTX_RPC_AT_FDCWD)
    {
      if ((g = guest_fd (c, c->req->arg[0])) != NULL
	  && !fd_change_refused (c, g))
	reply (c, futimens (g->host_fd, times));
      return;
    }
  if ((flags & AT_EMPTY_PATH) && path[0] == '\0')
    path = ".";
  if (!read_only_refused (c)
      && (fd = take_path_fd_at (c, c->req->arg[0], path, flags,
				PATH_WRITE)) >= 0)
    {
      reply (c, utimensat (AT_FDCWD, fd_path (fd, name), times, 0));
      close (fd);
    }
}

/* Guest fd NEW (free, or freed here) becomes a duplicate of G.  */
static void
reply_dup (struct call *c, struct guest_fd *g, int new, bool cloexec)
{
  struct rpc_server *s = c->server;
  int host_fd = fcntl (g->host_fd, F_DUPFD_CLOEXEC, 0);

  if (host_fd < 0)
    {
      reply (c, -1);
      return;
    }
  if (s->fds[new].host_fd >= 0)
    release_guest_fd (&s->fds[new]);
  s->fds[new] = (struct guest_fd) {
    .host_fd = host_fd, .owned = true, .regular = g->regular,
    .cloexec = cloexec, .outside = g->outside,
  };
  reply (c, new);
}

static void
serve_dup (struct call *c)
{
  struct guest_fd *g = guest_fd (c, c->req->arg[0]);
  int64_t lowest = c->req->arg[1];
  int new;

  if (g == NULL)
    return;
  if (lowest < 0 || lowest >= GUEST_FDS)
    reply_error (c, NVPTX_RPC_EINVAL);
  else if ((new = free_guest_fd (c, lowest)) >= 0)
    reply_dup (c, g, new, c->req->arg[2] & NVPTX_RPC_FD_CLOEXEC);
}

static void
serve_dup2 (struct call *c)
{
  struct guest_fd *g = guest_fd (c, c->req->arg[0]);
  int64_t new = c->req->arg[1];

  if (g == NULL)
    return;
  if (new < 0 || new >= GUEST_FDS)
    reply_error (c, NVPTX_RPC_EBADF);
  else if (new == c->req->arg[0])
    reply (c, new);
  else
    reply_dup (c, g, new, false);
}

/* dup2 with the new descriptor's FD_CLOEXEC from O_CLOEXEC in arg2, in
   Linux's order of checks: EINVAL for another flag or the same
   descriptor, before either is looked at.  */
static void
serve_dup3 (struct call *c)
{
  int64_t new = c->req->arg[1], flags = c->req->arg[2];
  struct guest_fd *g;

  if ((flags & ~(int64_t) NVPTX_RPC_O_CLOEXEC) || new == c->req->arg[0])
    reply_error (c, NVPTX_RPC_EINVAL);
  else if (new < 0 || new >= GUEST_FDS)
    reply_error (c, NVPTX_RPC_EBADF);
  else if ((g = guest_fd (c, c->req->arg[0])) != NULL)
    reply_dup (c, g, new, flags != 0);
}

static void
serve_fcntl (struct call *c)
{
  struct guest_fd *g = guest_fd (c, c->req->arg[0]);
  int64_t value = c->req->arg[2];
  int flags, old_flags;

  if (g == NULL)
    return;
  switch (c->req->arg[1])
    {
    case NVPTX_RPC_F_GETFD:
      reply (c, g->cloexec ? NVPTX_RPC_FD_CLOEXEC : 0);
      break;
    case NVPTX_RPC_F_SETFD:
      g->cloexec = value & NVPTX_RPC_FD_CLOEXEC;
      reply (c, 0);
      break;
    case NVPTX_RPC_F_GETFL:
      if ((flags = fcntl (g->host_fd, F_GETFL)) < 0)
	reply (c, -1);
      else
	/* The host fd's own O_CLOEXEC is not a status flag of the
	   program's.  */
	reply (c, ((flags & O_ACCMODE) == O_WRONLY ? NVPTX_RPC_O_WRONLY
		   : (flags & O_ACCMODE) == O_RDWR ? NVPTX_RPC_O_RDWR
		   : NVPTX_RPC_O_RDONLY)
	       | (oflags_to_wire (flags & ~O_ACCMODE) & ~NVPTX_RPC_O_CLOEXEC));
      break;
    case NVPTX_RPC_F_SETFL:
      /* The access mode and creation flags are ignored, as POSIX says.
	 Setting O_APPEND is a change, as open's O_APPEND is
	 (open_changes).  */
      if ((flags = oflags_from_wire (value & ~(int64_t) NVPTX_RPC_O_ACCMODE))
	  < 0)
	reply_error (c, NVPTX_RPC_EINVAL);
      else if ((old_flags = fcntl (g->host_fd, F_GETFL)) < 0)
	reply (c, -1);
      else if (!(flags & O_APPEND) || (old_flags & O_APPEND)
	       || !fd_change_refused (c, g))
	reply (c, fcntl (g->host_fd, F_SETFL,
			 flags & ~(O_CREAT | O_EXCL | O_TRUNC | O_NOCTTY
				   | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)));
      break;
    default:
      reply_error (c, NVPTX_RPC_EINVAL);
    }
}

/* In a sandbox, the host path of the program's working directory there,
   which stays apart from the launcher's.  */
static void
serve_getcwd (struct call *c)
{
  char path[PATH_MAX];

  if (c->server->sandboxed ? sandbox_cwd (c->server, path) != 0
      : getcwd (path, sizeof path) == NULL)
    reply (c, -1);
  else
    reply_data (c, strlen (path) + 1, path, strlen (path) + 1);
}

static void
serve_chdir (struct call *c)
{
  struct rpc_server *s = c->server;
  const char *path;
  char name[FD_PATH_SIZE];
  int fd;

  if (!take_strings (c, &path, 1)
      || (fd = take_path_fd (c, AT_FDCWD, path, O_DIRECTORY, PATH_LOOK)) < 0)
    return;
  if (!s->sandboxed)
    {
      reply (c, fchdir (fd));
      close (fd);
    }
  /* The program's working directory in a sandbox is a descriptor, not
     the launcher's: check the search permission chdir would.  */
  else if (access (fd_path (fd, name), X_OK) != 0)
    {
      reply (c, -1);
      close (fd);
    }
  else
    {
      close (s->cwd_fd);
      s->cwd_fd = fd;
      reply (c, 0);
    }
}

/* The working directory becomes guest fd arg0's.  In a sandbox, only a
   directory in it (take_base's rules), kept as a descriptor of its own,
   with the search permission checked as chdir does.  */
static void
serve_fchdir (struct call *c)
{
  struct rpc_server *s = c->server;
  struct guest_fd *g = guest_fd (c, c->req->arg[0]);
  char name[FD_PATH_SIZE];
  struct stat st;
  int base, fd;

  if (g == NULL)
    return;
  if (!s->sandboxed)
    {
      reply (c, fchdir (g->host_fd));
      return;
    }
  if (!take_base (c, c->req->arg[0], "", &base))
    return;
  if (fstat (base, &st) != 0)
    reply (c, -1);
  else if (!S_ISDIR (st.st_mode))
    reply_error (c, NVPTX_RPC_ENOTDIR);
  else if (access (fd_path (base, name), X_OK) != 0
	   || (fd = fcntl (base, F_DUPFD_CLOEXEC, 0)) < 0)
    reply (c, -1);
  else
    {
      close (s->cwd_fd);
      s->cwd_fd = fd;
      reply (c, 0);
    }
}

/* As many whole entries of the directory as fit in arg1 bytes.  */
static void
serve_readdir (struct call *c)
{
  struct guest_fd *g = guest_fd (c, c->req->arg[0]);
  int64_t room = c->req->arg[1];
  unsigned char block[NVPTX_RPC_ARG_MAX];
  size_t used = 0;

  if (g == NULL)
    return;
  if (room < (int64_t) NVPTX_RPC_DIRENT_SIZE (NAME_MAX))
    {
      reply_error (c, NVPTX_RPC_EINVAL);
      return;
    }
  if (room > (int64_t) sizeof block)
    room = sizeof block;
  if (g->dir == NULL)
    {
      int fd = fcntl (g->host_fd, F_DUPFD_CLOEXEC, 0);
      if (fd < 0 || (g->dir = fdopendir (fd)) == NULL)
	{
	  int e = errno;
	  if (fd >= 0)
	    close (fd);
	  errno = e;
	  reply (c, -1);
	  return;
	}
    }
  if (c->req->arg[2])
    rewinddir (g->dir);
  for (;;)
    {
      long position = telldir (g->dir);
      errno = 0;
      struct dirent *e = readdir (g->dir);
      if (e == NULL)
	{
	  if (errno != 0 && used == 0)
	    {
	      reply (c, -1);
	      return;
	    }
	  break;
	}
      size_t name_length = strlen (e->d_name);
      size_t size = NVPTX_RPC_DIRENT_SIZE (name_length);
      if (used + size > (size_t) room)
	{
	  /* Next time.  */
	  seekdir (g->dir, position);
	  break;
	}
      struct nvptx_rpc_dirent w = {
	.ino = e->d_ino, .type = e->d_type, .name_length = name_length,
      };
      _Static_assert (DT_REG == NVPTX_RPC_S_IFREG >> 12
		      && DT_DIR == NVPTX_RPC_S_IFDIR >> 12
		      && DT_LNK == NVPTX_RPC_S_IFLNK >> 12, "host DT_ values");
      memset (block + used, 0, size);
      memcpy (block + used, &w, sizeof w);
      memcpy (block + used + sizeof w, e->d_name, name_length);
      used += size;
    }
  reply_data (c, used, block, used);
}

static void
serve_umask (struct call *c)
{
  reply (c, umask ((mode_t) (c->req->arg[0] & 0777)));
}

static void
serve_clock_gettime (struct call *c)
{
  struct timespec ts;
  clockid_t clock;

  switch (c->req->arg[0])
    {
    case NVPTX_RPC_CLOCK_REALTIME: clock = CLOCK_REALTIME; break;
    case NVPTX_RPC_CLOCK_MONOTONIC: clock = CLOCK_MONOTONIC; break;
    default: reply_error (c, NVPTX_RPC_EINVAL); return;
    }
  int rc = clock_gettime (clock, &ts);
  struct nvptx_rpc_timespec w = { ts.tv_sec, ts.tv_nsec };
  reply_data (c, rc, &w, sizeof w);
}

static int64_t
timeval_ns (struct timeval tv)
{
  return tv.tv_sec * INT64_C (1000000000) + tv.tv_usec * 1000;
}

static void
serve_times (struct call *c)
{
  struct rusage self, children;
  struct timespec now;

  if (getrusage (RUSAGE_SELF, &self) != 0
      || getrusage (RUSAGE_CHILDREN, &children) != 0
      || clock_gettime (CLOCK_MONOTONIC, &now) != 0)
    {
      reply (c, -1);
      return;
    }
  struct nvptx_rpc_times w = {
    .utime = timeval_ns (self.ru_utime), .stime = timeval_ns (self.ru_stime),
    .cutime = timeval_ns (children.ru_utime),
    .cstime = timeval_ns (children.ru_stime),
    .elapsed = now.tv_sec * INT64_C (1000000000) + now.tv_nsec,
  };
  reply_data (c, 0, &w, sizeof w);
}

static void
serve_sysconf (struct call *c)
{
  switch (c->req->arg[0])
    {
    case NVPTX_RPC_SC_PAGESIZE: reply (c, sysconf (_SC_PAGESIZE)); break;
    /* The program's limit is the guest fd table's, not the host's.  */
    case NVPTX_RPC_SC_OPEN_MAX: reply (c, GUEST_FDS); break;
    default: reply_error (c, NVPTX_RPC_EINVAL);
    }
}

static void
serve_getpid (struct call *c)
{
  reply (c, getpid ());
}

static void
serve_getppid (struct call *c)
{
  reply (c, getppid ());
}

static void
serve_getuid (struct call *c)
{
  reply (c, getuid ());
}

static void
serve_geteuid (struct call *c)
{
  reply (c, geteuid ());
}

static void
serve_getgid (struct call *c)
{
  reply (c, getgid ());
}

static void
serve_getegid (struct call *c)
{
  reply (c, getegid ());
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

/* The environment as one "NAME=VALUE\0...\0" block, snapshot on first
   use so that its pieces and its length agree.  */
static void
serve_environ (struct call *c)
{
  struct rpc_server *s = c->server;

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
  reply_data (c, s->env_length, s->env_block, s->env_length);
}

/* FORMAT's argument slots, as serve_format takes them in order.  */
struct format_args
{
  const char *next, *end;
};

/* Take the next slot into *SLOT; false when the block has none left.  */
static bool
take_slot (struct format_args *a, uint64_t *slot)
{
  if (a->end - a->next < 8)
    return false;
  memcpy (slot, a->next, 8);
  a->next += 8;
  return true;
}

/* Whether SLOT holds an int, sign-extended as the client sends one.  */
static bool
slot_is_int (uint64_t slot)
{
  return (int64_t) slot >= INT_MIN && (int64_t) slot <= INT_MAX;
}

/* When FIELD, a width or precision, is '*', take its int into *N.
   Returns 0, or the protocol errno of a request to refuse: a slot that
   does not hold an int is refused, not cut to one.  */
static uint32_t
take_star (struct format_args *a, int32_t field, int *n)
{
  uint64_t slot;

  if (field != NVPTX_RPC_FORMAT_STAR)
    return 0;
  if (!take_slot (a, &slot))
    return NVPTX_RPC_EPROTO;
  if (!slot_is_int (slot))
    return NVPTX_RPC_EINVAL;
  *n = (int) slot;
  return 0;
}

/* FORMAT's output: its first ROOM bytes in TEXT, which has room for the
   NUL snprintf adds after them; LENGTH counts all of it.  */
struct format_output
{
  char *text;
  size_t room, length;
};

static void
output_put (struct format_output *o, const char *s, size_t n)
{
  if (o->length < o->room)
    memcpy (o->text + o->length, s,
	    n < o->room - o->length ? n : o->room - o->length);
  o->length += n;
}

/* Format SPEC with its arguments from A onto O, through snprintf with a
   format of its own: SPEC's flags, '*' for the width and the precision,
   so that they need no digits and a negative width is snprintf's to
   read, and the length modifier for the type passed.  Returns 0, or the
   protocol errno of a request to refuse.  */
static uint32_t
format_spec (const struct nvptx_rpc_format_spec *spec, struct format_args *a,
	     struct format_output *o)
{
  int width = spec->width == NVPTX_RPC_FORMAT_NONE ? 0 : spec->width;
  int precision = spec->precision;	/* NONE is -1: no precision.  */
  char format[16] = "%", *f = format + 1;
  uint64_t v;
  double d;
  uint32_t error;
  int n;

  if (spec->kind == NVPTX_RPC_FORMAT_UNSUPPORTED)
    return NVPTX_RPC_EINVAL;
  if (spec->kind == NVPTX_RPC_FORMAT_PERCENT)
    {
      output_put (o, "%", 1);
      return 0;
    }
  if ((error = take_star (a, spec->width, &width)) != 0
      || (error = take_star (a, spec->precision, &precision)) != 0)
    return error;
  if (!take_slot (a, &v))
    return NVPTX_RPC_EPROTO;
  /* An int or an unsigned int that its slot does not hold, likewise.  */
  if (((spec->kind == NVPTX_RPC_FORMAT_INT
	|| spec->kind == NVPTX_RPC_FORMAT_CHAR) && !slot_is_int (v))
      || (spec->kind == NVPTX_RPC_FORMAT_UNSIGNED && v > UINT_MAX))
    return NVPTX_RPC_EINVAL;
  /* A string's precision is the length of its bytes, sent.  */
  if ((width < 0 ? -(int64_t) width : width) > NVPTX_RPC_FORMAT_MAX
      || (precision > NVPTX_RPC_FORMAT_MAX
	  && spec->kind != NVPTX_RPC_FORMAT_STRING))
    return NVPTX_RPC_EINVAL;

  for (int i = 0; NVPTX_RPC_FORMAT_FLAGS[i]; i++)
    if (spec->flags & 1u << i)
      *f++ = NVPTX_RPC_FORMAT_FLAGS[i];
  f = stpcpy (f, "*.*");
  switch (spec->kind)
    {
    case NVPTX_RPC_FORMAT_INT: case NVPTX_RPC_FORMAT_UNSIGNED:
      f = stpcpy (f, spec->modifier);
      break;
    case NVPTX_RPC_FORMAT_INT64: case NVPTX_RPC_FORMAT_UINT64:
      f = stpcpy (f, "ll");
      break;
    case NVPTX_RPC_FORMAT_LONG_DOUBLE:
      *f++ = 'L';
      break;
    default:
      break;
    }
  *f++ = spec->conversion;
  *f = '\0';

  char *text = o->length < o->room ? o->text + o->length : NULL;
  size_t size = text ? o->room - o->length + 1 : 0;
  memcpy (&d, &v, sizeof d);
  switch (spec->kind)
    {
    case NVPTX_RPC_FORMAT_INT: case NVPTX_RPC_FORMAT_CHAR:
      n = snprintf (text, size, format, width, precision, (int) v);
      break;
    case NVPTX_RPC_FORMAT_UNSIGNED:
      n = snprintf (text, size, format, width, precision, (unsigned) v);
      break;
    case NVPTX_RPC_FORMAT_INT64:
      n = snprintf (text, size, format, width, precision, (long long) v);
      break;
    case NVPTX_RPC_FORMAT_UINT64:
      n = snprintf (text, size, format, width, precision,
		    (unsigned long long) v);
      break;
    case NVPTX_RPC_FORMAT_DOUBLE:
      n = snprintf (text, size, format, width, precision, d);
      break;
    case NVPTX_RPC_FORMAT_LONG_DOUBLE:
      n = snprintf (text, size, format, width, precision, (long double) d);
      break;
    case NVPTX_RPC_FORMAT_POINTER:
      n = snprintf (text, size, format, width, precision,
		    (void *) (uintptr_t) v);
      break;
    case NVPTX_RPC_FORMAT_STRING:
      if (v == NVPTX_RPC_FORMAT_NULL)
	n = snprintf (text, size, format, width, precision, (char *) NULL);
      else if (v > (uint64_t) (a->end - a->next)
	       || ((v + 7) & ~(uint64_t) 7) > (uint64_t) (a->end - a->next))
	return NVPTX_RPC_EPROTO;
      else
	{
	  /* At most its V bytes, whatever they hold.  */
	  n = snprintf (text, size, format, width, (int) v, a->next);
	  a->next += (v + 7) & ~(uint64_t) 7;
	}
      break;
    default:
      return NVPTX_RPC_EINVAL;
    }
  if (n < 0)
    return NVPTX_RPC_EINVAL;
  o->length += n;
  return 0;
}

/* printf's formatting, for the program's vfprintf: the format and its
   arguments as nvptx-rpc.h lays them out, formatted by this C library,
   so that the program prints what a native one would.  The program is
   not trusted: every argument is checked against the block, and widths
   and precisions are bounded, as is the output kept.  */
static void
serve_format (struct call *c)
{
  struct rpc_server *s = c->server;
  int64_t room = c->req->arg[0];
  const char *nul = memchr (s->args, '\0', s->args_length);
  size_t slots = nul ? ((size_t) (nul - s->args) + 1 + 7) & ~(size_t) 7 : 0;
  char text[NVPTX_RPC_FORMAT_MAX + 1];
  struct format_output o = { text, room < 0 ? 0 : room, 0 };
  struct format_args a = { s->args + slots, s->args + s->args_length };
  struct nvptx_rpc_format_spec spec;
  uint32_t error = 0;

  if (s->args_overflow)
    error = NVPTX_RPC_ENAMETOOLONG;
  else if (nul == NULL || slots > s->args_length)
    error = NVPTX_RPC_EPROTO;
  else if (room < 0 || room > NVPTX_RPC_FORMAT_MAX)
    error = NVPTX_RPC_EINVAL;
  for (const char *p = s->args; !error && *p;)
    if (*p != '%')
      {
	const char *literal = p;
	p = strchrnul (p, '%');
	output_put (&o, literal, p - literal);
      }
    else
      {
	nvptx_rpc_format_scan (p, &spec);
	error = format_spec (&spec, &a, &o);
	p += spec.length;
      }
  if (!error && a.next != a.end)
    error = NVPTX_RPC_EPROTO;
  if (error)
    reply_error (c, error);
  else
    reply_data (c, o.length, text, o.length < o.room ? o.length : o.room);
}

typedef void (*handler) (struct call *);

static const handler handlers[NVPTX_RPC_OPCODE_END] = {
#define OP(op, name, trace) [NVPTX_RPC_##op] = serve_##name,
  NVPTX_RPC_OPCODES (OP)
#undef OP
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
trace_oflags (FILE *f, uint64_t flags)
{
  static const char *const modes[] = { "O_RDONLY", "O_WRONLY", "O_RDWR",
				       "O_ACCMODE" };

  fputs (modes[flags & NVPTX_RPC_O_ACCMODE], f);
  for (size_t i = 0; i < sizeof oflag_table / sizeof *oflag_table; i++)
    if (flags & oflag_table[i].wire)
      fprintf (f, "|%s", oflag_table[i].name);
}

/* Print one argument of Q, as ITEM of its trace format says.  */
static void
trace_item (const struct call *c, char item, int64_t arg)
{
  static const char *const whences[] = { "SEEK_SET", "SEEK_CUR", "SEEK_END" };
  static const char *const commands[] = { "F_DUPFD", "F_GETFD", "F_SETFD",
					  "F_GETFL", "F_SETFL" };
  const struct rpc_server *s = c->server;
  FILE *f = s->trace;

  switch (item)
    {
    case 's':
      for (size_t pos = 0; pos < s->args_length;)
	{
	  size_t n = strnlen (s->args + pos, s->args_length - pos);
	  fputs (pos ? ", " : "", f);
	  trace_string (f, s->args + pos, n);
	  pos += n + 1;
	}
      break;
    case 'd': fprintf (f, "%lld", (long long) arg); break;
    case 'o': fprintf (f, "%#llo", (unsigned long long) arg); break;
    case 'f': trace_oflags (f, arg); break;
    case 'w':
    case 'c':
      {
	const char *const *names = item == 'w' ? whences : commands;
	size_t count = item == 'w' ? 3 : 5;
	fputs (arg >= 0 && (uint64_t) arg < count ? names[arg] : "?", f);
      }
      break;
    case 'r':
    case 'b':
      if (c->req->flags & NVPTX_RPC_DIRECT)
	/* The bytes are in the program's memory, not in the window.  */
	fprintf (f, "%#llx (direct)", (unsigned long long) c->req->arg[2]);
      else if (item == 'b')
	trace_string (f, (const char *) c->window, c->req->length);
      else if (c->rep->result >= 0)
	trace_string (f, (const char *) c->window, c->rep->length);
      else
	fputs ("...", f);
      break;
    case 'n':
      fprintf (f, "%lld", c->req->flags & NVPTX_RPC_DIRECT
			  ? (long long) c->req->arg[1]
			  : (long long) c->req->length);
      break;
    case 'p':
      trace_string (f, s->args, strnlen (s->args, s->args_length));
      break;
    case 'D':
      fprintf (f, "%lld", (long long) c->req->arg[3]);
      break;
    }
}

/* One line per served call, after the fact, strace-style.  */
static void
trace_call (const struct call *c)
{
  const struct nvptx_rpc_request *q = c->req;
  FILE *f = c->server->trace;
  bool known = q->opcode < NVPTX_RPC_OPCODE_END && opcodes[q->opcode].name;
  const char *trace = known ? opcodes[q->opcode].trace : "";
  int arg = 0;

  /* A piece of an argument or reply block is part of a call, unless it
     failed.  */
  if ((q->flags & (NVPTX_RPC_MORE_ARGS | NVPTX_RPC_REPLY_PIECE))
      && c->rep->result != -1)
    return;
  fprintf (f, "[gpu] %s(", known ? opcodes[q->opcode].name : "unknown");
  for (const char *item = trace; *item; item++)
    {
      fputs (item == trace ? "" : ", ", f);
      trace_item (c, *item, arg < 4 ? q->arg[arg] : 0);
      arg += strchr ("dofwc", *item) != NULL;
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

/* Put the piece of the kept reply block from OFFSET in the window, as
   much as the window area holds (never less than NVPTX_RPC_REPLY_MAX).  */
static void
put_reply_piece (struct call *c, size_t offset)
{
  struct rpc_server *s = c->server;
  size_t room = s->window_size > NVPTX_RPC_REPLY_MAX ? s->window_size
		: NVPTX_RPC_REPLY_MAX;
  size_t n = s->reply_length - offset < room ? s->reply_length - offset
	     : room;

  memcpy (c->window, s->reply_block + offset, n);
  c->rep->length = n;
  c->rep->total = s->reply_length;
}

/* A piece of the last call's reply block, from offset arg0.  */
static void
serve_reply_piece (struct call *c)
{
  struct rpc_server *s = c->server;
  int64_t offset = c->req->arg[0];

  if (c->req->opcode != s->reply_opcode || offset < 0
      || (uint64_t) offset > s->reply_length)
    {
      reply_error (c, NVPTX_RPC_EPROTO);
      return;
    }
  put_reply_piece (c, offset);
  c->rep->result = s->reply_result;
}

/* Whether REQ's flags are a combination the protocol has: none,
   MORE_ARGS or REPLY_PIECE; or DIRECT alone, on a transfer with
   nothing in the window, when this server copies by DMA.  */
static bool
flags_valid (const struct rpc_server *s, const struct nvptx_rpc_request *q)
{
  switch (q->flags)
    {
    case 0:
    case NVPTX_RPC_MORE_ARGS:
    case NVPTX_RPC_REPLY_PIECE:
      return true;
    case NVPTX_RPC_DIRECT:
      return s->device != NULL && q->length == 0
	     && (q->opcode == NVPTX_RPC_READ || q->opcode == NVPTX_RPC_WRITE
		 || q->opcode == NVPTX_RPC_PREAD
		 || q->opcode == NVPTX_RPC_PWRITE);
    default:
      return false;
    }
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
  else if (!flags_valid (s, q))
    reply_error (c, NVPTX_RPC_EINVAL);
  else if ((s->args_length > 0 || s->args_overflow)
	   && q->opcode != s->args_opcode)
    /* Pieces of one call, then a piece of another.  */
    reply_error (c, NVPTX_RPC_EPROTO);
  else if (q->flags & NVPTX_RPC_REPLY_PIECE)
    serve_reply_piece (c);
  else if (q->opcode != NVPTX_RPC_WRITE && q->opcode != NVPTX_RPC_PWRITE)
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

/* After a call that made a reply block: its first piece goes in the
   window with the reply, the rest on NVPTX_RPC_REPLY_PIECE requests.  */
static void
send_reply_block (struct call *c)
{
  struct rpc_server *s = c->server;

  put_reply_piece (c, 0);
  s->reply_opcode = c->req->opcode;
  s->reply_result = c->rep->result;
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

  bool piece = req.flags & NVPTX_RPC_REPLY_PIECE;
  if (!piece)
    {
      /* A new call: the last one's reply block is gone.  */
      s->reply_length = 0;
      s->reply_opcode = 0;
    }
  serve (&c);
  if (!piece && s->reply_length > 0)
    send_reply_block (&c);
  if (s->trace)
    trace_call (&c);
  if (!(req.flags & NVPTX_RPC_MORE_ARGS) || rep.result == -1)
    {
      s->args_length = 0;
      s->args_overflow = false;
    }

  /* Every field before seq, which the GPU may load with them at once.  */
  mb->reply.error = rep.error;
  mb->reply.result = rep.result;
  mb->reply.flags = rep.flags;
  mb->reply.length = rep.length;
  mb->reply.total = rep.total;
  s->served_seq = seq;
  __atomic_store_n (&mb->reply.seq, seq, __ATOMIC_RELEASE);
  return true;
}

struct rpc_server *
rpc_server_new (struct nvptx_rpc_mailbox *mailbox, uint32_t window_size,
		FILE *trace, const struct rpc_device_copy *device)
{
  struct rpc_server *s = calloc (1, sizeof *s);
  struct stat st;

  if (s == NULL)
    return NULL;
  s->mailbox = mailbox;
  s->window_size = window_size;
  s->trace = trace;
  s->device = device;
  for (int fd = 0; fd < GUEST_FDS; fd++)
    s->fds[fd].host_fd = -1;
  for (int fd = 0; fd <= STDERR_FILENO; fd++)
    if (fstat (fd, &st) == 0)
      {
	s->fds[fd].host_fd = fd;
	s->fds[fd].regular = S_ISREG (st.st_mode);
	s->fds[fd].outside = true;
      }

  memset (mailbox, 0, NVPTX_RPC_MAILBOX_SIZE (window_size));
  mailbox->magic = NVPTX_RPC_MAGIC;
  mailbox->version = NVPTX_RPC_VERSION;
  mailbox->window_size = window_size;
  mailbox->features = device ? NVPTX_RPC_FEATURE_DIRECT : 0;
  return s;
}

void
rpc_server_free (struct rpc_server *s)
{
  if (s == NULL)
    return;
  for (int fd = 0; fd < GUEST_FDS; fd++)
    if (s->fds[fd].host_fd >= 0)
      release_guest_fd (&s->fds[fd]);
  release_confinement (s);
  free (s->reply_block);
  free (s->env_block);
  free (s);
}

int
rpc_server_confine (struct rpc_server *s, const char *sandbox_dir,
		    bool read_only)
{
  struct open_how how = { .flags = O_PATH | O_DIRECTORY | O_CLOEXEC };
  char path[PATH_MAX];
  int root_fd, cwd_fd;

  release_confinement (s);
  s->read_only = read_only;
  if (sandbox_dir == NULL)
    return 0;
  if (openat2_missing (s))
    {
      errno = ENOSYS;
      return -1;
    }
  if ((root_fd = sys_openat2 (AT_FDCWD, sandbox_dir, &how)) < 0)
    return -1;
  /* /proc names the directory for the checks of absolute paths, and the
     working directory for getcwd; the descriptor is there, so ENOENT
     means /proc is not.  */
  if (host_path (root_fd, path) != 0
      || (s->root_path = strdup (path)) == NULL)
    {
      int e = errno == ENOENT ? ENOSYS : errno;
      close (root_fd);
      errno = e;
      return -1;
    }
  s->root_fd = root_fd;
  /* The program starts in the launcher's working directory if that is in
     the sandbox, as it would without one, else in the sandbox
     directory.  */
  cwd_fd = open (".", O_PATH | O_DIRECTORY | O_CLOEXEC);
  if (cwd_fd >= 0 && (host_path (cwd_fd, path) != 0
		      || path_beneath_root (s, path) == NULL))
    {
      close (cwd_fd);
      cwd_fd = -1;
    }
  if (cwd_fd < 0 && (cwd_fd = fcntl (root_fd, F_DUPFD_CLOEXEC, 0)) < 0)
    {
      int e = errno;
      close (root_fd);
      free (s->root_path);
      s->root_path = NULL;
      errno = e;
      return -1;
    }
  s->cwd_fd = cwd_fd;
  s->sandboxed = true;
  /* What the program opened before was not resolved beneath DIR.  */
  for (int fd = 0; fd < GUEST_FDS; fd++)
    s->fds[fd].outside |= s->fds[fd].host_fd >= 0;
  return 0;
}

/* Whether ENTRY, "NAME=VALUE", is NAME's, NAME being LENGTH bytes.  */
static bool
entry_names (const char *entry, const char *name, size_t length)
{
  return strncmp (entry, name, length) == 0 && entry[length] == '=';
}

int
rpc_server_set_environment (struct rpc_server *s, bool inherit,
			    const char *const *settings, size_t count)
{
  size_t inherited = 0, n = 0, length = 0;
  const char **entries;
  char *block;

  if (inherit)
    for (char **e = environ; e && *e; e++)
      inherited++;
  if ((entries = malloc ((inherited + count + 1) * sizeof *entries)) == NULL)
    return -1;
  for (size_t i = 0; i < inherited; i++)
    entries[n++] = environ[i];
  for (size_t i = 0; i < count; i++)
    {
      const char *setting = settings[i], *entry = setting;
      size_t name_length = strcspn (setting, "="), at;

      if (name_length == 0)
	{
	  free (entries);
	  errno = EINVAL;
	  return -1;
	}
      /* A bare NAME: the launcher's own NAME=VALUE, if it has one.  */
      if (setting[name_length] == '\0')
	{
	  entry = NULL;
	  for (char **e = environ; e && *e && entry == NULL; e++)
	    if (entry_names (*e, setting, name_length))
	      entry = *e;
	}
      for (at = 0; at < n && !entry_names (entries[at], setting, name_length);
	   at++)
	;
      if (entry == NULL && at < n)
	memmove (entries + at, entries + at + 1, (--n - at) * sizeof *entries);
      else if (entry != NULL)
	{
	  entries[at] = entry;
	  n += at == n;
	}
    }
  for (size_t i = 0; i < n; i++)
    length += strlen (entries[i]) + 1;
  if ((block = malloc (length + 1)) == NULL)
    {
      free (entries);
      return -1;
    }
  length = 0;
  for (size_t i = 0; i < n; i++)
    length = stpcpy (block + length, entries[i]) - block + 1;
  free (entries);
  free (s->env_block);
  s->env_block = block;
  s->env_length = length;
  return 0;
}

void
rpc_server_set_wait_hook (struct rpc_server *s,
			  void (*while_waiting) (void *context),
			  void *context)
{
  s->while_waiting = while_waiting;
  s->waiting_context = context;
}
