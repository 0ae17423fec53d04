/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* Arithmetic that GCC leaves to libgcc on nvptx (__muldc3, __divdc3,
   __divsc3, __clrsbdi2, __ffsdi2, __powidf2; the other bit counts are
   native instructions).  libgcc built with -g carried ".loc ...
   discriminator", which the driver's PTX JIT rejects: such programs did
   not load (GCC's builtin-bitops-1.c and complex-5.c on the H200).
   verify-ptx.sh checks these members' PTX in CI.  */
#include <complex.h>
#include <stdio.h>

/* volatile: computed at run time, not folded by the compiler.  */
static volatile unsigned long long bits = 0x00f0000000000100ULL;
static volatile long long factor = 123456789;
static volatile double _Complex z = 1.5 + 2.0 * I, w = -0.5 + 4.0 * I;
static volatile float _Complex zf = 3.0f + 1.0f * I;
static volatile int power = 7;

int
main (void)
{
  double _Complex product = z * w, quotient = z / w;
  float _Complex inverse = 1.0f / zf;

  printf ("clz %d ctz %d popcount %d ffs %d clrsb %d\n",
	  __builtin_clzll (bits), __builtin_ctzll (bits),
	  __builtin_popcountll (bits), __builtin_ffsll (bits),
	  __builtin_clrsbll ((long long) bits));
  printf ("product %.6f %+.6fi\n", creal (product), cimag (product));
  printf ("quotient %.6f %+.6fi\n", creal (quotient), cimag (quotient));
  printf ("inverse %.6f %+.6fi\n", (double) crealf (inverse),
	  (double) cimagf (inverse));
  printf ("powi %.1f\n", __builtin_powi (1.5, power));
  printf ("multiply %lld\n", factor * factor);
  return 0;
}
