/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* nanosleep(2) for nvptx: sleeps on the GPU, on its global timer, so that
   other threads' calls to the host go on meanwhile.  Nothing interrupts
   it, so REMAIN is never written.  */

#include <errno.h>
#include <stdint.h>
#include <time.h>
#include "arch.h"

/* Spinning lanes must let the others of their warp run (sm_70), and
   PTX's nanosleep needs it too.  In the OpenMP multilib a warp's lanes
   run this as one thread: CLOCK_NS gives them all lane 0's time, so
   they wake together (arch.h).  */
#if defined (__nvptx__) && __PTX_SM__ < 700
# error "nanosleep.c must be compiled with -misa=sm_70 or later"
#endif

int
nanosleep (const struct timespec *request, struct timespec *remain)
{
  uint64_t ns, start = CLOCK_NS (), elapsed;

  (void) remain;
  if (request->tv_sec < 0 || request->tv_nsec < 0
      || request->tv_nsec >= 1000000000)
    {
      errno = EINVAL;
      return -1;
    }
  ns = (uint64_t) request->tv_sec > UINT64_MAX / 1000000000 - 1 ? UINT64_MAX
       : (uint64_t) request->tv_sec * 1000000000 + request->tv_nsec;
  while ((elapsed = CLOCK_NS () - start) < ns)
    PAUSE_NS (ns - elapsed < 1000000 ? ns - elapsed : 1000000);
  return 0;
}
