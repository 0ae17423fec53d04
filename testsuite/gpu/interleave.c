/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* printf, vprintf, puts, putchar, fputs and write come out in program
   order.  */
#include <stdarg.h>
#include <stdio.h>
#include <unistd.h>

/* A program's own printf-like function over vprintf.  */
static void
say (const char *fmt, ...)
{
  va_list args;

  va_start (args, fmt);
  vprintf (fmt, args);
  va_end (args);
}

int
main (void)
{
  for (int i = 0; i < 3; i++)
    {
      printf ("printf %d\n", i);
      fflush (stdout);
      write (1, "write\n", 6);
      say ("vprintf %d\n", i);
      fflush (stdout);
      write (1, "write\n", 6);
      puts ("puts");
      putchar ('c');
      putchar ('\n');
      fputs ("fputs\n", stdout);
      fflush (stdout);
      write (1, "write again\n", 12);
    }
  return 0;
}
