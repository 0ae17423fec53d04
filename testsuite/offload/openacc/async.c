/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* Two OpenACC async queues at once: a kernel on each, launched one after
   the other without waiting, so that they run side by side on two CUDA
   streams, their gangs with the same thread numbers.  Every gang of both
   appends ROUNDS lines to one file; queue 1's gangs also make a call
   that fails with ENOENT each round and check errno, which queue 2's
   calls, all succeeding, must leave alone.  The host part counts each
   queue's lines: none lost, doubled or torn.  */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "../check.h"

#define GANGS 32
#define ROUNDS 8
#define FILE_NAME "openacc-async.out"

/* Append this gang's ROUNDS lines; in queue 1, a failing open each
   round too.  Returns what went wrong.  */
#pragma acc routine seq
static int
append_lines (int queue, int gang)
{
  int failures = 0;

  for (int round = 0; round < ROUNDS; round++)
    {
      char text[48];
      int n = snprintf (text, sizeof text, "queue %d gang %d round %d\n",
			queue, gang, round);
      int fd = open (FILE_NAME, O_WRONLY | O_CREAT | O_APPEND, 0644);

      if (fd < 0 || write (fd, text, n) != n || close (fd) != 0)
	failures++;
      if (queue == 1)
	{
	  errno = 0;
	  if (open ("no-such-directory/file", O_RDONLY) != -1
	      || errno != ENOENT)
	    failures++;
	}
    }
  return failures;
}

int
main (void)
{
  int failures[3] = { 0, 0, 0 }, lines[3] = { 0, 0, 0 }, torn = 0;
  char line[64];
  FILE *f;

  unlink (FILE_NAME);
  for (int queue = 1; queue <= 2; queue++)
    {
#pragma acc parallel loop num_gangs(GANGS) copy(failures[queue:1]) \
  async(queue)
      for (int gang = 0; gang < GANGS; gang++)
	{
	  int wrong = append_lines (queue, gang);
#pragma acc atomic update
	  failures[queue] += wrong;
	}
    }
#pragma acc wait

  if ((f = fopen (FILE_NAME, "r")) == NULL)
    return report ("openacc async", 1);
  while (fgets (line, sizeof line, f))
    {
      int queue, gang, round;
      char end;
      if (sscanf (line, "queue %d gang %d round %d%c", &queue, &gang, &round,
		  &end) == 4 && end == '\n' && (queue == 1 || queue == 2))
	lines[queue]++;
      else
	torn++;
    }
  fclose (f);
  unlink (FILE_NAME);
  for (int queue = 1; queue <= 2; queue++)
    printf ("queue %d: %d lines of %d, %d calls wrong\n", queue,
	    lines[queue], GANGS * ROUNDS, failures[queue]);
  printf ("%d lines torn\n", torn);
  return report ("openacc async", failures[1] + failures[2] + torn
				  + (lines[1] != GANGS * ROUNDS)
				  + (lines[2] != GANGS * ROUNDS));
}
