/* open(2) for nvptx, served by the host through nvptx-rpc.  */

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <string.h>
#include "rpc.h"

int
open (const char *path, int flags, ...)
{
  va_list ap;
  int mode = 0;

  if (!__nvptx_rpc_available ())
    {
      errno = ENOSYS;
      return -1;
    }
  if (flags & O_CREAT)
    {
      va_start (ap, flags);
      mode = va_arg (ap, int);
      va_end (ap);
    }
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_OPEN,
    .arg = { __nvptx_rpc_oflags (flags), mode },
    .out = { { path, strlen (path) + 1 } },
  };
  return __nvptx_rpc_call (&call);
}
