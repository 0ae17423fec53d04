/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* times(2) for nvptx, and so clock(3): the launcher's process times,
   through nvptx-rpc.  While the kernel runs the launcher polls for
   requests, so its CPU time is about the program's run time.  Ticks are
   newlib's CLK_TCK, which is CLOCKS_PER_SEC (so clock() is right).  */

#include <sys/times.h>
#include <time.h>
#include "rpc.h"

#define NS_PER_TICK (1000000000 / CLOCKS_PER_SEC)

clock_t
times (struct tms *buf)
{
  struct nvptx_rpc_times wire;
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_TIMES, .in = &wire, .in_length = sizeof wire,
  };

  if (__nvptx_rpc_call_fixed (&call) < 0)
    return (clock_t) -1;
  buf->tms_utime = wire.utime / NS_PER_TICK;
  buf->tms_stime = wire.stime / NS_PER_TICK;
  buf->tms_cutime = wire.cutime / NS_PER_TICK;
  buf->tms_cstime = wire.cstime / NS_PER_TICK;
  return wire.elapsed / NS_PER_TICK;
}
