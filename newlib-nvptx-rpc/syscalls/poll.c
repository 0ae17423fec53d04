/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* poll(2) for nvptx, served by the host through nvptx-rpc.  The host
   never waits: it polls the descriptors with timeout 0 and answers, so
   that it goes on serving the program's other threads.  While nothing is
   ready and the timeout has not passed, this waits on the GPU
   (nanosleep), from 1 us doubling up to 1 ms between tries, and asks
   again; the time is the host's monotonic clock.  A negative timeout
   waits for ever, 0 polls once.  Nothing interrupts it (no EINTR).

   struct pollfd and the event bits are Linux's, which the protocol's
   are, so the program's array goes as it is, NVPTX_RPC_POLL_MAX entries
   a request; more than the program may hold descriptors
   (NVPTX_RPC_FDS, RLIMIT_NOFILE) is EINVAL, as Linux has it.  */

#include <errno.h>
#include <poll.h>
#include <stddef.h>
#include <time.h>
#include "rpc.h"

_Static_assert (sizeof (struct pollfd) == sizeof (struct nvptx_rpc_pollfd)
		&& offsetof (struct pollfd, events) == 4
		&& offsetof (struct pollfd, revents) == 6,
		"struct pollfd is the protocol's");
_Static_assert (POLLIN == NVPTX_RPC_POLLIN && POLLPRI == NVPTX_RPC_POLLPRI
		&& POLLOUT == NVPTX_RPC_POLLOUT && POLLERR == NVPTX_RPC_POLLERR
		&& POLLHUP == NVPTX_RPC_POLLHUP
		&& POLLNVAL == NVPTX_RPC_POLLNVAL
		&& POLLRDNORM == NVPTX_RPC_POLLRDNORM
		&& POLLRDBAND == NVPTX_RPC_POLLRDBAND
		&& POLLWRNORM == NVPTX_RPC_POLLWRNORM
		&& POLLWRBAND == NVPTX_RPC_POLLWRBAND,
		"poll's bits are the protocol's");

/* The most the GPU waits between tries, and the first wait, in ns.  */
#define PAUSE_MAX 1000000
#define PAUSE_FIRST 1000

static int64_t
monotonic_ns (void)
{
  struct timespec t;

  if (clock_gettime (CLOCK_MONOTONIC, &t) != 0)
    return 0;
  return (int64_t) t.tv_sec * 1000000000 + t.tv_nsec;
}

/* One pass over FDS, the host polling each piece without waiting.  */
static int
poll_once (struct pollfd *fds, nfds_t nfds)
{
  int ready = 0;

  for (nfds_t i = 0; i < nfds; i += NVPTX_RPC_POLL_MAX)
    {
      nfds_t n = nfds - i < NVPTX_RPC_POLL_MAX ? nfds - i
		 : NVPTX_RPC_POLL_MAX;
      size_t bytes = n * sizeof *fds;
      struct __nvptx_rpc_call call = {
	.opcode = NVPTX_RPC_POLL, .arg = { (int64_t) n },
	.out = { { fds + i, bytes } }, .in = fds + i, .in_length = bytes,
      };
      long long r = __nvptx_rpc_call (&call);
      if (r < 0)
	return -1;
      /* Entries claimed but not sent: a broken reply.  */
      if (call.in_length != bytes || (unsigned long long) r > n)
	{
	  errno = EIO;
	  return -1;
	}
      ready += r;
    }
  return ready;
}

int
__nvptx_rpc_poll (struct pollfd *fds, nfds_t nfds, int64_t timeout_ns,
		  int64_t *left_ns)
{
  int64_t start = 0, pause = PAUSE_FIRST, elapsed = 0;
  int ready;

  if (nfds > NVPTX_RPC_FDS)
    {
      errno = EINVAL;
      return -1;
    }
  if (fds == NULL && nfds > 0)
    {
      errno = EFAULT;
      return -1;
    }
  if (timeout_ns > 0)
    start = monotonic_ns ();
  while ((ready = poll_once (fds, nfds)) == 0 && timeout_ns != 0)
    {
      int64_t wait = pause;
      if (timeout_ns > 0)
	{
	  elapsed = monotonic_ns () - start;
	  if (elapsed >= timeout_ns)
	    break;
	  if (wait > timeout_ns - elapsed)
	    wait = timeout_ns - elapsed;
	}
      struct timespec t = { wait / 1000000000, wait % 1000000000 };
      nanosleep (&t, NULL);
      if (pause < PAUSE_MAX)
	pause = pause * 2 < PAUSE_MAX ? pause * 2 : PAUSE_MAX;
    }
  if (left_ns != NULL && timeout_ns > 0)
    {
      if (ready != 0)
	elapsed = monotonic_ns () - start;
      *left_ns = elapsed < timeout_ns ? timeout_ns - elapsed : 0;
    }
  return ready;
}

int
poll (struct pollfd *fds, nfds_t nfds, int timeout)
{
  return __nvptx_rpc_poll (fds, nfds,
			   timeout < 0 ? -1 : (int64_t) timeout * 1000000,
			   NULL);
}
