/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* utime(2) for nvptx, served by the host through nvptx-rpc.  Null TIMES
   means now.  */

#include <utime.h>
#include "rpc.h"

int
utime (const char *path, const struct utimbuf *times)
{
  return __nvptx_rpc_utimens (path, times ? times->actime : 0,
			      times ? 0 : NVPTX_RPC_UTIME_NOW,
			      times ? times->modtime : 0,
			      times ? 0 : NVPTX_RPC_UTIME_NOW);
}
