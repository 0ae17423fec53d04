/* puts for nvptx: stdio's under nvptx-rpc, else the CUDA printf builtin
   (see printf.c).  */

#include <stdarg.h>
#include <stdio.h>
#include "rpc.h"

int
puts (const char *str)
{
  if (__nvptx_rpc_available ())
    return fputs (str, stdout) == EOF || putc ('\n', stdout) == EOF
	   ? EOF : 1;

  void *valist[1] = { (void *) str };
  return vprintf ("%s\n", valist);
}
