/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* dup3(2) for nvptx, served by the host through nvptx-rpc: dup2 with
   O_CLOEXEC, the only flag, for the new descriptor.  */

#include <fcntl.h>
#include <unistd.h>
#include "rpc.h"

int
dup3 (int fd, int new_fd, int flags)
{
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_DUP3,
    .arg = { fd, new_fd,
	     /* Any other flag as one the host refuses.  */
	     flags & ~O_CLOEXEC ? -1 : flags ? NVPTX_RPC_O_CLOEXEC : 0 },
  };
  return __nvptx_rpc_call (&call);
}
