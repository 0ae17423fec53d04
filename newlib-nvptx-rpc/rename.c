/* rename(2) for nvptx, served by the host through nvptx-rpc.  */

#include <stdio.h>
#include <string.h>
#include "rpc.h"

int
rename (const char *old, const char *new)
{
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_RENAME,
    .out = { { old, strlen (old) + 1 }, { new, strlen (new) + 1 } },
  };
  return __nvptx_rpc_call (&call);
}
