/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* pipe, fork, execve and wait mean nothing for one GPU program: each
   fails with ENOSYS.  GPU only (natively they work); status 0 when all
   four do, and a line on stderr for each that does not.  */

#include <errno.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

static int failures;

static void
expect_enosys (const char *what, long long result)
{
  if (result != -1 || errno != ENOSYS)
    {
      fprintf (stderr, "%s: %lld, errno %d; expected -1, ENOSYS\n", what,
	       result, errno);
      failures++;
    }
}

int
main (void)
{
  int fds[2], status;
  char *const argv[] = { "true", NULL };

  errno = 0;
  expect_enosys ("pipe", pipe (fds));
  errno = 0;
  expect_enosys ("fork", fork ());
  errno = 0;
  expect_enosys ("execve", execve ("/bin/true", argv, argv + 1));
  errno = 0;
  expect_enosys ("wait", wait (&status));
  puts (failures ? "some succeeded" : "all four: ENOSYS");
  return failures != 0;
}
