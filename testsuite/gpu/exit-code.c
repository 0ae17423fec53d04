/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The exit status comes back as the launcher's, from exit() and from
   returning from main, after atexit handlers ran (in reverse order) and
   stdio was flushed.  Usage: exit-code HOW STATUS, HOW = exit|return.  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void
first (void)
{
  printf ("atexit: registered first, runs last\n");
}

static void
second (void)
{
  printf ("atexit: registered second, runs first\n");
}

int
main (int argc, char **argv)
{
  int status = argc > 2 ? atoi (argv[2]) : 0;

  atexit (first);
  atexit (second);
  printf ("buffered, no newline yet:");
  if (argc > 1 && strcmp (argv[1], "exit") == 0)
    exit (status);
  return status;
}
