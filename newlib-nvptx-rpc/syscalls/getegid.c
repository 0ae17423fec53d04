/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* getegid(2) for nvptx: the launcher's effective group, through nvptx-rpc.  */

#include <unistd.h>
#include "rpc.h"

gid_t
getegid (void)
{
  struct __nvptx_rpc_call call = { .opcode = NVPTX_RPC_GETEGID };
  return __nvptx_rpc_call (&call);
}
