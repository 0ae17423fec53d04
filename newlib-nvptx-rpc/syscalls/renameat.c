/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* renameat(2) for nvptx, served by the host through nvptx-rpc.  */

#include <stdio.h>
#include <string.h>
#include "rpc.h"

int
renameat (int old_dirfd, const char *old_path, int new_dirfd,
	  const char *new_path)
{
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_RENAMEAT,
    .arg = { __nvptx_rpc_dirfd (old_dirfd), __nvptx_rpc_dirfd (new_dirfd) },
    .out = { { old_path, strlen (old_path) + 1 },
	     { new_path, strlen (new_path) + 1 } },
  };
  return __nvptx_rpc_call (&call);
}
