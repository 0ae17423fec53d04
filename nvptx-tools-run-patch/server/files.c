/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The nvptx-rpc server's handlers for files and descriptors: open,
   close, read and write (through the window or by direct copies), their
   positioned forms, lseek, isatty, truncate, fsync, dup, fcntl and
   poll.  */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "server-internal.h"

/* Whether open FLAGS would change a file (or make one).  */
static bool
open_changes (int flags)
{
  return (flags & O_ACCMODE) != O_RDONLY
	 || (flags & (O_CREAT | O_TRUNC | O_APPEND));
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

/* server_resolve PATH for open, FLAGS as the program gave them, without
   letting a FIFO with no peer block the server: the open itself never
   waits (O_NONBLOCK), and O_NONBLOCK goes again after it unless the
   program asked for it.  A FIFO opened for writing with no reader yet
   (ENXIO) is opened again every WAIT_SLICE_MS, the launcher's
   while_waiting called in between; one opened for reading waits for its
   writer in its first read (wait_ready), which sees the same data or end
   of file a blocking open and read would have.  */
static int
open_without_waiting (struct rpc_server *s, int base, const char *path,
		      int flags, mode_t mode, int use)
{
  struct stat st;
  int fd;

  while ((fd = server_resolve (s, base, path, flags | O_NONBLOCK, mode,
			       use)) < 0
	 && errno == ENXIO && !(flags & O_NONBLOCK)
	 && (flags & O_ACCMODE) == O_WRONLY)
    {
      int probe = server_resolve (s, base, path, O_PATH, 0, PATH_READ);
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

  if (!server_take_strings (c, &path, 1)
      || !server_take_mode (c, wmode, &mode))
    return;
  switch (wflags & NVPTX_RPC_O_ACCMODE)
    {
    case NVPTX_RPC_O_RDONLY: flags = O_RDONLY; break;
    case NVPTX_RPC_O_WRONLY: flags = O_WRONLY; break;
    case NVPTX_RPC_O_RDWR: flags = O_RDWR; break;
    default: server_reply_error (c, NVPTX_RPC_EINVAL); return;
    }
  int more = server_oflags_from_wire (wflags
				      & ~(uint64_t) NVPTX_RPC_O_ACCMODE);
  if (more < 0)
    {
      server_reply_error (c, NVPTX_RPC_EINVAL);
      return;
    }
  /* POSIX: the lowest free descriptor.  */
  if ((fd = server_free_guest_fd (c, 0)) < 0)
    return;
  flags |= more;
  bool null_device = strcmp (path, "/dev/null") == 0;
  if ((!null_device && open_changes (flags) && server_read_only_refused (c))
      || !server_take_base (c, dirfd, path, &base))
    return;
  /* The program's exec is not the launcher's: never leak into children
     (server_resolve adds O_CLOEXEC).  */
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
      server_reply (c, -1);
      return;
    }
  c->server->fds[fd] = (struct guest_fd) {
    .host_fd = host_fd, .owned = true, .cloexec = (flags & O_CLOEXEC) != 0,
    .regular = fstat (host_fd, &st) == 0 && S_ISREG (st.st_mode),
    .outside = outside,
  };
  server_reply (c, fd);
}

void
serve_open (struct call *c)
{
  open_at (c, NVPTX_RPC_AT_FDCWD, c->req->arg[0], c->req->arg[1]);
}

void
serve_openat (struct call *c)
{
  open_at (c, c->req->arg[0], c->req->arg[1], c->req->arg[2]);
}

void
serve_close (struct call *c)
{
  struct guest_fd *g = server_guest_fd (c, c->req->arg[0]);

  if (g != NULL)
    server_reply (c, server_release_guest_fd (g));
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
    server_reply_error (c, NVPTX_RPC_EINVAL);
  else if (address == 0 || (uint64_t) count > UINT64_MAX - address
	   || !d->reachable (d->context, address, count))
    server_reply_error (c, NVPTX_RPC_EFAULT);
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
      server_reply (c, -1);
      return;
    }
  if (done < count)
    c->rep->flags |= NVPTX_RPC_DONE;
  server_reply (c, done);
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
      server_reply_error (c, NVPTX_RPC_EINVAL);
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
  server_reply (c, n);
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
      server_reply_error (c, NVPTX_RPC_EPROTO);
      return;
    }
  c->window += at;
  ssize_t n = move_host (c->server, g, c->window, c->req->length, true,
			 offset);
  /* An error after progress, or no progress at all: a short count.  */
  if (n >= 0 && (size_t) n < c->req->length)
    c->rep->flags |= NVPTX_RPC_DONE;
  server_reply (c, n);
}

