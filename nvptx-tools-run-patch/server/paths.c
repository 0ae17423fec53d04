/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The nvptx-rpc server's paths, guest descriptors and sandbox: the
   guest fd table; the one resolver of every path the program names; and
   the rules of --sandbox and --read-only, for paths and descriptors
   alike (rpc_server_confine).

   Every path the program names goes through server_resolve, with
   openat2 (the kernel's own resolution, so no race with a rename, and no
   walk of ours to get wrong): magic links (/proc/PID/fd/N, cwd, exe, root,
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

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/magic.h>
#include <linux/openat2.h>

#include "server-internal.h"

/* The host descriptor behind guest FD, or NULL with an EBADF reply.  */
struct guest_fd *
server_guest_fd (struct call *c, int64_t fd)
{
  if (fd < 0 || fd >= GUEST_FDS || c->server->fds[fd].host_fd < 0)
    {
      server_reply_error (c, NVPTX_RPC_EBADF);
      return NULL;
    }
  return &c->server->fds[fd];
}

/* The lowest free guest fd from LOWEST on, or -1 with an EMFILE reply.  */
int
server_free_guest_fd (struct call *c, int64_t lowest)
{
  for (int64_t fd = lowest; fd < GUEST_FDS; fd++)
    if (c->server->fds[fd].host_fd < 0)
      return fd;
  server_reply_error (c, NVPTX_RPC_EMFILE);
  return -1;
}

/* Let go of guest descriptor G: close the host fd if the program opened
   it (the launcher's own standard streams stay open for its messages,
   but the program's record locks on their files go, as with a close).  */
int
server_release_guest_fd (struct guest_fd *g)
{
  int rc = 0;

  if (g->dir)
    closedir (g->dir);
  if (g->owned)
    rc = close (g->host_fd);
  else
    server_release_locks (g->host_fd);
  *g = (struct guest_fd) { .host_fd = -1 };
  return rc;
}

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

/* FD's name in /proc, into PATH (FD_PATH_SIZE says why).  */
const char *
server_fd_path (int fd, char path[FD_PATH_SIZE])
{
  snprintf (path, FD_PATH_SIZE, "/proc/self/fd/%d", fd);
  return path;
}

/* The host path of FD, as /proc names it, into PATH (PATH_MAX bytes).  */
int
server_host_path (int fd, char path[PATH_MAX])
{
  char link[FD_PATH_SIZE];
  ssize_t n = readlink (server_fd_path (fd, link), path, PATH_MAX);

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
const char *
server_path_beneath_root (const struct rpc_server *s, const char *path)
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

  if (fstat (dir_fd, &st) != 0 || server_host_path (dir_fd, path) != 0)
    return -1;
  if (st.st_nlink == 0)
    {
      errno = ENOENT;
      return -1;
    }
  if (server_path_beneath_root (s, path) == NULL)
    {
      errno = EACCES;
      return -1;
    }
  return 0;
}

/* The host path of the program's working directory in the sandbox, into
   PATH (PATH_MAX bytes): what getcwd reports.  */
int
server_sandbox_cwd (const struct rpc_server *s, char path[PATH_MAX])
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
      if ((rest = server_path_beneath_root (s, path)) == NULL)
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
  rest = server_path_beneath_root (s, cwd);
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
  if (use == PATH_WRITE || server_host_path (fd, path) != 0)
    return true;
  const char *name = strrchr (path, '/');
  name = name ? name + 1 : path;
  for (size_t i = 0; i < sizeof unreadable / sizeof *unreadable; i++)
    if (strcmp (name, unreadable[i]) == 0)
      return true;
  return false;
}

/* Open PATH as the program names it, relative to BASE (AT_FDCWD, or a
   directory server_take_base gave), with FLAGS (and O_CLOEXEC) and MODE (for
   O_CREAT), for USE: the one resolver of every path.  What it
   refuses gets EACCES: a magic link, a file proc_file_refused keeps, and
   in a sandbox a path that leaves it.  Outside a sandbox, where openat2
   is missing, it falls back to openat and the procfs check alone, which
   does not see magic links.  Returns the host fd, or -1 with errno.  */
int
server_resolve (struct rpc_server *s, int base, const char *path, int flags,
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
int
server_take_path_fd (struct call *c, int base, const char *path, int flags,
		     enum path_use use)
{
  int fd = server_resolve (c->server, base, path, O_PATH | flags, 0, use);

  if (fd < 0)
    server_reply (c, -1);
  return fd;
}

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
      server_reply_error (c, NVPTX_RPC_ENOENT);
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
  e->dir_fd = server_resolve (s, base, parent, O_PATH | O_DIRECTORY, 0,
			      PATH_WRITE);
  if (e->dir_fd < 0)
    {
      server_reply (c, -1);
      return false;
    }
  /* The kernel refuses to make, remove or rename "..", but looks it up
     for link: in a sandbox, only where resolving may go.  */
  if (s->sandboxed && is_dot_dot (e->name))
    {
      int fd = server_resolve (s, base, path, O_PATH, 0, PATH_LOOK);
      if (fd < 0)
	{
	  server_reply (c, -1);
	  close (e->dir_fd);
	  return false;
	}
      close (fd);
    }
  return true;
}

