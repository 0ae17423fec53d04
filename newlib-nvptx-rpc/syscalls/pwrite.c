/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* pwrite(2) for nvptx, served by the host through nvptx-rpc: write's
   transfer, DMA included, from OFFSET, the file's offset left as it
   is.  */

#include <unistd.h>
#include "rpc.h"

ssize_t
pwrite (int fd, const void *buf, size_t count, off_t offset)
{
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_PWRITE, .arg = { fd, 0, 0, offset }, .stream = true,
    .out = { { buf, count } },
  };
  return __nvptx_rpc_call (&call);
}
