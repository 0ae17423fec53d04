/* dup(2) for nvptx: a new guest descriptor for the same open file, made
   by the host through nvptx-rpc.  */

#include <unistd.h>
#include "rpc.h"

int
dup (int fd)
{
  struct __nvptx_rpc_call call = { .opcode = NVPTX_RPC_DUP, .arg = { fd } };
  return __nvptx_rpc_call (&call);
}