/* Under --read-only, reply EROFS to a call that would change the file
   system, and return true.  */
bool
server_read_only_refused (struct call *c)
{
  if (!c->server->read_only)
    return false;
  server_reply_error (c, NVPTX_RPC_EROFS);
  return true;
}

/* The directory from which an *at call resolves PATH, the guest
   descriptor DIRFD or NVPTX_RPC_AT_FDCWD, into *BASE: AT_FDCWD (the
   working directory, or any for an absolute PATH, which needs none) or
   the host fd of the directory, which server_resolve then starts from under
   the same rules.  In a sandbox only a directory in it will do: EACCES
   for a descriptor made outside (guest_fd.outside), which would lead
   beneath itself, and for one another process has moved out since.
   False with the reply given otherwise (EBADF).  */
bool
server_take_base (struct call *c, int64_t dirfd, const char *path, int *base)
{
  struct rpc_server *s = c->server;
  char where[PATH_MAX];
  struct guest_fd *g;

  *base = AT_FDCWD;
  if (dirfd == NVPTX_RPC_AT_FDCWD || path[0] == '/')
    return true;
  if ((g = server_guest_fd (c, dirfd)) == NULL)
    return false;
  if (s->sandboxed
      && (g->outside || sandbox_dir_path (s, g->host_fd, where) != 0))
    {
      server_reply_error (c, NVPTX_RPC_EACCES);
      return false;
    }
  *base = g->host_fd;
  return true;
}

/* The host's AT_* flags for the protocol's WIRE, of which the call takes
   ALLOWED, or false with an EINVAL reply for any other bit.  */
bool
server_take_at_flags (struct call *c, int64_t wire, int64_t allowed,
		      int *flags)
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
      server_reply_error (c, NVPTX_RPC_EINVAL);
      return false;
    }
  *flags = 0;
  for (size_t i = 0; i < sizeof at_flags / sizeof *at_flags; i++)
    if (wire & at_flags[i].wire)
      *flags |= at_flags[i].host;
  return true;
}

/* PATH from DIRFD resolved for USE as server_take_path_fd does, stopping at a
   last symlink when AT flags FLAGS say AT_SYMLINK_NOFOLLOW: the file an
   *at call acts on, which the server then reaches through
   server_fd_path.  */
int
server_take_path_fd_at (struct call *c, int64_t dirfd, const char *path,
			int flags, enum path_use use)
{
  int base;

  if (!server_take_base (c, dirfd, path, &base))
    return -1;
  return server_take_path_fd (c, base, path,
			      flags & AT_SYMLINK_NOFOLLOW ? O_NOFOLLOW : 0,
			      use);
}

/* take_entry for an *at call: PATH's entry, from DIRFD.  */
bool
server_take_entry_at (struct call *c, int64_t dirfd, const char *path,
		      struct entry *e)
{
  int base;

  return server_take_base (c, dirfd, path, &base)
	 && take_entry (c, base, path, e);
}

/* Whether the program may not change the file guest descriptor G leads
   to (its mode, its size, O_APPEND on it), with the reply given if so:
   the rules of the calls that name the file by its path, for the calls
   on a descriptor, all of which ask here.  EROFS under --read-only, as
   server_read_only_refused gives the path forms; EACCES for a file of
   procfs, as server_resolve gives them (proc_file_refused), and in a
   sandbox for a file outside it, which the program may read and write
   through the descriptor but not change otherwise.  Outside or not is
   recorded when the descriptor is made (guest_fd.outside), by what
   resolved it, not judged now from the name /proc gives the file: that
   name may have been renamed or removed since, and a hard link makes it
   one of several; the path forms too decide by what server_resolve
   allowed.  fsync and fdatasync change nothing and do not ask.  */
bool
server_fd_change_refused (struct call *c, const struct guest_fd *g)
{
  if (server_read_only_refused (c))
    return true;
  if (proc_file_refused (g->host_fd, PATH_WRITE)
      || (c->server->sandboxed && g->outside))
    {
      server_reply_error (c, NVPTX_RPC_EACCES);
      return true;
    }
  return false;
}

/* Undo rpc_server_confine: the launcher's working directory again.  */
void
server_release_confinement (struct rpc_server *s)
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

int
rpc_server_confine (struct rpc_server *s, const char *sandbox_dir,
		    bool read_only)
{
  struct open_how how = { .flags = O_PATH | O_DIRECTORY | O_CLOEXEC };
  char path[PATH_MAX];
  int root_fd, cwd_fd;

  server_release_confinement (s);
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
  if (server_host_path (root_fd, path) != 0
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
  if (cwd_fd >= 0 && (server_host_path (cwd_fd, path) != 0
		      || server_path_beneath_root (s, path) == NULL))
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
