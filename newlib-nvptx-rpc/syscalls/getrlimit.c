/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* getrlimit(2) for nvptx: the launcher's limits, which are the
   program's, through nvptx-rpc (RLIMIT_NOFILE at most its descriptor
   table's size).  */

#include <errno.h>
#include <sys/resource.h>
#include "rpc.h"

int
getrlimit (int resource, struct rlimit *rlim)
{
  struct nvptx_rpc_rlimit w;
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_GETRLIMIT, .in = &w, .in_length = sizeof w,
  };

  switch (resource)
    {
    case RLIMIT_CPU: call.arg[0] = NVPTX_RPC_RLIMIT_CPU; break;
    case RLIMIT_FSIZE: call.arg[0] = NVPTX_RPC_RLIMIT_FSIZE; break;
    case RLIMIT_DATA: call.arg[0] = NVPTX_RPC_RLIMIT_DATA; break;
    case RLIMIT_STACK: call.arg[0] = NVPTX_RPC_RLIMIT_STACK; break;
    case RLIMIT_CORE: call.arg[0] = NVPTX_RPC_RLIMIT_CORE; break;
    case RLIMIT_NOFILE: call.arg[0] = NVPTX_RPC_RLIMIT_NOFILE; break;
    case RLIMIT_AS: call.arg[0] = NVPTX_RPC_RLIMIT_AS; break;
    default: errno = EINVAL; return -1;
    }
  if (__nvptx_rpc_call_fixed (&call) < 0)
    return -1;
  rlim->rlim_cur = w.cur == NVPTX_RPC_RLIM_INFINITY ? RLIM_INFINITY : w.cur;
  rlim->rlim_max = w.max == NVPTX_RPC_RLIM_INFINITY ? RLIM_INFINITY : w.max;
  return 0;
}
