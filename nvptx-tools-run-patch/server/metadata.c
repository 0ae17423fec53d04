/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The nvptx-rpc server's handlers for what the file system says about a
   file and lets change: stat, chmod, chown, access and the times; and
   about the file system itself: statvfs, statfs and pathconf.  */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "server-internal.h"

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
  server_reply_data (c, rc, &w, sizeof w);
}

void
serve_fstat (struct call *c)
{
  struct guest_fd *g = server_guest_fd (c, c->req->arg[0]);
  struct stat st;

  if (g != NULL)
    reply_stat (c, fstat (g->host_fd, &st), &st);
}

/* stat, lstat (WFLAGS AT_SYMLINK_NOFOLLOW) or fstatat from DIRFD: fstat
   of the file the path leads to.  A trailing slash makes lstat follow a
   last symlink too, as the kernel's lstat does, but within what server_resolve
   allows.  AT_EMPTY_PATH with an empty path is fstat of DIRFD.  */
static void
stat_at (struct call *c, int64_t dirfd, int64_t wflags)
{
  const char *path;
  struct guest_fd *g;
  struct stat st;
  int flags, fd;

  if (!server_take_strings (c, &path, 1)
      || !server_take_at_flags (c, wflags, NVPTX_RPC_AT_SYMLINK_NOFOLLOW
				| NVPTX_RPC_AT_EMPTY_PATH, &flags))
    return;
  if ((flags & AT_EMPTY_PATH) && path[0] == '\0')
    {
      if (dirfd == NVPTX_RPC_AT_FDCWD)
	path = ".";
      else
	{
	  if ((g = server_guest_fd (c, dirfd)) != NULL)
	    reply_stat (c, fstat (g->host_fd, &st), &st);
	  return;
	}
    }
  if ((fd = server_take_path_fd_at (c, dirfd, path, flags, PATH_LOOK)) >= 0)
    {
      reply_stat (c, fstat (fd, &st), &st);
      close (fd);
    }
}

void
serve_stat (struct call *c)
{
  stat_at (c, NVPTX_RPC_AT_FDCWD, 0);
}

void
serve_lstat (struct call *c)
{
  stat_at (c, NVPTX_RPC_AT_FDCWD, NVPTX_RPC_AT_SYMLINK_NOFOLLOW);
}

void
serve_fstatat (struct call *c)
{
  stat_at (c, c->req->arg[0], c->req->arg[1]);
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

  if (server_take_strings (c, &path, 1) && server_take_mode (c, wmode, &mode)
      && server_take_at_flags (c, wflags, NVPTX_RPC_AT_SYMLINK_NOFOLLOW,
			       &flags)
      && !server_read_only_refused (c)
      && (fd = server_take_path_fd_at (c, dirfd, path, flags,
				       PATH_WRITE)) >= 0)
    {
      if (fstat (fd, &st) == 0 && S_ISLNK (st.st_mode))
	server_reply_error (c, NVPTX_RPC_EOPNOTSUPP);
      else
	server_reply (c, chmod (server_fd_path (fd, name), mode));
      close (fd);
    }
}

void
serve_chmod (struct call *c)
{
  chmod_at (c, NVPTX_RPC_AT_FDCWD, c->req->arg[0], 0);
}

void
serve_fchmodat (struct call *c)
{
  chmod_at (c, c->req->arg[0], c->req->arg[1], c->req->arg[2]);
}

void
serve_fchmod (struct call *c)
{
  struct guest_fd *g = server_guest_fd (c, c->req->arg[0]);
  mode_t mode;

  if (g != NULL && server_take_mode (c, c->req->arg[1], &mode)
      && !server_fd_change_refused (c, g))
    server_reply (c, fchmod (g->host_fd, mode));
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
      server_reply_error (c, NVPTX_RPC_EINVAL);
      return false;
    }
  *uid = u;
  *gid = g;
  return true;
}

