/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* fsync(2) for nvptx, served by the host through nvptx-rpc.  */

#include <unistd.h>
#include "rpc.h"

int
fsync (int fd)
{
  struct __nvptx_rpc_call call = { .opcode = NVPTX_RPC_FSYNC, .arg = { fd } };
  return __nvptx_rpc_call (&call);
}
