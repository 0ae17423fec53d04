/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* faccessat(2) for nvptx, served by the host through nvptx-rpc.  */

#include <unistd.h>
#include "rpc.h"

int
faccessat (int dirfd, const char *path, int mode, int flags)
{
  int64_t wflags = __nvptx_rpc_at_flags (flags, NVPTX_RPC_AT_EACCESS
					 | NVPTX_RPC_AT_SYMLINK_NOFOLLOW);

  return __nvptx_rpc_path_at_call (NVPTX_RPC_FACCESSAT,
				   __nvptx_rpc_dirfd (dirfd), path, mode,
				   wflags, 0);
}
