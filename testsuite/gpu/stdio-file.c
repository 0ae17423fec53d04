/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* newlib stdio on top of the syscalls: fopen, fprintf, fgets, fscanf,
   fseek, ftell, fflush, fclose, rename, remove.  Prints what it reads
   back; the result is compared with a native run.  */
#include <stdio.h>
#include <string.h>

int
main (void)
{
  char line[64];
  int n, sum = 0;
  FILE *f = fopen ("numbers.txt", "w");

  if (f == NULL)
    return 1;
  for (int i = 1; i <= 100; i++)
    fprintf (f, "%d %s\n", i, i % 2 ? "odd" : "even");
  fclose (f);

  f = fopen ("numbers.txt", "r+");
  fgets (line, sizeof line, f);
  printf ("first line: %s", line);
  fseek (f, -9, SEEK_END);
  printf ("ftell after fseek(-9, SEEK_END): %ld\n", ftell (f));
  fgets (line, sizeof line, f);
  printf ("last line: %s", line);
  rewind (f);
  while (fscanf (f, "%d %63s", &n, line) == 2)
    sum += n;
  printf ("fscanf sum: %d\n", sum);
  fseek (f, 0, SEEK_END);
  fputs ("appended\n", f);
  fflush (f);
  printf ("size after append: %ld\n", ftell (f));
  fclose (f);

  printf ("rename: %d\n", rename ("numbers.txt", "renamed.txt"));
  printf ("fopen old name: %s\n", fopen ("numbers.txt", "r") ? "found" : "gone");
  printf ("remove: %d\n", remove ("renamed.txt"));
  fprintf (stderr, "done\n");
  return 0;
}
