/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* pipe, fork, execve, wait, and popen, pclose, execvp and waitpid,
   mean nothing for one GPU program: each fails with ENOSYS.  GPU only
   (natively they work); status 0 when all do, and a line on stderr for
   each that does not.  */

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
  errno = 0;
  FILE *stream = popen ("true", "r");
  expect_enosys ("popen", stream == NULL ? -1 : 0);
  errno = 0;
  expect_enosys ("pclose", pclose (stdin));
  errno = 0;
  expect_enosys ("execvp", execvp ("true", argv));
  errno = 0;
  expect_enosys ("waitpid", waitpid (-1, &status, 0));
  puts (failures ? "some succeeded" : "all eight: ENOSYS");
  return failures != 0;
}
