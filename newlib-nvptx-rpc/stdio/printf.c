/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* printf for nvptx.  Under nvptx-rpc it is stdio's, so that it keeps its
   place among write(), fputs(stdout) and friends; otherwise it is the CUDA
   printf builtin, whose buffer the driver prints when the kernel ends
   (vprintf.c).  */

#include <stdarg.h>
#include <stdio.h>

int
printf (const char *fmt, ...)
{
  va_list args;
  int res;

  va_start (args, fmt);
  res = vprintf (fmt, args);
  va_end (args);
  return res;
}
