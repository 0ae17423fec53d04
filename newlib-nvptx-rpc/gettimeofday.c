/* gettimeofday(2) for nvptx: the host's clock through nvptx-rpc.  */

#include <errno.h>
#include <sys/time.h>
#include "rpc.h"

int
gettimeofday (struct timeval *tv, void *tz)
{
  struct nvptx_rpc_timeval wire;

  (void) tz;
  if (!__nvptx_rpc_available ())
    {
      errno = ENOSYS;
      return -1;
    }
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_GETTIMEOFDAY, .in = &wire, .in_length = sizeof wire,
  };
  if (__nvptx_rpc_call (&call) < 0)
    return -1;
  if (tv)
    {
      tv->tv_sec = wire.sec;
      tv->tv_usec = wire.usec;
    }
  return 0;
}
