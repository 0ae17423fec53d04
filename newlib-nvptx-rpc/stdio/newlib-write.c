/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* write with newlib's own prototype, returning int, for GCC's device
   libgomp.a: GCC builds it against newlib's headers, while in the
   offload builds write returns ssize_t, as the host's glibc headers say,
   and the CUDA linker refuses an image holding both prototypes.  The
   offload builds' copy of libgomp.a (offload/device-libgomp.sh) calls
   this instead.  */

#include <unistd.h>

#ifdef __NVPTX_GLIBC_ABI__

int
__nvptx_newlib_write (int fd, const void *buf, size_t count)
{
  return write (fd, buf, count);
}

#endif /* __NVPTX_GLIBC_ABI__ */
