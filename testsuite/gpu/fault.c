/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* A GPU program that faults after writing: what it wrote is kept (the
   file's bytes and stdout), and the launcher reports the fault with
   status 127 instead of crashing.  How it faults is its argument:
     (none)    a trap;
     illegal   a store to an address nothing is mapped at;
     pending   lane 0 traps while lane 1's read of stdin, which never
               gets input, is being served: the launcher, blocked in that
               read, must notice the fault within a second (run it with
               -L 2 and a stdin that stays open).  Lane 1 reads only once
               lane 0 has written: a read that took the mailbox first
               would hold lane 0's calls, and so its trap, until input
               came.  */
#include <fcntl.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "lane.h"

/* Set by lane 0 once it has written.  */
static int written;

int
main (int argc, char **argv)
{
  const char *how = argc > 1 ? argv[1] : "";
  struct timespec moment = { 0, 1000000 };
  int fd;

  if (strcmp (how, "pending") == 0 && this_lane () == 1)
    {
      char c;
      while (!__atomic_load_n (&written, __ATOMIC_ACQUIRE))
	nanosleep (&moment, NULL);
      read (0, &c, 1);
      return 1;
    }
  if (this_lane () == 0)
    {
      fd = open ("fault-kept.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);
      write (fd, "kept\n", 5);
      write (1, "before the fault\n", 17);
      __atomic_store_n (&written, 1, __ATOMIC_RELEASE);
    }
  if (strcmp (how, "illegal") == 0)
    {
      /* Through a volatile pointer, which the compiler cannot see is
	 bad.  */
      int *volatile nowhere = (int *) 64;
      *nowhere = 1;
    }
  else if (strcmp (how, "pending") == 0)
    {
      /* Let lane 1's read reach the host first.  */
      struct timespec wait = { 0, 200000000 };
      nanosleep (&wait, NULL);
    }
  __builtin_trap ();
}
