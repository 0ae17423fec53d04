/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* Every lane of a warp (nvptx-none-run -L 32) calls write() at once: the
   client lock serializes them on the single mailbox slot.  Each lane
   writes 50 numbered lines, one write() each; every line must arrive
   whole, once, and each lane's lines in its own order.  */
#include <stdio.h>
#include <unistd.h>
#include "lane.h"

int
main (void)
{
  int lane = this_lane ();
  char line[64];

  for (int i = 0; i < 50; i++)
    {
      int n = snprintf (line, sizeof line, "lane %2d line %2d\n", lane, i);
      write (1, line, n);
    }
  return 0;
}
