/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* umask(2) for nvptx: the host's, which the program's files are created
   with, through nvptx-rpc.  */

#include <sys/stat.h>
#include "rpc.h"

mode_t
umask (mode_t mask)
{
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_UMASK, .arg = { mask & 0777 },
  };
  return __nvptx_rpc_call (&call);
}
