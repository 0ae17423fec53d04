/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* rmdir(2) for nvptx, served by the host through nvptx-rpc.  */

#include <unistd.h>
#include "rpc.h"

int
rmdir (const char *path)
{
  return __nvptx_rpc_path_call (NVPTX_RPC_RMDIR, path, 0, 0);
}
