/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* nanosleep sleeps on the GPU, not in the launcher: while lane 0 sleeps
   for half a second, the other lanes of its warp (nvptx-none-run -L 32)
   make 20 calls to the host each, and all of them are done before lane 0
   wakes.  Had the sleep held the launcher or the lock, or the warp, they
   would finish after it.  Lane 0 prints the verdict; status 0 when it
   holds.  */
#include <stdio.h>
#include <sys/stat.h>
#include <time.h>
#include "lane.h"

#define NAP_NS 500000000LL

/* When each lane finished, in nanoseconds of the host's monotonic
   clock.  */
static long long finished[32];

static long long
now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int
main (void)
{
  int lane = this_lane (), lanes = lane_count ();
  long long start = now ();
  struct timespec nap = { 0, NAP_NS };
  struct stat st;

  if (lane == 0)
    nanosleep (&nap, NULL);
  else
    for (int i = 0; i < 20; i++)
      stat (".", &st);
  finished[lane] = now ();
  all_lanes_here ();
  if (lane != 0)
    return 0;

  int before = 0;
  for (int i = 1; i < lanes; i++)
    before += finished[i] < finished[0];
  printf ("lane 0 slept at least 500 ms: %s\n",
	  finished[0] - start >= NAP_NS ? "yes" : "no");
  printf ("%d of the other %d lanes made their calls meanwhile\n", before,
	  lanes - 1);
  return finished[0] - start < NAP_NS || before != lanes - 1;
}
