/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* linkat(2) for nvptx, served by the host through nvptx-rpc.  */

#include <string.h>
#include <unistd.h>
#include "rpc.h"

int
linkat (int old_dirfd, const char *old_path, int new_dirfd,
	const char *new_path, int flags)
{
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_LINKAT,
    .arg = { __nvptx_rpc_dirfd (old_dirfd), __nvptx_rpc_dirfd (new_dirfd),
	     __nvptx_rpc_at_flags (flags, NVPTX_RPC_AT_SYMLINK_FOLLOW) },
    .out = { { old_path, strlen (old_path) + 1 },
	     { new_path, strlen (new_path) + 1 } },
  };
  return __nvptx_rpc_call (&call);
}
