/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The lanes of a warp share stdio (nvptx-none-run -L 32): each lane opens
   a file of its own with fopen, fprintfs 20 lines to it and fcloses it,
   while all print 50 lines each to the one stdout, then two more under
   flockfile, which no other lane's line may come between.  newlib's locks
   (lock.c) must keep every line whole, once, each lane's lines in order,
   and give each lane a FILE of its own.  */
#include <stdio.h>
#include "lane.h"

int
main (void)
{
  int lane = this_lane ();
  char name[32];
  FILE *f;

  snprintf (name, sizeof name, "stdio-%02d.txt", lane);
  if ((f = fopen (name, "w")) == NULL)
    return lane_failed (lane, "fopen");
  for (int i = 0; i < 50; i++)
    {
      if (i < 20 && fprintf (f, "lane %2d line %2d\n", lane, i) < 0)
	return lane_failed (lane, "fprintf");
      if (printf ("lane %2d line %2d\n", lane, i) < 0)
	return lane_failed (lane, "printf");
    }
  if (fclose (f) != 0)
    return lane_failed (lane, "fclose");
  flockfile (stdout);
  for (int i = 50; i < 52; i++)
    if (printf ("lane %2d line %2d\n", lane, i) < 0)
      return lane_failed (lane, "printf");
  funlockfile (stdout);
  return 0;
}
