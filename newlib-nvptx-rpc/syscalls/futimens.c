/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* futimens(2) for nvptx, served by the host through nvptx-rpc: utimensat
   of the descriptor itself.  */

#include <sys/stat.h>
#include "rpc.h"

int
futimens (int fd, const struct timespec *times)
{
  return __nvptx_rpc_utimensat (fd, "", times, NVPTX_RPC_AT_EMPTY_PATH);
}
