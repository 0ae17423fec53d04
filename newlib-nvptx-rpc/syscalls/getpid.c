/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* getpid(2) for nvptx: the program is the launcher's process.  */

#include <unistd.h>
#include "rpc.h"

pid_t
getpid (void)
{
  if (!__nvptx_rpc_available ())
    return 1;
  struct __nvptx_rpc_call call = { .opcode = NVPTX_RPC_GETPID };
  return __nvptx_rpc_call (&call);
}
