/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* Each lane of a warp (nvptx-none-run -L 32) has an errno of its own.
   Every lane makes a call that fails in its own way, or, on lanes 0, 13
   and 26, sets errno itself and makes calls that succeed; only when all
   lanes are done does each look at its errno.  The failures come from
   the host (open, close, stat, mkdir, lseek), from the client (lseek's
   whence) and from newlib itself, which sets ptr->_errno (strtol,
   strtod, stdio).  A lane whose errno is not its own says so on stderr;
   lane 0 prints how many were right, and the exit status is 0 only if
   all were.  */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "lane.h"

#define KINDS 13

/* Make lane LANE's call.  Set *CALL to what it was and *RESULT to what
   it returned; return the errno it must leave.  */
static int
call_for_lane (int lane, const char **call, long *result)
{
  char path[300];
  struct stat st;

  errno = 0;
  switch (lane % KINDS)
    {
    case 0:
      *call = "stat(\".\") and strtol(\"42\"), succeeding";
      errno = 1000 + lane;
      *result = stat (".", &st);
      strtol ("42", NULL, 10);
      return 1000 + lane;
    case 1:
      *call = "open of a missing file";
      snprintf (path, sizeof path, "lanes-errno-missing-%02d", lane);
      *result = open (path, O_RDONLY);
      return ENOENT;
    case 2:
      *call = "close(99)";
      *result = close (99);
      return EBADF;
    case 3:
      *call = "strtol of 99999999999999999999";
      *result = strtol ("99999999999999999999", NULL, 10);
      return ERANGE;
    case 4:
      *call = "open(\".\", O_WRONLY)";
      *result = open (".", O_WRONLY);
      return EISDIR;
    case 5:
      *call = "stat(\"/dev/null/x\")";
      *result = stat ("/dev/null/x", &st);
      return ENOTDIR;
    case 6:
      *call = "mkdir(\".\")";
      *result = mkdir (".", 0755);
      return EEXIST;
    case 7:
      *call = "open of a 299-byte file name";
      memset (path, 'x', sizeof path - 1);
      path[sizeof path - 1] = '\0';
      *result = open (path, O_RDONLY);
      return ENAMETOOLONG;
    case 8:
      *call = "fputc to stdin";
      *result = fputc ('x', stdin);
      return EBADF;
    case 9:
      *call = "fopen of a missing file";
      snprintf (path, sizeof path, "lanes-errno-missing-%02d", lane);
      *result = fopen (path, "r") != NULL;
      return ENOENT;
    case 10:
      *call = "strtod of 1e999";
      *result = strtod ("1e999", NULL) > 0;
      return ERANGE;
    case 11:
      *call = "lseek(1, 0, 12345)";
      *result = lseek (1, 0, 12345);
      return EINVAL;
    default:
      *call = "lseek(99, 0, SEEK_SET)";
      *result = lseek (99, 0, SEEK_SET);
      return EBADF;
    }
}

/* How many lanes found an errno not their own.  */
static int wrong;

int
main (void)
{
  int lane = this_lane (), lanes = lane_count ();
  const char *call;
  long result;
  int expected = call_for_lane (lane, &call, &result);

  all_lanes_here ();
  int got = errno;
  if (got != expected)
    {
      char msg[256];
      int n = snprintf (msg, sizeof msg,
			"lane %d: %s returned %ld, errno %d (%s), expected"
			" %d (%s)\n", lane, call, result, got, strerror (got),
			expected, strerror (expected));
      write (2, msg, n);
      __atomic_fetch_add (&wrong, 1, __ATOMIC_RELAXED);
    }
  all_lanes_here ();
  int wrong_lanes = __atomic_load_n (&wrong, __ATOMIC_RELAXED);
  if (lane == 0)
    printf ("errno per lane: %d of %d lanes right\n", lanes - wrong_lanes,
	    lanes);
  return wrong_lanes != 0;
}
