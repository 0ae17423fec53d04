/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* poll for nvptx, served by the host through nvptx-rpc.  newlib has no
   <poll.h> for nvptx.  struct pollfd, nfds_t and the event bits are
   Linux's and glibc's, as the protocol carries them, in every build
   (the offload libraries, __NVPTX_GLIBC_ABI__, take glibc's).  */

#ifndef _POLL_H
#define _POLL_H

#include <sys/cdefs.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef unsigned long nfds_t;

struct pollfd
{
  int fd;			/* Negative: skipped, revents 0.  */
  short events;			/* What to wait for.  */
  short revents;		/* What happened.  */
};

#define POLLIN 0x001		/* Data to read.  */
#define POLLPRI 0x002		/* Urgent data to read.  */
#define POLLOUT 0x004		/* Writing will not block.  */
#define POLLRDNORM 0x040	/* Normal data to read.  */
#define POLLRDBAND 0x080	/* Priority data to read.  */
#define POLLWRNORM 0x100	/* Writing will not block.  */
#define POLLWRBAND 0x200	/* Priority data may be written.  */
/* Always reported, never asked for.  */
#define POLLERR 0x008		/* An error.  */
#define POLLHUP 0x010		/* Hung up.  */
#define POLLNVAL 0x020		/* Not an open descriptor.  */

int poll (struct pollfd *__fds, nfds_t __nfds, int __timeout);

#ifdef __cplusplus
}
#endif

#endif /* _POLL_H */
