/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* For the programs that nvptx-none-run -L 32 runs on every lane of a
   warp: which lane this is (0 natively), how many lanes there are (1
   natively), a barrier, and a report of a failed call that does not go
   through stdio.  */
#include <stdio.h>
#include <unistd.h>

static inline int
this_lane (void)
{
  int lane = 0;

#ifdef __nvptx__
  asm ("mov.u32 %0, %%tid.x;" : "=r" (lane));
#endif
  return lane;
}

/* How many lanes run the program (1 natively).  */
static inline int
lane_count (void)
{
  int lanes = 1;

#ifdef __nvptx__
  asm ("mov.u32 %0, %%ntid.x;" : "=r" (lanes));
#endif
  return lanes;
}

/* Wait until every lane of the block (the launcher's only one) is here.
   bar.sync waits without spinning, and needs no sm_70, so long as all
   lanes reach it from the same place: from main, not from inside a
   branch some lanes took.  */
static inline void
all_lanes_here (void)
{
#ifdef __nvptx__
  asm volatile ("bar.sync 0;" : : : "memory");
#endif
}

/* Say on stderr that LANE's CALL failed; with many lanes, the exit
   status is only the last one's.  Returns 1, for main to return.  */
static inline int
lane_failed (int lane, const char *call)
{
  char msg[64];
  int n = snprintf (msg, sizeof msg, "lane %d: %s failed\n", lane, call);

  write (2, msg, n);
  return 1;
}
