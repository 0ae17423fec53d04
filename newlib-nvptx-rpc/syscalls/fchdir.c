/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* fchdir(2) for nvptx, served by the host through nvptx-rpc.  */

#include <unistd.h>
#include "rpc.h"

int
fchdir (int fd)
{
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_FCHDIR, .arg = { fd },
  };
  return __nvptx_rpc_call (&call);
}
