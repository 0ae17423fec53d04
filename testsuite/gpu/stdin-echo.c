/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* Standard input reaches the program: scanf a count, then echo the
   remaining lines numbered, then the byte count read with read().  */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int
main (void)
{
  char line[256];
  int count = 0, n = 0;

  if (scanf ("%d\n", &count) != 1)
    return 2;
  while (n < count && fgets (line, sizeof line, stdin))
    printf ("%d: %s", ++n, line);
  printf ("echoed %d of %d lines\n", n, count);
  return n == count ? 0 : 1;
}
