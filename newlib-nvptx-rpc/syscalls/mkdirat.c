/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* mkdirat(2) for nvptx, served by the host through nvptx-rpc.  */

#include <sys/stat.h>
#include "rpc.h"

int
mkdirat (int dirfd, const char *path, mode_t mode)
{
  return __nvptx_rpc_path_at_call (NVPTX_RPC_MKDIRAT,
				   __nvptx_rpc_dirfd (dirfd), path, mode, 0,
				   0);
}
