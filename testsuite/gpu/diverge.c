/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The lanes of a warp call from different places at once (nvptx-none-run
   -L 32): even lanes write to stdout, odd lanes each create a file of
   their own, write to it and close it.  Lane N writes N + 1 lines, so the
   warp splits further as lanes finish.  Every line must arrive whole,
   once, and each lane's lines in order.  A lane that sees a call fail
   says so on stderr.  */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
#include "lane.h"

int
main (void)
{
  int lane = this_lane (), fd = 1;
  char line[64];

  if (lane % 2 == 1)
    {
      char name[32];
      snprintf (name, sizeof name, "lane-%02d.txt", lane);
      fd = open (name, O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (fd < 0)
	return lane_failed (lane, "open");
    }
  for (int i = 0; i <= lane; i++)
    {
      int n = snprintf (line, sizeof line, "lane %2d line %2d\n", lane, i);
      if (write (fd, line, n) != n)
	return lane_failed (lane, "write");
    }
  if (fd != 1 && close (fd) != 0)
    return lane_failed (lane, "close");
  return 0;
}
