/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* getgid(2) for nvptx: the launcher's group, through nvptx-rpc.  */

#include <unistd.h>
#include "rpc.h"

gid_t
getgid (void)
{
  struct __nvptx_rpc_call call = { .opcode = NVPTX_RPC_GETGID };
  return __nvptx_rpc_call (&call);
}
