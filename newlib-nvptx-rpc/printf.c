/* printf for nvptx.  Under nvptx-rpc it is stdio's, so that it keeps its
   place among write(), fputs(stdout) and friends; otherwise it is the CUDA
   printf builtin, whose buffer the driver prints when the kernel ends.  */

#include <stdarg.h>
#include <reent.h>
#include <stdio.h>
#include "rpc.h"

int
printf (const char *fmt, ...)
{
  va_list args;
  int res;

  va_start (args, fmt);
  /* _vfprintf_r, as newlib's fprintf does.  */
  res = __nvptx_rpc_available () ? _vfprintf_r (_REENT, stdout, fmt, args)
				 : vprintf (fmt, args);
  va_end (args);
  return res;
}
