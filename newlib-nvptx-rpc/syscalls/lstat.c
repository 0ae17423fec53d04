/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* lstat(2) for nvptx, served by the host through nvptx-rpc.  */

#include <string.h>
#include <sys/stat.h>
#include "rpc.h"

int
lstat (const char *path, struct stat *st)
{
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_LSTAT, .out = { { path, strlen (path) + 1 } },
  };
  return __nvptx_rpc_stat_call (&call, st);
}
