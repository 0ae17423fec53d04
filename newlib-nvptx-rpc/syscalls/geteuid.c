/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* geteuid(2) for nvptx: the launcher's effective user, through nvptx-rpc.  */

#include <unistd.h>
#include "rpc.h"

uid_t
geteuid (void)
{
  struct __nvptx_rpc_call call = { .opcode = NVPTX_RPC_GETEUID };
  return __nvptx_rpc_call (&call);
}
