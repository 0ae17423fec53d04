/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* fchownat(2) for nvptx, served by the host through nvptx-rpc.  */

#include <fcntl.h>
#include <unistd.h>
#include "rpc.h"

int
fchownat (int dirfd, const char *path, uid_t owner, gid_t group, int flags)
{
  int64_t wflags = __nvptx_rpc_at_flags (flags,
					 NVPTX_RPC_AT_SYMLINK_NOFOLLOW);

  return __nvptx_rpc_path_at_call (NVPTX_RPC_FCHOWNAT,
				   __nvptx_rpc_dirfd (dirfd), path,
				   __NVPTX_RPC_OWNER (uid_t, owner),
				   __NVPTX_RPC_OWNER (gid_t, group), wflags);
}
