/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* N one-byte write() calls to standard output (default 100000): the cost
   of one round trip.  */
#include <stdlib.h>
#include <unistd.h>

int
main (int argc, char **argv)
{
  long n = argc > 1 ? atol (argv[1]) : 100000;

  for (long i = 0; i < n; i++)
    write (1, i % 64 == 63 ? "\n" : "x", 1);
  return 0;
}
