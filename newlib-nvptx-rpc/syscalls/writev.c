/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* writev(2) for nvptx: the buffers' bytes gathered in order, then one
   write (vector.h).  */

#include <string.h>
#include <sys/uio.h>
#include <unistd.h>
#include "vector.h"

ssize_t
writev (int fd, const struct iovec *iov, int iovcnt)
{
  struct __nvptx_vector v;
  ssize_t n;

  if (!__nvptx_vector_begin (&v, iov, iovcnt))
    return -1;
  if (v.allocated)
    for (size_t done = 0, i = 0; i < (size_t) iovcnt; i++)
      {
	memcpy ((char *) v.buf + done, iov[i].iov_base, iov[i].iov_len);
	done += iov[i].iov_len;
      }
  n = write (fd, v.buf, v.total);
  __nvptx_vector_end (&v);
  return n;
}
