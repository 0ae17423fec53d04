/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* fchmodat(2) for nvptx, served by the host through nvptx-rpc.  */

#include <sys/stat.h>
#include "rpc.h"

int
fchmodat (int dirfd, const char *path, mode_t mode, int flags)
{
  int64_t wflags = __nvptx_rpc_at_flags (flags,
					 NVPTX_RPC_AT_SYMLINK_NOFOLLOW);

  return __nvptx_rpc_path_at_call (NVPTX_RPC_FCHMODAT,
				   __nvptx_rpc_dirfd (dirfd), path, mode,
				   wflags, 0);
}
