/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* Output without a trailing newline survives the exit.  */
#include <stdio.h>

int
main (void)
{
  printf ("no trailing newline");
  return 0;
}
