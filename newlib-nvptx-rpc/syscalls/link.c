/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* link(2) for nvptx, served by the host through nvptx-rpc.  */

#include <unistd.h>
#include "rpc.h"

int
link (const char *old, const char *new)
{
  return __nvptx_rpc_paths_call (NVPTX_RPC_LINK, old, new);
}
