/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* System calls a second from many OpenMP threads at once, against one
   thread, for "make bench": every thread of TEAMS teams of THREADS opens
   /dev/null, makes N lseek (fd, 0, SEEK_CUR) calls (argv[1], default
   50) and closes it.  Their calls take turns on the one mailbox.  Prints
   "name value unit" lines, as testsuite/gpu/bench.c does, and checks
   every call's result.  */

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <omp.h>
#include "check.h"

#define TEAMS 512
#define THREADS 8

/* One thread's calls: 0 when all of them did what they should.  */
#pragma omp declare target
static int
make_calls (long n)
{
  int fd = open ("/dev/null", O_WRONLY), failures = 0;

  for (long i = 0; i < n; i++)
    failures += lseek (fd, 0, SEEK_CUR) != 0;
  return failures + (fd < 0) + (close (fd) != 0);
}
#pragma omp end declare target

int
main (int argc, char **argv)
{
  long n = argc > 1 ? atol (argv[1]) : 50;
  int failures = 0, ran = 0, teams = 0;
  double start;

  /* The first region loads the image: the JIT is not timed.  */
#pragma omp target map(tofrom: failures)
  failures += make_calls (1);

  start = omp_get_wtime ();
#pragma omp target map(tofrom: failures)
  failures += make_calls (n * 100);
  double one = omp_get_wtime () - start;

  start = omp_get_wtime ();
#pragma omp target teams num_teams(TEAMS) thread_limit(THREADS) \
  map(tofrom: failures, ran, teams)
  {
    if (omp_get_team_num () == 0)
      teams = omp_get_num_teams ();
#pragma omp parallel num_threads(THREADS)
    {
      int f = make_calls (n);
#pragma omp atomic
      failures += f;
#pragma omp atomic
      ran++;
    }
  }
  double many = omp_get_wtime () - start;

  printf ("offload_calls_one %.1f /s\n", (n * 100 + 2) / one);
  printf ("offload_calls_many %.1f /s\n", ran * (n + 2) / many);
  printf ("offload_threads %d threads\n", ran);
  printf ("offload_teams %d teams\n", teams);
  return report ("calls", failures);
}
