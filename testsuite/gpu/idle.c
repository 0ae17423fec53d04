/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* A kernel that computes for a while and asks nothing of the host: the
   launcher's kernel-wait loop is all the host does meanwhile, and
   scripts/bench.sh times the launcher's CPU against the wall clock
   around it.  It waits on the GPU's own clock (%globaltimer), not with
   sleep, which would be a call; one line at the end says it ran.
   Usage: idle.nvptx [SECONDS] (default 3).  */

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* Nanoseconds on a clock that runs without the host.  */
static unsigned long long
clock_ns (void)
{
#ifdef __nvptx__
  unsigned long long t;

  __asm__ volatile ("mov.u64 %0, %%globaltimer;" : "=r" (t));
  return t;
#else
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
#endif
}

int
main (int argc, char **argv)
{
  double seconds = argc > 1 ? atof (argv[1]) : 3;
  unsigned long long start = clock_ns ();
  unsigned long long end = start + (unsigned long long) (seconds * 1e9);
  unsigned long long spins = 0;

  while (clock_ns () < end)
    spins++;
  printf ("idle for %g s\n", seconds);
  return spins == 0;
}
