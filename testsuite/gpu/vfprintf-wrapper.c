/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* A program's own printf-like wrapper around vfprintf: common in real
   code.  On the H200 this faulted after the first call (docs/
   gpu-results.md); the test stays until it passes.  */
#include <stdarg.h>
#include <stdio.h>

static int
say (FILE *f, const char *fmt, ...)
{
  va_list ap;
  int n;

  va_start (ap, fmt);
  n = vfprintf (f, fmt, ap);
  va_end (ap);
  return n;
}

int
main (void)
{
  for (int i = 0; i < 3; i++)
    say (stdout, "line %d of %s\n", i, "stdout");
  say (stderr, "and %d to stderr\n", 1);
  return 0;
}
