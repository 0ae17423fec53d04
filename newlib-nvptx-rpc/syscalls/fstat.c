/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* fstat(2) for nvptx, served by the host through nvptx-rpc.  */

#include <sys/stat.h>
#include "rpc.h"

int
fstat (int fd, struct stat *st)
{
  struct __nvptx_rpc_call call = { .opcode = NVPTX_RPC_FSTAT, .arg = { fd } };
  return __nvptx_rpc_stat_call (&call, st);
}
