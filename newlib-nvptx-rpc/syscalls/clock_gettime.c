/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* clock_gettime(2) for nvptx: the host's real-time and monotonic clocks,
   through nvptx-rpc.  */

#include <errno.h>
#include <time.h>
#include "rpc.h"

int
clock_gettime (clockid_t clock, struct timespec *ts)
{
  struct nvptx_rpc_timespec wire;
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_CLOCK_GETTIME, .in = &wire, .in_length = sizeof wire,
  };

  switch (clock)
    {
    case CLOCK_REALTIME: call.arg[0] = NVPTX_RPC_CLOCK_REALTIME; break;
    case CLOCK_MONOTONIC: call.arg[0] = NVPTX_RPC_CLOCK_MONOTONIC; break;
    default: errno = EINVAL; return -1;
    }
  if (__nvptx_rpc_call_fixed (&call) < 0)
    return -1;
  ts->tv_sec = wire.sec;
  ts->tv_nsec = wire.nsec;
  return 0;
}
