/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* puts for nvptx: stdio's under nvptx-rpc, else the CUDA printf builtin
   (see vprintf.c).  */

#include <stdarg.h>
#include <stdio.h>
#include "rpc.h"

int
puts (const char *str)
{
  if (__nvptx_rpc_available ())
    {
      int result;

      /* The text and its newline under one lock: an unbuffered stdout
	 (the OpenMP multilib's) writes them apart.  */
      flockfile (stdout);
      result = fputs (str, stdout) == EOF || putc ('\n', stdout) == EOF
	       ? EOF : 1;
      funlockfile (stdout);
      return result;
    }

  void *valist[1] = { (void *) str };
  return __nvptx_cuda_vprintf ("%s\n", valist);
}
