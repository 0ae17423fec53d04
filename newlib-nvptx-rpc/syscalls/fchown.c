/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* fchown(2) for nvptx, served by the host through nvptx-rpc.  */

#include <unistd.h>
#include "rpc.h"

int
fchown (int fd, uid_t owner, gid_t group)
{
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_FCHOWN,
    .arg = { fd, __NVPTX_RPC_OWNER (uid_t, owner),
	     __NVPTX_RPC_OWNER (gid_t, group) },
  };
  return __nvptx_rpc_call (&call);
}
