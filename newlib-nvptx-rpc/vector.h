/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* readv and writev for nvptx: each is one read or write of one buffer,
   so that it is one transfer on the host as on Linux (one request by
   DMA when large, as read's and write's; not one call per buffer, which
   another thread's call could come between).  The buffer is the
   caller's own when at most one of them has bytes, else one from the
   heap, which DMA reaches, as glibc's generic readv and writev do.  */

#ifndef _NVPTX_VECTOR_H
#define _NVPTX_VECTOR_H

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/uio.h>

/* The most buffers a call takes: Linux's IOV_MAX.  */
#define NVPTX_IOV_MAX 1024

struct __nvptx_vector
{
  void *buf;			/* TOTAL bytes.  */
  size_t total;
  bool allocated;		/* BUF is from the heap, for the bytes of
				   more than one buffer.  */
};

/* Check IOVCNT buffers at IOV as Linux does and set V up for them; false
   with errno when refused (EINVAL: a count out of range, a total above
   SSIZE_MAX, SIZE_MAX / 2) or when no heap buffer is to be had (ENOMEM).  */
static inline bool
__nvptx_vector_begin (struct __nvptx_vector *v, const struct iovec *iov,
		      int iovcnt)
{
  int nonempty = 0;

  *v = (struct __nvptx_vector) { 0 };
  if (iovcnt < 0 || iovcnt > NVPTX_IOV_MAX)
    {
      errno = EINVAL;
      return false;
    }
  for (int i = 0; i < iovcnt; i++)
    {
      if (iov[i].iov_len > SIZE_MAX / 2 - v->total)
	{
	  errno = EINVAL;
	  return false;
	}
      v->total += iov[i].iov_len;
      if (iov[i].iov_len > 0)
	{
	  nonempty++;
	  v->buf = iov[i].iov_base;
	}
    }
  if (nonempty > 1)
    {
      if ((v->buf = malloc (v->total)) == NULL)
	return false;
      v->allocated = true;
    }
  return true;
}

static inline void
__nvptx_vector_end (struct __nvptx_vector *v)
{
  if (v->allocated)
    free (v->buf);
}

#endif /* _NVPTX_VECTOR_H */
