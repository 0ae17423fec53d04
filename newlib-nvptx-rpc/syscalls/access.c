/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* access(2) for nvptx, served by the host through nvptx-rpc.  R_OK, W_OK
   and X_OK have their traditional values in newlib and on the host.  */

#include <unistd.h>
#include "rpc.h"

_Static_assert (R_OK == NVPTX_RPC_R_OK && W_OK == NVPTX_RPC_W_OK
		&& X_OK == NVPTX_RPC_X_OK && F_OK == NVPTX_RPC_F_OK,
		"access modes");

int
access (const char *path, int mode)
{
  return __nvptx_rpc_path_call (NVPTX_RPC_ACCESS, path, mode, 0);
}
