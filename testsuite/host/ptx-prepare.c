/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* ptx-prepare PROGRAM: write PROGRAM's PTX to standard output as the
   launcher links it (ptx_prepare_program), for verify-ptx.sh.  */

#include <stdio.h>
#include <stdlib.h>
#include "ptx-program.h"

int
main (int argc, char **argv)
{
  FILE *f = argc == 2 ? fopen (argv[1], "rb") : NULL;
  char *program = NULL, *ready;
  size_t length = 0, n, ready_length;

  if (f == NULL)
    {
      fprintf (stderr, "usage: ptx-prepare PROGRAM\n");
      return 2;
    }
  do
    {
      if ((program = realloc (program, length + 65536 + 1)) == NULL)
	return 1;
      length += n = fread (program + length, 1, 65536, f);
    }
  while (n > 0);
  program[length] = '\0';
  fclose (f);
  ready = ptx_prepare_program (program, length, &ready_length);
  if (ready == NULL)
    ready = program, ready_length = length;
  return fwrite (ready, 1, ready_length, stdout) != ready_length;
}
