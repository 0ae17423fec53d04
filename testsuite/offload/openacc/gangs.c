/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* Many OpenACC gangs at once, each appending a line to one file and
   printing one: their calls take turns on the one mailbox, none lost or
   doubled.  */

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "../check.h"

#define GANGS 16
#define FILE_NAME "openacc-gangs.out"

int
main (void)
{
  int failures = 0, lines = 0;
  char line[64];
  FILE *f;

  unlink (FILE_NAME);
#pragma acc parallel loop num_gangs(GANGS) copy(failures)
  for (int gang = 0; gang < GANGS; gang++)
    {
      char text[32];
      int n = snprintf (text, sizeof text, "gang %d\n", gang);
      int fd = open (FILE_NAME, O_WRONLY | O_CREAT | O_APPEND, 0644);

      if (fd < 0 || write (fd, text, n) != n || close (fd) != 0)
	{
#pragma acc atomic update
	  failures++;
	}
      printf ("printed by %s", text);
    }
  if ((f = fopen (FILE_NAME, "r")) == NULL)
    return report ("openacc gangs", failures + 1);
  while (fgets (line, sizeof line, f))
    lines++;
  fclose (f);
  unlink (FILE_NAME);
  printf ("%d lines in %s, one per gang: %d\n", lines, FILE_NAME, GANGS);
  if (lines != GANGS)
    failures++;
  return report ("openacc gangs", failures);
}
