/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* readlink(2) for nvptx, served by the host through nvptx-rpc: the
   target, cut to SIZE bytes, without a NUL.  */

#include <string.h>
#include <unistd.h>
#include "rpc.h"

ssize_t
readlink (const char *__restrict path, char *__restrict buf, size_t size)
{
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_READLINK, .out = { { path, strlen (path) + 1 } },
    .in = buf, .in_length = size,
  };
  return __nvptx_rpc_call (&call) < 0 ? -1 : (ssize_t) call.in_length;
}
