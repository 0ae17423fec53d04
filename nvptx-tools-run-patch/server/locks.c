/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The nvptx-rpc server's file locks: fcntl's record locks (LOCK) and
   flock (FLOCK).  The launcher's process holds them on the program's
   behalf, on the host descriptors behind the program's, so that they
   conflict with other processes' locks as the program's own would and
   go when the program closes a descriptor of the file (record locks) or
   the last of the open file (flock), or ends.  A lock that waits (F_SETLKW,
   flock without LOCK_NB) waits in a thread of the server's, so that the
   kernel queues and wakes it as any waiter, and reports EDEADLK, while
   the server calls the launcher's while_waiting, which ends it when the
   kernel has failed or run out of time.  */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <sys/eventfd.h>
#include <sys/file.h>
#include <unistd.h>

#include "server-internal.h"

/* A lock to take, and how taking it went.  */
struct lock_request
{
  int host_fd;
  bool record;			/* fcntl's F_SETLKW of lock; else flock of
				   operation.  */
  struct flock lock;
  int operation;
  int result, error;
  int done_fd;			/* An eventfd the thread signals; -1 when
				   taken in the server's own thread.  */
};

/* Take R's lock, waiting for it if it must.  */
static void *
take_lock (void *arg)
{
  struct lock_request *r = arg;

  r->result = r->record ? fcntl (r->host_fd, F_SETLKW, &r->lock)
		: flock (r->host_fd, r->operation);
  r->error = errno;
  if (r->done_fd >= 0)
    eventfd_write (r->done_fd, 1);
  return NULL;
}

/* Take R's lock, which may wait.  It is tried first without waiting,
   which is all most locks need; if it must wait, it waits in a thread of
   ours, while_waiting called every WAIT_SLICE_MS until it is taken or
   refused.  Without while_waiting, or if no thread can be started, it
   waits here.  Returns as the call does, errno set.  */
static int
wait_for_lock (struct rpc_server *s, struct lock_request *r)
{
  pthread_t thread;
  int taken = r->record ? fcntl (r->host_fd, F_SETLK, &r->lock)
	      : flock (r->host_fd, r->operation | LOCK_NB);

  if (taken == 0 || (errno != EAGAIN && errno != EACCES))
    return taken;
  r->done_fd = s->while_waiting ? eventfd (0, EFD_CLOEXEC) : -1;
  if (r->done_fd >= 0 && pthread_create (&thread, NULL, take_lock, r) == 0)
    {
      struct pollfd done = { .fd = r->done_fd, .events = POLLIN };
      while (poll (&done, 1, WAIT_SLICE_MS) <= 0)
	s->while_waiting (s->waiting_context);
      pthread_join (thread, NULL);
    }
  else
    take_lock (r);
  if (r->done_fd >= 0)
    close (r->done_fd);
  errno = r->error;
  return r->result;
}

/* fcntl's F_GETLK, F_SETLK and F_SETLKW of the program's descriptor
   arg0: arg1 packs the command, the lock's type and its whence, arg2 and
   arg3 are its start and length, as struct flock has them.  */
void
serve_lock (struct call *c)
{
  struct guest_fd *g = server_guest_fd (c, c->req->arg[0]);
  uint64_t packed = c->req->arg[1];
  unsigned command = NVPTX_RPC_LOCK_COMMAND (packed);
  unsigned type = NVPTX_RPC_LOCK_TYPE (packed);
  unsigned whence = NVPTX_RPC_LOCK_WHENCE (packed);
  struct lock_request r = { .record = true };
  struct nvptx_rpc_flock reply;

  _Static_assert (F_RDLCK == NVPTX_RPC_F_RDLCK
		  && F_WRLCK == NVPTX_RPC_F_WRLCK
		  && F_UNLCK == NVPTX_RPC_F_UNLCK
		  && SEEK_SET == NVPTX_RPC_SEEK_SET
		  && SEEK_CUR == NVPTX_RPC_SEEK_CUR
		  && SEEK_END == NVPTX_RPC_SEEK_END, "host lock values");
  if (g == NULL)
    return;
  if (packed >> 24 || type > NVPTX_RPC_F_UNLCK || whence > NVPTX_RPC_SEEK_END)
    {
      server_reply_error (c, NVPTX_RPC_EINVAL);
      return;
    }
  r.host_fd = g->host_fd;
  r.lock = (struct flock) { .l_type = type, .l_whence = whence,
			    .l_start = c->req->arg[2],
			    .l_len = c->req->arg[3] };
  switch (command)
    {
    case NVPTX_RPC_F_GETLK:
      if (fcntl (g->host_fd, F_GETLK, &r.lock) != 0)
	{
	  server_reply (c, -1);
	  return;
	}
      reply = (struct nvptx_rpc_flock) { .start = r.lock.l_start,
					 .length = r.lock.l_len,
					 .pid = r.lock.l_pid,
					 .type = r.lock.l_type,
					 .whence = r.lock.l_whence };
      server_reply_data (c, 0, &reply, sizeof reply);
      break;
    case NVPTX_RPC_F_SETLK:
      server_reply (c, fcntl (g->host_fd, F_SETLK, &r.lock));
      break;
    case NVPTX_RPC_F_SETLKW:
      server_reply (c, wait_for_lock (c->server, &r));
      break;
    default:
      server_reply_error (c, NVPTX_RPC_EINVAL);
    }
}

/* flock of the program's descriptor arg0, the operation arg1.  */
void
serve_flock (struct call *c)
{
  struct guest_fd *g = server_guest_fd (c, c->req->arg[0]);
  int64_t operation = c->req->arg[1];
  struct lock_request r = { .operation = operation };

  _Static_assert (LOCK_SH == NVPTX_RPC_LOCK_SH && LOCK_EX == NVPTX_RPC_LOCK_EX
		  && LOCK_NB == NVPTX_RPC_LOCK_NB
		  && LOCK_UN == NVPTX_RPC_LOCK_UN, "host flock values");
  if (g == NULL)
    return;
  if (operation & ~(int64_t) (LOCK_SH | LOCK_EX | LOCK_NB | LOCK_UN))
    {
      server_reply_error (c, NVPTX_RPC_EINVAL);
      return;
    }
  r.host_fd = g->host_fd;
  server_reply (c, operation & (LOCK_NB | LOCK_UN)
		   ? flock (g->host_fd, operation)
		   : wait_for_lock (c->server, &r));
}

/* The program lets go of a descriptor of the launcher's own (0, 1, 2),
   which stays open: its record locks on that file go, as a close would
   have them go.  */
void
server_release_locks (int host_fd)
{
  struct flock all = { .l_type = F_UNLCK, .l_whence = SEEK_SET };

  fcntl (host_fd, F_SETLK, &all);
}
