/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* Many OpenMP threads at once, in several teams: each prints a line and
   appends one to a file, so that their calls take turns on the one
   mailbox, a warp (one OpenMP thread) making each call once.  The host
   part counts the file's lines: one per thread that ran, none lost or
   doubled.  */

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <omp.h>
#include "check.h"

#define TEAMS 64
#define THREADS 64
#define FILE_NAME "parallel.out"

int
main (void)
{
  int failures = 0, ran = 0, lines = 0;
  char line[64];
  FILE *f;

  unlink (FILE_NAME);
#pragma omp target teams num_teams(TEAMS) thread_limit(THREADS) \
  map(tofrom: failures, ran)
  {
#pragma omp parallel num_threads(THREADS)
    {
      int team = omp_get_team_num (), thread = omp_get_thread_num ();
      char text[64];
      int fd = open (FILE_NAME, O_WRONLY | O_CREAT | O_APPEND, 0644);
      int n = snprintf (text, sizeof text, "team %d thread %d\n", team,
			thread);

#pragma omp atomic
      ran++;
      if (fd < 0 || write (fd, text, n) != n || close (fd) != 0)
	{
#pragma omp atomic
	  failures++;
	}
      printf ("printed by %s", text);
    }
  }
  if ((f = fopen (FILE_NAME, "r")) == NULL)
    return report ("parallel", failures + 1);
  while (fgets (line, sizeof line, f))
    lines++;
  fclose (f);
  /* libgomp may run fewer teams or threads than asked: one line for
     each that ran.  */
  printf ("%d threads ran, %d lines in %s\n", ran, lines, FILE_NAME);
  if (ran < 1 || lines != ran)
    failures++;
  unlink (FILE_NAME);
  return report ("parallel", failures);
}
