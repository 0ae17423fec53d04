/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The host environment reaches getenv; setenv and unsetenv work on it.  */
#include <stdio.h>
#include <stdlib.h>

int
main (void)
{
  const char *v = getenv ("NVPTX_RPC_TEST");
  printf ("NVPTX_RPC_TEST=%s\n", v ? v : "(unset)");
  printf ("NO_SUCH_VARIABLE_HERE=%s\n",
	  getenv ("NO_SUCH_VARIABLE_HERE") ? "set" : "(unset)");
  setenv ("NVPTX_RPC_TEST", "changed", 1);
  printf ("after setenv: %s\n", getenv ("NVPTX_RPC_TEST"));
  unsetenv ("NVPTX_RPC_TEST");
  printf ("after unsetenv: %s\n", getenv ("NVPTX_RPC_TEST") ? "set" : "(unset)");
  return 0;
}