void
serve_read (struct call *c)
{
  struct guest_fd *g = server_guest_fd (c, c->req->arg[0]);

  if (g != NULL)
    read_at (c, g, NO_OFFSET);
}

void
serve_write (struct call *c)
{
  struct guest_fd *g = server_guest_fd (c, c->req->arg[0]);

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
      server_reply_error (c, NVPTX_RPC_EINVAL);
      return NULL;
    }
  if ((g = server_guest_fd (c, c->req->arg[0])) == NULL)
    return NULL;
  if (lseek (g->host_fd, 0, SEEK_CUR) < 0)
    {
      server_reply (c, -1);
      return NULL;
    }
  *offset = at;
  return g;
}

void
serve_pread (struct call *c)
{
  struct guest_fd *g;
  off_t offset;

  if ((g = take_positioned (c, &offset)) != NULL)
    read_at (c, g, offset);
}

void
serve_pwrite (struct call *c)
{
  struct guest_fd *g;
  off_t offset;

  if ((g = take_positioned (c, &offset)) != NULL)
    write_at (c, g, offset);
}

void
serve_lseek (struct call *c)
{
  struct guest_fd *g = server_guest_fd (c, c->req->arg[0]);
  int whence;

  if (g == NULL)
    return;
  switch (c->req->arg[2])
    {
    case NVPTX_RPC_SEEK_SET: whence = SEEK_SET; break;
    case NVPTX_RPC_SEEK_CUR: whence = SEEK_CUR; break;
    case NVPTX_RPC_SEEK_END: whence = SEEK_END; break;
    default: server_reply_error (c, NVPTX_RPC_EINVAL); return;
    }
  server_reply (c, lseek (g->host_fd, c->req->arg[1], whence));
}

void
serve_isatty (struct call *c)
{
  struct guest_fd *g = server_guest_fd (c, c->req->arg[0]);

  if (g != NULL)
    server_reply (c, isatty (g->host_fd) ? 1 : -1);
}

void
serve_truncate (struct call *c)
{
  const char *path;
  char name[FD_PATH_SIZE];
  int fd;

  if (server_take_strings (c, &path, 1) && !server_read_only_refused (c)
      && (fd = server_take_path_fd (c, AT_FDCWD, path, 0, PATH_WRITE)) >= 0)
    {
      server_reply (c, truncate (server_fd_path (fd, name), c->req->arg[0]));
      close (fd);
    }
}

void
serve_ftruncate (struct call *c)
{
  struct guest_fd *g = server_guest_fd (c, c->req->arg[0]);

  if (g != NULL && !server_fd_change_refused (c, g))
    server_reply (c, ftruncate (g->host_fd, c->req->arg[1]));
}

/* No server_fd_change_refused: it writes out what was written, and changes
   neither the file's bytes nor its attributes.  */
void
serve_fsync (struct call *c)
{
  struct guest_fd *g = server_guest_fd (c, c->req->arg[0]);

  if (g != NULL)
    server_reply (c, c->req->arg[1] ? fdatasync (g->host_fd)
		  : fsync (g->host_fd));
}

