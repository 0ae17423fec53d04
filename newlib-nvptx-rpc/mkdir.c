/* mkdir(2) for nvptx, served by the host through nvptx-rpc.  */

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include "rpc.h"

int
mkdir (const char *path, mode_t mode)
{
  if (!__nvptx_rpc_available ())
    {
      errno = ENOSYS;
      return -1;
    }
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_MKDIR, .arg = { mode },
    .out = { { path, strlen (path) + 1 } },
  };
  return __nvptx_rpc_call (&call);
}
