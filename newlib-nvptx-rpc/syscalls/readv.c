/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* readv(2) for nvptx: one read (vector.h), its bytes then spread over
   the buffers in order.  */

#include <string.h>
#include <sys/uio.h>
#include <unistd.h>
#include "vector.h"

ssize_t
readv (int fd, const struct iovec *iov, int iovcnt)
{
  struct __nvptx_vector v;
  ssize_t n;

  if (!__nvptx_vector_begin (&v, iov, iovcnt))
    return -1;
  n = read (fd, v.buf, v.total);
  if (v.allocated && n > 0)
    for (size_t done = 0, i = 0; done < (size_t) n; i++)
      {
	size_t part = (size_t) n - done < iov[i].iov_len
		      ? (size_t) n - done : iov[i].iov_len;
	memcpy (iov[i].iov_base, (char *) v.buf + done, part);
	done += part;
      }
  __nvptx_vector_end (&v);
  return n;
}