/* Guest fd NEW (free, or freed here) becomes a duplicate of G.  */
static void
reply_dup (struct call *c, struct guest_fd *g, int new, bool cloexec)
{
  struct rpc_server *s = c->server;
  int host_fd = fcntl (g->host_fd, F_DUPFD_CLOEXEC, 0);

  if (host_fd < 0)
    {
      server_reply (c, -1);
      return;
    }
  if (s->fds[new].host_fd >= 0)
    server_release_guest_fd (&s->fds[new]);
  s->fds[new] = (struct guest_fd) {
    .host_fd = host_fd, .owned = true, .regular = g->regular,
    .cloexec = cloexec, .outside = g->outside,
  };
  server_reply (c, new);
}

void
serve_dup (struct call *c)
{
  struct guest_fd *g = server_guest_fd (c, c->req->arg[0]);
  int64_t lowest = c->req->arg[1];
  int new;

  if (g == NULL)
    return;
  if (lowest < 0 || lowest >= GUEST_FDS)
    server_reply_error (c, NVPTX_RPC_EINVAL);
  else if ((new = server_free_guest_fd (c, lowest)) >= 0)
    reply_dup (c, g, new, c->req->arg[2] & NVPTX_RPC_FD_CLOEXEC);
}

void
serve_dup2 (struct call *c)
{
  struct guest_fd *g = server_guest_fd (c, c->req->arg[0]);
  int64_t new = c->req->arg[1];

  if (g == NULL)
    return;
  if (new < 0 || new >= GUEST_FDS)
    server_reply_error (c, NVPTX_RPC_EBADF);
  else if (new == c->req->arg[0])
    server_reply (c, new);
  else
    reply_dup (c, g, new, false);
}

/* dup2 with the new descriptor's FD_CLOEXEC from O_CLOEXEC in arg2, in
   Linux's order of checks: EINVAL for another flag or the same
   descriptor, before either is looked at.  */
void
serve_dup3 (struct call *c)
{
  int64_t new = c->req->arg[1], flags = c->req->arg[2];
  struct guest_fd *g;

  if ((flags & ~(int64_t) NVPTX_RPC_O_CLOEXEC) || new == c->req->arg[0])
    server_reply_error (c, NVPTX_RPC_EINVAL);
  else if (new < 0 || new >= GUEST_FDS)
    server_reply_error (c, NVPTX_RPC_EBADF);
  else if ((g = server_guest_fd (c, c->req->arg[0])) != NULL)
    reply_dup (c, g, new, flags != 0);
}

void
serve_fcntl (struct call *c)
{
  struct guest_fd *g = server_guest_fd (c, c->req->arg[0]);
  int64_t value = c->req->arg[2];
  int flags, old_flags;

  if (g == NULL)
    return;
  switch (c->req->arg[1])
    {
    case NVPTX_RPC_F_GETFD:
      server_reply (c, g->cloexec ? NVPTX_RPC_FD_CLOEXEC : 0);
      break;
    case NVPTX_RPC_F_SETFD:
      g->cloexec = value & NVPTX_RPC_FD_CLOEXEC;
      server_reply (c, 0);
      break;
    case NVPTX_RPC_F_GETFL:
      if ((flags = fcntl (g->host_fd, F_GETFL)) < 0)
	server_reply (c, -1);
      else
	/* The host fd's own O_CLOEXEC is not a status flag of the
	   program's.  */
	server_reply (c, ((flags & O_ACCMODE) == O_WRONLY ? NVPTX_RPC_O_WRONLY
			  : (flags & O_ACCMODE) == O_RDWR ? NVPTX_RPC_O_RDWR
			  : NVPTX_RPC_O_RDONLY)
		      | (server_oflags_to_wire (flags & ~O_ACCMODE)
			 & ~NVPTX_RPC_O_CLOEXEC));
      break;
    case NVPTX_RPC_F_SETFL:
      /* The access mode and creation flags are ignored, as POSIX says.
	 Setting O_APPEND is a change, as open's O_APPEND is
	 (open_changes).  */
      if ((flags = server_oflags_from_wire (value
					    & ~(int64_t) NVPTX_RPC_O_ACCMODE))
	  < 0)
	server_reply_error (c, NVPTX_RPC_EINVAL);
      else if ((old_flags = fcntl (g->host_fd, F_GETFL)) < 0)
	server_reply (c, -1);
      else if (!(flags & O_APPEND) || (old_flags & O_APPEND)
	       || !server_fd_change_refused (c, g))
	server_reply (c, fcntl (g->host_fd, F_SETFL,
				flags & ~(O_CREAT | O_EXCL | O_TRUNC | O_NOCTTY
					  | O_DIRECTORY | O_NOFOLLOW
					  | O_CLOEXEC)));
      break;
    default:
      server_reply_error (c, NVPTX_RPC_EINVAL);
    }
}

