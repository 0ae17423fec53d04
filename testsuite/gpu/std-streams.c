/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The launcher's standard streams, as the program sees them.  GPU only.
   "closed": run with fds 0, 1 and 2 closed, the program finds them open
   on /dev/null (read gives EOF, write succeeds), not on the CUDA
   driver's files.  "pipe": run with stdout a pipe whose reader leaves,
   write fails with EPIPE and the program goes on; it says so on stderr.
   Status 0 when the streams behave so.  */

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int
closed_streams (void)
{
  struct stat st;
  char c;

  return !(read (0, &c, 1) == 0 && write (1, "x", 1) == 1
	   && fstat (1, &st) == 0 && S_ISCHR (st.st_mode));
}

static int
broken_pipe (void)
{
  static char block[4096];

  memset (block, 'x', sizeof block);
  for (long total = 0; total < 1L << 30; total += sizeof block)
    if (write (1, block, sizeof block) < 0)
      {
	fprintf (stderr, "write: %s\n", errno == EPIPE ? "EPIPE" : "not EPIPE");
	return errno != EPIPE;
      }
  fputs ("write: no error after 1 GiB\n", stderr);
  return 1;
}

int
main (int argc, char **argv)
{
  if (argc == 2 && strcmp (argv[1], "closed") == 0)
    return closed_streams ();
  if (argc == 2 && strcmp (argv[1], "pipe") == 0)
    return broken_pipe ();
  fputs ("usage: std-streams closed|pipe\n", stderr);
  return 2;
}
