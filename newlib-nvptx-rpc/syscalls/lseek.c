/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* lseek(2) for nvptx, served by the host through nvptx-rpc.  */

#include <errno.h>
#include <unistd.h>
#include "rpc.h"

off_t
lseek (int fd, off_t offset, int whence)
{
  int64_t wire_whence;

  if (!__nvptx_rpc_available ())
    return 0;
  switch (whence)
    {
    case SEEK_SET: wire_whence = NVPTX_RPC_SEEK_SET; break;
    case SEEK_CUR: wire_whence = NVPTX_RPC_SEEK_CUR; break;
    case SEEK_END: wire_whence = NVPTX_RPC_SEEK_END; break;
    default: errno = EINVAL; return -1;
    }
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_LSEEK, .arg = { fd, offset, wire_whence },
  };
  return __nvptx_rpc_call (&call);
}
