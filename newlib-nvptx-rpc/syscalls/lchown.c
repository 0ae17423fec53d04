/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* lchown(2) for nvptx, served by the host through nvptx-rpc: chown of a
   last symlink itself.  */

#include <fcntl.h>
#include <unistd.h>
#include "rpc.h"

int
lchown (const char *path, uid_t owner, gid_t group)
{
  return __nvptx_rpc_path_at_call (NVPTX_RPC_FCHOWNAT, NVPTX_RPC_AT_FDCWD,
				   path, __NVPTX_RPC_OWNER (uid_t, owner),
				   __NVPTX_RPC_OWNER (gid_t, group),
				   NVPTX_RPC_AT_SYMLINK_NOFOLLOW);
}
