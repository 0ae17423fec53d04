/* symlink(2) for nvptx, served by the host through nvptx-rpc.  */

#include <string.h>
#include <unistd.h>
#include "rpc.h"

int
symlink (const char *target, const char *path)
{
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_SYMLINK,
    .out = { { target, strlen (target) + 1 }, { path, strlen (path) + 1 } },
  };
  return __nvptx_rpc_call (&call);
}
