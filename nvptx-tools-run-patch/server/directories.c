/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The nvptx-rpc server's handlers for directories: the calls that make,
   remove, rename or read their entries (unlink, rename, link, symlink,
   readlink, mkdir, mknod, rmdir, readdir) and the working directory
   (getcwd, chdir, fchdir).  */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "server-internal.h"

/* unlink, rmdir (WFLAGS AT_REMOVEDIR) or unlinkat from DIRFD.  */
static void
remove_entry (struct call *c, int64_t dirfd, int64_t wflags)
{
  const char *path;
  struct entry e;
  int flags;

  if (server_take_strings (c, &path, 1)
      && server_take_at_flags (c, wflags, NVPTX_RPC_AT_REMOVEDIR, &flags)
      && !server_read_only_refused (c)
      && server_take_entry_at (c, dirfd, path, &e))
    {
      server_reply (c, unlinkat (e.dir_fd, e.name, flags));
      close (e.dir_fd);
    }
}

void
serve_unlink (struct call *c)
{
  remove_entry (c, NVPTX_RPC_AT_FDCWD, 0);
}

void
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

  if (server_take_strings (c, paths, 2) && !server_read_only_refused (c)
      && server_take_entry_at (c, old_dirfd, paths[0], &from))
    {
      if (server_take_entry_at (c, new_dirfd, paths[1], &to))
	{
	  server_reply (c, renameat (from.dir_fd, from.name, to.dir_fd,
				      to.name));
	  close (to.dir_fd);
	}
      close (from.dir_fd);
    }
}

void
serve_rename (struct call *c)
{
  rename_at (c, NVPTX_RPC_AT_FDCWD, NVPTX_RPC_AT_FDCWD);
}

void
serve_renameat (struct call *c)
{
  rename_at (c, c->req->arg[0], c->req->arg[1]);
}

/* link, or linkat from OLD_DIRFD to NEW_DIRFD with WFLAGS: with
   AT_SYMLINK_FOLLOW, of the file the old path leads to, resolved as
   every path is and linked through its server_fd_path (which the kernel
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

  if (!server_take_strings (c, paths, 2)
      || !server_take_at_flags (c, wflags, NVPTX_RPC_AT_SYMLINK_FOLLOW, &flags)
      || server_read_only_refused (c))
    return;
  /* A slash at its end makes link follow the old path's last symlink
     (to a directory, which it then refuses to link): resolve the path
     first, so that the kernel follows only where server_resolve would.  */
  length = strlen (paths[0]);
  if ((flags & AT_SYMLINK_FOLLOW)
      || (length > 0 && paths[0][length - 1] == '/'))
    {
      if ((fd = server_take_path_fd_at (c, old_dirfd, paths[0], 0,
					 PATH_LOOK)) < 0)
	return;
      if (!(flags & AT_SYMLINK_FOLLOW))
	{
	  close (fd);
	  fd = -1;
	}
    }
  if (fd >= 0)
    {
      if (server_take_entry_at (c, new_dirfd, paths[1], &to))
	{
	  server_reply (c, linkat (AT_FDCWD, server_fd_path (fd, name),
				   to.dir_fd, to.name, AT_SYMLINK_FOLLOW));
	  close (to.dir_fd);
	}
      close (fd);
    }
  else if (server_take_entry_at (c, old_dirfd, paths[0], &from))
    {
      if (server_take_entry_at (c, new_dirfd, paths[1], &to))
	{
	  server_reply (c, linkat (from.dir_fd, from.name, to.dir_fd, to.name,
				   0));
	  close (to.dir_fd);
	}
      close (from.dir_fd);
    }
}

void
serve_link (struct call *c)
{
  link_at (c, NVPTX_RPC_AT_FDCWD, NVPTX_RPC_AT_FDCWD, 0);
}

void
serve_linkat (struct call *c)
{
  link_at (c, c->req->arg[0], c->req->arg[1], c->req->arg[2]);
}

/* The target is only a string: following the symlink later is what
   server_resolve checks.  */
static void
symlink_at (struct call *c, int64_t dirfd)
{
  const char *paths[2];
  struct entry e;

  if (server_take_strings (c, paths, 2) && !server_read_only_refused (c)
      && server_take_entry_at (c, dirfd, paths[1], &e))
    {
      server_reply (c, symlinkat (paths[0], e.dir_fd, e.name));
      close (e.dir_fd);
    }
}

void
serve_symlink (struct call *c)
{
  symlink_at (c, NVPTX_RPC_AT_FDCWD);
}

void
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

  if (!server_take_strings (c, &path, 1)
      || (fd = server_take_path_fd_at (c, dirfd, path, AT_SYMLINK_NOFOLLOW,
				       PATH_LOOK)) < 0)
    return;
  if (fstat (fd, &st) == 0)
    {
      if (S_ISLNK (st.st_mode))
	n = readlinkat (fd, "", target, sizeof target);
      else
	errno = EINVAL;
    }
  server_reply_data (c, n, target, n < 0 ? 0 : n);
  close (fd);
}

void
serve_readlink (struct call *c)
{
  readlink_at (c, NVPTX_RPC_AT_FDCWD);
}

