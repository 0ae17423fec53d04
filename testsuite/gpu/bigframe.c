/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* A 320 KiB stack frame, more than the launcher's usual 128 KiB stack.
   The driver sizes the stack for such a program when it can see all its
   calls; our newlib's exit makes indirect calls, so the launcher must
   size it itself (nvptx-tools-run-patch/launcher/ptx-stack.c).  newlib's
   tstring.c and GCC's memcpy-1.c failed on the H200 for want of this.  */
#include <stdio.h>

static unsigned __attribute__ ((noinline))
sum_of_squares (unsigned seed)
{
  volatile unsigned char big[320 * 1024];
  unsigned sum = 0;

  for (unsigned i = 0; i < sizeof big; i++)
    big[i] = (unsigned char) (seed * i);
  for (unsigned i = 0; i < sizeof big; i++)
    sum += big[i] * big[i];
  return sum;
}

int
main (void)
{
  printf ("%u\n", sum_of_squares (7));
  return 0;
}
