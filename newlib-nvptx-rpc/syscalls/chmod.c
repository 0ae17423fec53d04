/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* chmod(2) for nvptx, served by the host through nvptx-rpc.  */

#include <sys/stat.h>
#include "rpc.h"

int
chmod (const char *path, mode_t mode)
{
  return __nvptx_rpc_path_call (NVPTX_RPC_CHMOD, path, mode, 0);
}
