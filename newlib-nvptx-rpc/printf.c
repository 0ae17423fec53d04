/* printf for nvptx.  Under nvptx-rpc it is stdio's, so that it keeps its
   place among write(), fputs(stdout) and friends; otherwise it is the CUDA
   printf builtin, whose buffer the driver prints when the kernel ends.  */

#include <stdarg.h>
#include <reent.h>
#include <stdio.h>
#include "rpc.h"

/* printf's work, which also serves GCC's device libgomp.a: its messages
   call CUDA's vprintf between printf calls of their own, and the
   offload builds' copy of it (offload/device-libgomp.sh) calls this
   instead, so that each message comes out whole and in order.  */
int
__nvptx_vprintf (const char *fmt, va_list args)
{
  /* _vfprintf_r, as newlib's fprintf does.  */
  return __nvptx_rpc_available () ? _vfprintf_r (_REENT, stdout, fmt, args)
				  : vprintf (fmt, args);
}

int
printf (const char *fmt, ...)
{
  va_list args;
  int res;

  va_start (args, fmt);
  res = __nvptx_vprintf (fmt, args);
  va_end (args);
  return res;
}
