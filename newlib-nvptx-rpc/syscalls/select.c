/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* select(2) for nvptx, over poll (poll.c): the descriptors of the three
   sets become one struct pollfd each, as Linux's select polls them, and
   back: readable is POLLIN, POLLHUP or POLLERR, writable POLLOUT or
   POLLERR, exceptional POLLPRI.  A descriptor the program does not hold
   is EBADF, the sets unchanged; NFDS above FD_SETSIZE is EINVAL.  As
   glibc does on Linux, TIMEOUT becomes the time left; microseconds past
   a second are carried into its seconds, and negative seconds or
   microseconds are EINVAL.  */

#include <errno.h>
#include <poll.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/select.h>
#include <sys/time.h>
#include <time.h>
#include "rpc.h"

/* Descriptors polled from the stack; more from the heap.  */
#define ON_STACK 64

#define READABLE (POLLIN | POLLRDNORM | POLLRDBAND | POLLHUP | POLLERR)
#define WRITABLE (POLLOUT | POLLWRNORM | POLLWRBAND | POLLERR)

static int
in_set (int fd, fd_set *set)
{
  return set != NULL && FD_ISSET (fd, set);
}

int
select (int nfds, fd_set *readfds, fd_set *writefds, fd_set *exceptfds,
	struct timeval *timeout)
{
  struct pollfd stack[ON_STACK], *p = stack;
  int64_t timeout_ns = -1, left = 0;
  nfds_t count = 0;
  bool polled = false;
  int ready;

  if (nfds < 0 || nfds > FD_SETSIZE)
    {
      errno = EINVAL;
      return -1;
    }
  if (timeout != NULL)
    {
      if (timeout->tv_sec < 0 || timeout->tv_usec < 0)
	{
	  errno = EINVAL;
	  return -1;
	}
      long long sec = timeout->tv_sec + timeout->tv_usec / 1000000;
      long usec = timeout->tv_usec % 1000000;
      timeout_ns = sec >= INT64_MAX / 1000000000 - 1 ? INT64_MAX
		   : sec * 1000000000 + usec * 1000;
    }
  for (int fd = 0; fd < nfds; fd++)
    count += in_set (fd, readfds) || in_set (fd, writefds)
	     || in_set (fd, exceptfds);
  if (count > ON_STACK && (p = malloc (count * sizeof *p)) == NULL)
    {
      errno = ENOMEM;
      return -1;
    }
  count = 0;
  for (int fd = 0; fd < nfds; fd++)
    {
      short events = (in_set (fd, readfds) ? POLLIN : 0)
		     | (in_set (fd, writefds) ? POLLOUT : 0)
		     | (in_set (fd, exceptfds) ? POLLPRI : 0);
      if (events)
	p[count++] = (struct pollfd) { .fd = fd, .events = events };
    }
  for (;;)
    {
      ready = __nvptx_rpc_poll (p, count, timeout_ns,
				timeout_ns > 0 ? &left : NULL);
      if (ready <= 0)
	break;
      int selected = 0;
      polled = true;
      for (nfds_t i = 0; i < count; i++)
	if (p[i].revents & POLLNVAL)
	  {
	    errno = EBADF;
	    selected = -1;
	    break;
	  }
	else
	  selected += ((p[i].events & POLLIN) && (p[i].revents & READABLE))
		      + ((p[i].events & POLLOUT)
			 && (p[i].revents & WRITABLE))
		      + ((p[i].events & POLLPRI) && (p[i].revents & POLLPRI));
      ready = selected;
      /* Events select does not count (POLLHUP on a descriptor asked for
	 writing alone): wait on, as Linux does.  */
      if (ready != 0 || timeout_ns == 0 || (timeout_ns > 0 && left == 0))
	break;
      if (timeout_ns > 0)
	timeout_ns = left;
      struct timespec t = { 0, 1000000 };
      nanosleep (&t, NULL);
    }
  /* Linux gives the time left after EBADF too.  */
  if (timeout != NULL && timeout_ns > 0 && (ready >= 0 || polled))
    {
      timeout->tv_sec = left / 1000000000;
      timeout->tv_usec = left % 1000000000 / 1000;
    }
  if (ready >= 0)
    {
      /* The kernel writes back the sets' words up to NFDS.  */
      int word = 8 * sizeof (unsigned long);
      int end = (nfds + word - 1) / word * word;
      end = end < FD_SETSIZE ? end : FD_SETSIZE;
      for (int fd = 0; fd < end; fd++)
	{
	  if (readfds)
	    FD_CLR (fd, readfds);
	  if (writefds)
	    FD_CLR (fd, writefds);
	  if (exceptfds)
	    FD_CLR (fd, exceptfds);
	}
      for (nfds_t i = 0; i < count; i++)
	{
	  int fd = p[i].fd;
	  short got = p[i].revents;
	  if ((p[i].events & POLLIN) && (got & READABLE))
	    FD_SET (fd, readfds);
	  if ((p[i].events & POLLOUT) && (got & WRITABLE))
	    FD_SET (fd, writefds);
	  if ((p[i].events & POLLPRI) && (got & POLLPRI))
	    FD_SET (fd, exceptfds);
	}
    }
  if (p != stack)
    free (p);
  return ready;
}
