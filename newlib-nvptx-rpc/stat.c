/* stat(2) for nvptx, served by the host through nvptx-rpc.  */

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include "rpc.h"

int
stat (const char *path, struct stat *st)
{
  struct nvptx_rpc_stat wire;

  if (!__nvptx_rpc_available ())
    {
      errno = ENOSYS;
      return -1;
    }
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_STAT, .out = { { path, strlen (path) + 1 } },
    .in = &wire, .in_length = sizeof wire,
  };
  if (__nvptx_rpc_call (&call) < 0)
    return -1;
  __nvptx_rpc_stat_from_wire (st, &wire);
  return 0;
}
