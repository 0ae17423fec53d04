/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* fchmod(2) for nvptx, served by the host through nvptx-rpc.  */

#include <sys/stat.h>
#include "rpc.h"

int
fchmod (int fd, mode_t mode)
{
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_FCHMOD, .arg = { fd, mode },
  };
  return __nvptx_rpc_call (&call);
}
