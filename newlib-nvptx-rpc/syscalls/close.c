/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* close(2) for nvptx, served by the host through nvptx-rpc.  */

#include <errno.h>
#include <unistd.h>
#include "rpc.h"

int
close (int fd)
{
  if (!__nvptx_rpc_available ())
    {
      errno = EBADF;
      return -1;
    }
  struct __nvptx_rpc_call call = { .opcode = NVPTX_RPC_CLOSE, .arg = { fd } };
  return __nvptx_rpc_call (&call);
}
