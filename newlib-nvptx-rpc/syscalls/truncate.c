/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* truncate(2) for nvptx, served by the host through nvptx-rpc.  */

#include <unistd.h>
#include "rpc.h"

int
truncate (const char *path, off_t length)
{
  return __nvptx_rpc_path_call (NVPTX_RPC_TRUNCATE, path, length, 0);
}
