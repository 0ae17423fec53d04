/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* ftruncate(2) for nvptx, served by the host through nvptx-rpc.  */

#include <unistd.h>
#include "rpc.h"

int
ftruncate (int fd, off_t length)
{
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_FTRUNCATE, .arg = { fd, length },
  };
  return __nvptx_rpc_call (&call);
}
