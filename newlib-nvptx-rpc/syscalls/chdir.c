/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* chdir(2) for nvptx: the host's working directory, which is the
   program's, served through nvptx-rpc.  */

#include <unistd.h>
#include "rpc.h"

int
chdir (const char *path)
{
  return __nvptx_rpc_path_call (NVPTX_RPC_CHDIR, path, 0, 0);
}
