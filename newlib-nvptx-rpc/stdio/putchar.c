/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* putchar for nvptx: stdio's under nvptx-rpc, else the CUDA printf
   builtin (see vprintf.c).  */

#include <stdarg.h>
#include <stdio.h>
#include "rpc.h"

int
putchar (int c)
{
  if (__nvptx_rpc_available ())
    return putc (c, stdout);

  unsigned valist[1] = { (unsigned char) c };
  return __nvptx_cuda_vprintf ("%c", valist) < 0 ? EOF : (unsigned char) c;
}
