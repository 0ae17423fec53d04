/* link(2) for nvptx, served by the host through nvptx-rpc.  */

#include <errno.h>
#include <unistd.h>
#include <string.h>
#include "rpc.h"

int
link (const char *old, const char *new)
{
  if (!__nvptx_rpc_available ())
    {
      errno = ENOSYS;
      return -1;
    }
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_LINK,
    .out = { { old, strlen (old) + 1 }, { new, strlen (new) + 1 } },
  };
  return __nvptx_rpc_call (&call);
}
