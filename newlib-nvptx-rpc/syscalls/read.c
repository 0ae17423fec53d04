/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* read(2) for nvptx, served by the host through nvptx-rpc.  A regular file
   is read fully or to EOF; a pipe or terminal returns what is there.  */

#include <unistd.h>
#include "rpc.h"

_READ_WRITE_RETURN_TYPE
read (int fd, void *buf, size_t count)
{
  /* Without a host to ask, every file is at its end, as before.  */
  if (!__nvptx_rpc_available ())
    return 0;
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_READ, .arg = { fd }, .stream = true,
    .in = buf, .in_length = count,
  };
  return __nvptx_rpc_call (&call);
}
