/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* rename(2) for nvptx, served by the host through nvptx-rpc.  */

#include <stdio.h>
#include "rpc.h"

int
rename (const char *old, const char *new)
{
  return __nvptx_rpc_paths_call (NVPTX_RPC_RENAME, old, new);
}
