/* unlink(2) for nvptx, served by the host through nvptx-rpc.  */

#include <errno.h>
#include <string.h>
#include <unistd.h>
#include "rpc.h"

int
unlink (const char *path)
{
  if (!__nvptx_rpc_available ())
    {
      errno = ENOSYS;
      return -1;
    }
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_UNLINK, .out = { { path, strlen (path) + 1 } },
  };
  return __nvptx_rpc_call (&call);
}
