/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* dup2(2) for nvptx, served by the host through nvptx-rpc.  */

#include <unistd.h>
#include "rpc.h"

int
dup2 (int fd, int new_fd)
{
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_DUP2, .arg = { fd, new_fd },
  };
  return __nvptx_rpc_call (&call);
}
