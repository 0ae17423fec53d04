/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* symlink(2) for nvptx, served by the host through nvptx-rpc.  */

#include <unistd.h>
#include "rpc.h"

int
symlink (const char *target, const char *path)
{
  return __nvptx_rpc_paths_call (NVPTX_RPC_SYMLINK, target, path);
}
