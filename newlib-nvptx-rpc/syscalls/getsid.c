/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* getsid(2) for nvptx: the launcher's session, through nvptx-rpc; the
   program sees no other process (ESRCH).  */

#include <unistd.h>
#include "rpc.h"

pid_t
getsid (pid_t pid)
{
  struct __nvptx_rpc_call call = { .opcode = NVPTX_RPC_GETSID,
				   .arg = { pid } };
  return __nvptx_rpc_call (&call);
}
