/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* getuid(2) for nvptx: the launcher's user, through nvptx-rpc.  */

#include <unistd.h>
#include "rpc.h"

uid_t
getuid (void)
{
  struct __nvptx_rpc_call call = { .opcode = NVPTX_RPC_GETUID };
  return __nvptx_rpc_call (&call);
}
