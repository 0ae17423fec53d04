/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* pread(2) for nvptx, served by the host through nvptx-rpc: read's
   transfer, DMA included, from OFFSET, the file's offset left as it
   is.  */

#include <unistd.h>
#include "rpc.h"

ssize_t
pread (int fd, void *buf, size_t count, off_t offset)
{
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_PREAD, .arg = { fd, 0, 0, offset }, .stream = true,
    .in = buf, .in_length = count,
  };
  return __nvptx_rpc_call (&call);
}
