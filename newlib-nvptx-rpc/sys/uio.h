/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* Vectored I/O for nvptx, served by the host through nvptx-rpc.  newlib
   has no <sys/uio.h>; struct iovec is POSIX's, laid out as glibc's.  */

#ifndef _SYS_UIO_H
#define _SYS_UIO_H

#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

struct iovec
{
  void *iov_base;
  size_t iov_len;
};

ssize_t readv (int __fd, const struct iovec *__iov, int __iovcnt);
ssize_t writev (int __fd, const struct iovec *__iov, int __iovcnt);

#ifdef __cplusplus
}
#endif

#endif /* _SYS_UIO_H */
