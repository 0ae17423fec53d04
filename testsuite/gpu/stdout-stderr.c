/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* write(1) reaches standard output and write(2) standard error, apart;
   so do stdio's stdout and stderr.  */
#include <stdio.h>
#include <unistd.h>

int
main (void)
{
  write (1, "write to stdout\n", 16);
  write (2, "write to stderr\n", 16);
  fprintf (stdout, "fprintf to stdout\n");
  fprintf (stderr, "fprintf to stderr\n");
  return 0;
}
