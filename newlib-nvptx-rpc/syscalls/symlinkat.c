/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* symlinkat(2) for nvptx, served by the host through nvptx-rpc.  */

#include <string.h>
#include <unistd.h>
#include "rpc.h"

int
symlinkat (const char *target, int dirfd, const char *path)
{
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_SYMLINKAT, .arg = { __nvptx_rpc_dirfd (dirfd) },
    .out = { { target, strlen (target) + 1 }, { path, strlen (path) + 1 } },
  };
  return __nvptx_rpc_call (&call);
}