/* chown, lchown (AT_SYMLINK_NOFOLLOW) or fchownat from DIRFD, U and G
   as take_owner takes them.  The file is reached through its server_fd_path,
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

  if (server_take_strings (c, &path, 1) && take_owner (c, u, g, &uid, &gid)
      && server_take_at_flags (c, wflags, NVPTX_RPC_AT_SYMLINK_NOFOLLOW,
			       &flags)
      && !server_read_only_refused (c)
      && (fd = server_take_path_fd_at (c, dirfd, path, flags,
				       PATH_WRITE)) >= 0)
    {
      server_reply (c, chown (server_fd_path (fd, name), uid, gid));
      close (fd);
    }
}

void
serve_chown (struct call *c)
{
  chown_at (c, NVPTX_RPC_AT_FDCWD, c->req->arg[0], c->req->arg[1], 0);
}

void
serve_fchownat (struct call *c)
{
  chown_at (c, c->req->arg[0], c->req->arg[1], c->req->arg[2],
	    c->req->arg[3]);
}

void
serve_fchown (struct call *c)
{
  struct guest_fd *g = server_guest_fd (c, c->req->arg[0]);
  uid_t uid;
  gid_t gid;

  if (g != NULL && take_owner (c, c->req->arg[1], c->req->arg[2], &uid, &gid)
      && !server_fd_change_refused (c, g))
    server_reply (c, fchown (g->host_fd, uid, gid));
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
  if (!server_take_strings (c, &path, 1))
    return;
  if (mode & ~(int64_t) (R_OK | W_OK | X_OK))
    {
      server_reply_error (c, NVPTX_RPC_EINVAL);
      return;
    }
  if (!server_take_at_flags (c, wflags, NVPTX_RPC_AT_EACCESS
			     | NVPTX_RPC_AT_SYMLINK_NOFOLLOW, &flags)
      || (fd = server_take_path_fd_at (c, dirfd, path, flags,
				       PATH_LOOK)) < 0)
    return;
  /* As on a read-only mount: the file is there, it cannot be written.  */
  if ((mode & W_OK) && c->server->read_only)
    server_reply_error (c, NVPTX_RPC_EROFS);
  else
    server_reply (c, faccessat (AT_FDCWD, server_fd_path (fd, name), mode,
				flags & AT_EACCESS));
  close (fd);
}

void
serve_access (struct call *c)
{
  access_at (c, NVPTX_RPC_AT_FDCWD, c->req->arg[0], 0);
}

void
serve_faccessat (struct call *c)
{
  access_at (c, c->req->arg[0], c->req->arg[1], c->req->arg[2]);
}

void
serve_utimens (struct call *c)
{
  const char *path;
  struct timespec times[2];
  char name[FD_PATH_SIZE];
  int fd;

  if (!server_take_strings (c, &path, 1))
    return;
  for (int i = 0; i < 2; i++)
    {
      int64_t sec = c->req->arg[2 * i], nsec = c->req->arg[2 * i + 1];
      if (nsec == NVPTX_RPC_UTIME_NOW)
	times[i] = (struct timespec) { 0, UTIME_NOW };
      else if (nsec < 0 || nsec >= 1000000000)
	{
	  server_reply_error (c, NVPTX_RPC_EINVAL);
	  return;
	}
      else
	times[i] = (struct timespec) { sec, nsec };
    }
  if (!server_read_only_refused (c)
      && (fd = server_take_path_fd (c, AT_FDCWD, path, 0, PATH_WRITE)) >= 0)
    {
      server_reply (c, utimensat (AT_FDCWD, server_fd_path (fd, name), times,
				  0));
      close (fd);
    }
}

/* utimensat from DIRFD (arg0) with AT flags arg1: the argument block is
   the path, its NUL, then the two times; nanoseconds
   NVPTX_RPC_UTIME_NOW or NVPTX_RPC_UTIME_OMIT as UTIME_NOW and
   UTIME_OMIT.  futimens is AT_EMPTY_PATH with an empty path, on the
   descriptor, which server_fd_change_refused judges.  A second that time_t
   does not hold is refused (EOVERFLOW), not cut.  */
void
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
      server_reply_error (c, NVPTX_RPC_ENAMETOOLONG);
      return;
    }
  if (length == s->args_length || s->args_length - length - 1 != sizeof w)
    {
      server_reply_error (c, NVPTX_RPC_EPROTO);
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
	server_reply_error (c, NVPTX_RPC_EINVAL);
	return;
      }
    else if ((time_t) w[i].sec != w[i].sec)
      {
	server_reply_error (c, NVPTX_RPC_EOVERFLOW);
	return;
      }
    else
      times[i] = (struct timespec) { w[i].sec, w[i].nsec };
  if (!server_take_at_flags (c, c->req->arg[1],
			     NVPTX_RPC_AT_SYMLINK_NOFOLLOW
			     | NVPTX_RPC_AT_EMPTY_PATH, &flags))
    return;
  if ((flags & AT_EMPTY_PATH) && path[0] == '\0'
      && c->req->arg[0] != NVPTX_RPC_AT_FDCWD)
    {
      if ((g = server_guest_fd (c, c->req->arg[0])) != NULL
	  && !server_fd_change_refused (c, g))
	server_reply (c, futimens (g->host_fd, times));
      return;
    }
  if ((flags & AT_EMPTY_PATH) && path[0] == '\0')
    path = ".";
  if (!server_read_only_refused (c)
      && (fd = server_take_path_fd_at (c, c->req->arg[0], path, flags,
				       PATH_WRITE)) >= 0)
    {
      server_reply (c, utimensat (AT_FDCWD, server_fd_path (fd, name), times,
				  0));
      close (fd);
    }
}

/* Reply to a statvfs call for FD: as a struct nvptx_rpc_statvfs, or
   for WHICH NVPTX_RPC_STATFS (statfs) a struct nvptx_rpc_statfs.  The
   ST_* bits are Linux's, which the protocol's are; under --read-only
   ST_RDONLY too when READ_ONLY, as the program can change nothing
   there.  */
