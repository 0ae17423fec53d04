/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* A printf flood: N numbered lines (default 400000), all of them, in
   order.  */
#include <stdio.h>
#include <stdlib.h>

int
main (int argc, char **argv)
{
  long n = argc > 1 ? atol (argv[1]) : 400000;

  for (long i = 0; i < n; i++)
    printf ("line %ld\n", i);
  return 0;
}
