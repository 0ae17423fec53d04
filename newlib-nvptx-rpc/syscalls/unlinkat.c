/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* unlinkat(2) for nvptx, served by the host through nvptx-rpc.  */

#include <unistd.h>
#include "rpc.h"

int
unlinkat (int dirfd, const char *path, int flags)
{
  int64_t wflags = __nvptx_rpc_at_flags (flags, NVPTX_RPC_AT_REMOVEDIR);

  return __nvptx_rpc_path_at_call (NVPTX_RPC_UNLINKAT,
				   __nvptx_rpc_dirfd (dirfd), path, wflags, 0,
				   0);
}
