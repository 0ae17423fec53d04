/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The smallest program: printf to stdout, exit status 0.  */
#include <stdio.h>

int
main (void)
{
  printf ("Hello, world!\n");
  return 0;
}