void
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

  /* Linux's mkdir drops the set-user-ID and set-group-ID bits: a
     directory's are not an identity to run with.  */
  if (server_take_strings (c, &path, 1)
      && server_take_mode (c, wmode & ~(int64_t) (S_ISUID | S_ISGID), &mode)
      && !server_read_only_refused (c)
      && server_take_entry_at (c, dirfd, path, &e))
    {
      server_reply (c, mkdirat (e.dir_fd, e.name, mode));
      close (e.dir_fd);
    }
}

void
serve_mkdir (struct call *c)
{
  mkdir_at (c, NVPTX_RPC_AT_FDCWD, c->req->arg[0]);
}

void
serve_mkdirat (struct call *c)
{
  mkdir_at (c, c->req->arg[0], c->req->arg[1]);
}

/* mkfifo, mknod and their *at forms: FIFOs and regular files only.  A
   device needs a privilege the launcher should not lend, and a socket
   is no use to a program without sockets: EPERM for those, as for an
   unprivileged user, even when the launcher runs as root, and for a
   directory, as Linux gives; EINVAL for other type bits, as Linux.  */
void
serve_mknodat (struct call *c)
{
  int64_t wmode = c->req->arg[1];
  const char *path;
  struct entry e;
  mode_t mode, type;

  if (!server_take_strings (c, &path, 1))
    return;
  switch (wmode & NVPTX_RPC_S_IFMT)
    {
    case 0: case NVPTX_RPC_S_IFREG: type = S_IFREG; break;
    case NVPTX_RPC_S_IFIFO: type = S_IFIFO; break;
    case NVPTX_RPC_S_IFCHR: case NVPTX_RPC_S_IFBLK: case NVPTX_RPC_S_IFSOCK:
    case NVPTX_RPC_S_IFDIR:
      server_reply_error (c, NVPTX_RPC_EPERM);
      return;
    default:
      server_reply_error (c, NVPTX_RPC_EINVAL);
      return;
    }
  if (server_take_mode (c, wmode & ~(int64_t) NVPTX_RPC_S_IFMT, &mode)
      && !server_read_only_refused (c)
      && server_take_entry_at (c, c->req->arg[0], path, &e))
    {
      server_reply (c, mknodat (e.dir_fd, e.name, type | mode, 0));
      close (e.dir_fd);
    }
}

void
serve_rmdir (struct call *c)
{
  remove_entry (c, NVPTX_RPC_AT_FDCWD, NVPTX_RPC_AT_REMOVEDIR);
}

/* In a sandbox, the host path of the program's working directory there,
   which stays apart from the launcher's.  */
void
serve_getcwd (struct call *c)
{
  char path[PATH_MAX];

  if (c->server->sandboxed ? server_sandbox_cwd (c->server, path) != 0
      : getcwd (path, sizeof path) == NULL)
    server_reply (c, -1);
  else
    server_reply_data (c, strlen (path) + 1, path, strlen (path) + 1);
}

void
serve_chdir (struct call *c)
{
  struct rpc_server *s = c->server;
  const char *path;
  char name[FD_PATH_SIZE];
  int fd;

  if (!server_take_strings (c, &path, 1)
      || (fd = server_take_path_fd (c, AT_FDCWD, path, O_DIRECTORY,
				    PATH_LOOK)) < 0)
    return;
  if (!s->sandboxed)
    {
      server_reply (c, fchdir (fd));
      close (fd);
    }
  /* The program's working directory in a sandbox is a descriptor, not
     the launcher's: check the search permission chdir would.  */
  else if (access (server_fd_path (fd, name), X_OK) != 0)
    {
      server_reply (c, -1);
      close (fd);
    }
  else
    {
      close (s->cwd_fd);
      s->cwd_fd = fd;
      server_reply (c, 0);
    }
}

/* The working directory becomes guest fd arg0's.  In a sandbox, only a
   directory in it (server_take_base's rules), kept as a descriptor of its own,
   with the search permission checked as chdir does.  */
void
serve_fchdir (struct call *c)
{
  struct rpc_server *s = c->server;
  struct guest_fd *g = server_guest_fd (c, c->req->arg[0]);
  char name[FD_PATH_SIZE];
  struct stat st;
  int base, fd;

  if (g == NULL)
    return;
  if (!s->sandboxed)
    {
      server_reply (c, fchdir (g->host_fd));
      return;
    }
  if (!server_take_base (c, c->req->arg[0], "", &base))
    return;
  if (fstat (base, &st) != 0)
    server_reply (c, -1);
  else if (!S_ISDIR (st.st_mode))
    server_reply_error (c, NVPTX_RPC_ENOTDIR);
  else if (access (server_fd_path (base, name), X_OK) != 0
	   || (fd = fcntl (base, F_DUPFD_CLOEXEC, 0)) < 0)
    server_reply (c, -1);
  else
    {
      close (s->cwd_fd);
      s->cwd_fd = fd;
      server_reply (c, 0);
    }
}

/* As many whole entries of the directory as fit in arg1 bytes.  */
void
serve_readdir (struct call *c)
{
  struct guest_fd *g = server_guest_fd (c, c->req->arg[0]);
  int64_t room = c->req->arg[1];
  unsigned char block[NVPTX_RPC_ARG_MAX];
  size_t used = 0;

  if (g == NULL)
    return;
  if (room < (int64_t) NVPTX_RPC_DIRENT_SIZE (NAME_MAX))
    {
      server_reply_error (c, NVPTX_RPC_EINVAL);
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
	  server_reply (c, -1);
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
	      server_reply (c, -1);
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
  server_reply_data (c, used, block, used);
}
