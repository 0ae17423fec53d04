/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* getppid(2) for nvptx: the launcher's parent, through nvptx-rpc.  */

#include <unistd.h>
#include "rpc.h"

pid_t
getppid (void)
{
  struct __nvptx_rpc_call call = { .opcode = NVPTX_RPC_GETPPID };
  return __nvptx_rpc_call (&call);
}
