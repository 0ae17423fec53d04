/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* <setjmp.h> compiles and its calls link; setjmp returns 0, so a
   program whose error path is never taken runs as natively; a longjmp
   that is reached ends the program with a message and status 134, its
   output so far kept (gpu.exp).  With an argument, no longjmp.  */

#include <setjmp.h>
#include <stdio.h>

static jmp_buf on_error;
static sigjmp_buf on_signal;

static int
parse (const char *text)
{
  if (text == NULL)
    longjmp (on_error, 2);
  return text[0];
}

int
main (int argc, char **argv)
{
  if (setjmp (on_error) != 0)
    {
      puts ("error path");
      return 1;
    }
  if (sigsetjmp (on_signal, 1) != 0)
    return 2;
  printf ("setjmp returned 0, parsed %d\n", parse (argc > 1 ? argv[1] : "x"));
  if (argc > 1)
    return 0;
  parse (NULL);
  puts ("not reached");
  return 3;
}