/* poll of the argument block's arg0 entries, struct nvptx_rpc_pollfd,
   without waiting: the host's poll with timeout 0, so that the server
   goes on serving the other threads while the client waits on the GPU
   and asks again.  Guest descriptors are the host's behind them; an
   entry with a negative fd is skipped (revents 0), as POSIX says, and
   one the program does not hold is POLLNVAL, as Linux has it.  Event
   bits are Linux's, which the protocol's are; others are ignored.
   Replies with the number of entries with revents, and the entries.  */
void
serve_poll (struct call *c)
{
  struct rpc_server *s = c->server;
  int64_t nfds = c->req->arg[0];
  struct nvptx_rpc_pollfd w[NVPTX_RPC_POLL_MAX];
  struct pollfd p[NVPTX_RPC_POLL_MAX];
  int n;

  _Static_assert (POLLIN == NVPTX_RPC_POLLIN && POLLPRI == NVPTX_RPC_POLLPRI
		  && POLLOUT == NVPTX_RPC_POLLOUT
		  && POLLERR == NVPTX_RPC_POLLERR
		  && POLLHUP == NVPTX_RPC_POLLHUP
		  && POLLNVAL == NVPTX_RPC_POLLNVAL
		  && POLLRDNORM == NVPTX_RPC_POLLRDNORM
		  && POLLRDBAND == NVPTX_RPC_POLLRDBAND
		  && POLLWRNORM == NVPTX_RPC_POLLWRNORM
		  && POLLWRBAND == NVPTX_RPC_POLLWRBAND, "host poll bits");
  if (nfds < 0 || nfds > NVPTX_RPC_POLL_MAX || s->args_overflow)
    {
      server_reply_error (c, NVPTX_RPC_EINVAL);
      return;
    }
  if (s->args_length != (size_t) nfds * sizeof *w)
    {
      server_reply_error (c, NVPTX_RPC_EPROTO);
      return;
    }
  memcpy (w, s->args, s->args_length);
  for (int64_t i = 0; i < nfds; i++)
    {
      int32_t fd = w[i].fd;
      p[i] = (struct pollfd) {
	.fd = fd < 0 || fd >= GUEST_FDS ? -1 : s->fds[fd].host_fd,
	.events = w[i].events & NVPTX_RPC_POLL_EVENTS & ~NVPTX_RPC_POLLNVAL,
      };
    }
  do
    n = poll (p, nfds, 0);
  while (n < 0 && errno == EINTR);
  if (n < 0)
    {
      server_reply (c, -1);
      return;
    }
  n = 0;
  for (int64_t i = 0; i < nfds; i++)
    {
      w[i].revents = w[i].fd < 0 ? 0
		     : p[i].fd < 0 ? NVPTX_RPC_POLLNVAL
		     : p[i].revents & NVPTX_RPC_POLL_EVENTS;
      n += w[i].revents != 0;
    }
  server_reply_data (c, n, w, s->args_length);
}
