/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* Prints from a target region, nothing else: the output must reach the
   host's stdout although the region ends without exit.  */

#include <stdio.h>

int
main (void)
{
  int printed = 0;

#pragma omp target map(from: printed)
  {
    printed = printf ("hello from the GPU\n");
  }
  printf ("the target region printed %d bytes\n", printed);
  return printed == 19 ? 0 : 1;
}
