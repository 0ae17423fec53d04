/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* A program that never ends, after a line of output: the launcher's
   --timeout must end it with status 124 and keep the line.  GPU only.
   It sleeps in its loop: an empty loop, even on a volatile, reached the
   JIT as a plain load, and the H200 ran the program to its end.  */

#include <stdio.h>
#include <unistd.h>

int
main (void)
{
  puts ("started");
  fflush (stdout);
  for (;;)
    sleep (1);
}
