/* fstat(2) for nvptx, served by the host through nvptx-rpc.  */

#include <errno.h>
#include <sys/stat.h>
#include "rpc.h"

int
fstat (int fd, struct stat *st)
{
  struct nvptx_rpc_stat wire;

  if (!__nvptx_rpc_available ())
    {
      errno = ENOSYS;
      return -1;
    }
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_FSTAT, .arg = { fd },
    .in = &wire, .in_length = sizeof wire,
  };
  if (__nvptx_rpc_call (&call) < 0)
    return -1;
  __nvptx_rpc_stat_from_wire (st, &wire);
  return 0;
}