static void
reply_statvfs (struct call *c, int fd, int64_t which, bool read_only)
{
  uint64_t rdonly = read_only ? ST_RDONLY : 0;
  struct statvfs sv;
  struct statfs sf;
  int rc;

  _Static_assert (ST_RDONLY == NVPTX_RPC_ST_RDONLY
		  && ST_NOSUID == NVPTX_RPC_ST_NOSUID, "host ST_* bits");
  if (which == NVPTX_RPC_STATFS)
    {
      struct nvptx_rpc_statfs w = { 0 };
      if ((rc = fstatfs (fd, &sf)) == 0)
	w = (struct nvptx_rpc_statfs) {
	  .type = sf.f_type, .bsize = sf.f_bsize,
	  .blocks = sf.f_blocks, .bfree = sf.f_bfree,
	  .bavail = sf.f_bavail, .files = sf.f_files, .ffree = sf.f_ffree,
	  .fsid = (uint32_t) sf.f_fsid.__val[0]
		  | (uint64_t) (uint32_t) sf.f_fsid.__val[1] << 32,
	  .namelen = sf.f_namelen, .frsize = sf.f_frsize,
	  .flags = sf.f_flags | rdonly,
	};
      server_reply_data (c, rc, &w, sizeof w);
      return;
    }
  struct nvptx_rpc_statvfs w = { 0 };
  if ((rc = fstatvfs (fd, &sv)) == 0)
    w = (struct nvptx_rpc_statvfs) {
      .bsize = sv.f_bsize, .frsize = sv.f_frsize,
      .blocks = sv.f_blocks, .bfree = sv.f_bfree, .bavail = sv.f_bavail,
      .files = sv.f_files, .ffree = sv.f_ffree, .favail = sv.f_favail,
      .fsid = sv.f_fsid, .flag = sv.f_flag | rdonly,
      .namemax = sv.f_namemax,
    };
  server_reply_data (c, rc, &w, sizeof w);
}

/* statvfs and statfs: of the file system of the file the path leads
   to, resolved as every path is (in a sandbox, beneath it;
   docs/security.md says what the answer tells).  */
void
serve_statvfs (struct call *c)
{
  int64_t which = c->req->arg[0];
  const char *path;
  int fd;

  if (which != 0 && which != NVPTX_RPC_STATFS)
    server_reply_error (c, NVPTX_RPC_EINVAL);
  else if (server_take_strings (c, &path, 1)
	   && (fd = server_take_path_fd (c, AT_FDCWD, path, 0,
					 PATH_LOOK)) >= 0)
    {
      reply_statvfs (c, fd, which, c->server->read_only);
      close (fd);
    }
}

void
serve_fstatvfs (struct call *c)
{
  int64_t which = c->req->arg[1];
  struct guest_fd *g;

  if (which != 0 && which != NVPTX_RPC_STATFS)
    server_reply_error (c, NVPTX_RPC_EINVAL);
  else if ((g = server_guest_fd (c, c->req->arg[0])) != NULL)
    reply_statvfs (c, g->host_fd, which,
		   c->server->read_only && !g->outside);
}

/* The host's _PC_* name for the protocol's WIRE, or -1 with an EINVAL
   reply.  */
static int
take_pathconf_name (struct call *c, int64_t wire)
{
  static const int names[] = {
#define P(name, value) [value] = _PC_##name,
    NVPTX_RPC_PC_NAMES (P)
#undef P
  };

  if (wire < 0 || wire >= (int64_t) (sizeof names / sizeof *names))
    {
      server_reply_error (c, NVPTX_RPC_EINVAL);
      return -1;
    }
  return names[wire];
}

/* Reply with fpathconf (FD, NAME): the value; -1 with the host's errno;
   or, for a limit without a value (-1, errno unchanged), -1 with error
   0, which the client gives as -1 with errno unchanged.  */
static void
reply_pathconf (struct call *c, int fd, int name)
{
  long value;

  errno = 0;
  value = fpathconf (fd, name);
  if (value == -1 && errno == 0)
    {
      c->rep->result = -1;
      c->rep->error = NVPTX_RPC_ERRNO_NONE;
      c->rep->flags |= NVPTX_RPC_DONE;
    }
  else
    server_reply (c, value);
}

/* pathconf: fpathconf of the file the path leads to, resolved as every
   path is; glibc answers for a path and for its descriptor alike.  */
void
serve_pathconf (struct call *c)
{
  const char *path;
  int name, fd;

  if (server_take_strings (c, &path, 1)
      && (name = take_pathconf_name (c, c->req->arg[0])) >= 0
      && (fd = server_take_path_fd (c, AT_FDCWD, path, 0, PATH_LOOK)) >= 0)
    {
      reply_pathconf (c, fd, name);
      close (fd);
    }
}

void
serve_fpathconf (struct call *c)
{
  struct guest_fd *g = server_guest_fd (c, c->req->arg[0]);
  int name;

  if (g != NULL && (name = take_pathconf_name (c, c->req->arg[1])) >= 0)
    reply_pathconf (c, g->host_fd, name);
}
