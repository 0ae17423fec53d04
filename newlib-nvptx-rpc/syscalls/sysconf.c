/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* sysconf(3) for nvptx: the clock tick here, the page size and the
   program's descriptor limit from the host through nvptx-rpc.  */

#include <errno.h>
#include <time.h>
#include <unistd.h>
#include "rpc.h"

long
sysconf (int name)
{
  struct __nvptx_rpc_call call = { .opcode = NVPTX_RPC_SYSCONF };

  switch (name)
    {
    /* times counts in newlib's CLK_TCK, which is CLOCKS_PER_SEC.  */
    case _SC_CLK_TCK: return CLOCKS_PER_SEC;
    case _SC_PAGESIZE: call.arg[0] = NVPTX_RPC_SC_PAGESIZE; break;
    case _SC_OPEN_MAX: call.arg[0] = NVPTX_RPC_SC_OPEN_MAX; break;
    default: errno = EINVAL; return -1;
    }
  return __nvptx_rpc_call (&call);
}
