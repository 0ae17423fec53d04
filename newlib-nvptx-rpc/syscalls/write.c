/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* write(2) for nvptx, served by the host through nvptx-rpc.  */

#include <errno.h>
#include <stdio.h>
#include <unistd.h>
#include "rpc.h"

_READ_WRITE_RETURN_TYPE
write (int fd, const void *buf, size_t count)
{
  if (!__nvptx_rpc_available ())
    {
      /* A launcher without nvptx-rpc: standard output and error through
	 the CUDA printf buffer, as newlib's nvptx port always did.  */
      const char *b = buf;
      if (fd != 1 && fd != 2)
	{
	  errno = EBADF;
	  return -1;
	}
      for (size_t i = 0; i < count; i++)
	{
	  unsigned valist[1] = { (unsigned char) b[i] };
	  __nvptx_cuda_vprintf ("%c", valist);
	}
      return count;
    }
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_WRITE, .arg = { fd }, .stream = true,
    .out = { { buf, count } },
  };
  return __nvptx_rpc_call (&call);
}
