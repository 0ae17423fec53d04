/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* More const data than the 64 KiB constant bank: a 96,000-byte table and
   string literals, as a database shell's messages or a Markdown
   converter's entity tables.  GCC puts them in .const, which the
   driver's JIT refused ("too much global constant data"); the launcher
   moves them to .global (ptx-program.c).  Run natively and on the GPU,
   the output must be identical (gpu.exp).  */

#include <stdio.h>
#include <string.h>

static const unsigned table[24000] = {
  [0 ... 9999] = 3, [10000 ... 19999] = 11, [20000 ... 23998] = 0x12345678,
  [23999] = 7
};

static const char *const words[] = {
  "alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta",
};

int
main (int argc, char **argv)
{
  unsigned long long sum = 0;
  volatile int step = argc;

  (void) argv;
  for (int i = 0; i < 24000; i += step)
    sum += table[i];
  printf ("sum %llu, first %u, middle %u, last %u\n", sum, table[0],
	  table[12000 * step], table[23999 * step]);
  for (int i = 0; i < 8; i++)
    printf ("%s %zu\n", words[i * step], strlen (words[i * step]));
  return 0;
}
