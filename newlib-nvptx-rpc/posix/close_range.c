/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* close_range, as Linux's: each open descriptor from FIRST to LAST
   closed (with CLOSE_RANGE_CLOEXEC, marked close-on-exec instead);
   those not open are passed over.  Descriptors stop at the program's
   table's end (sysconf (_SC_OPEN_MAX)).  */

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#define CLOSE_RANGE_UNSHARE 2
#define CLOSE_RANGE_CLOEXEC 4

int
close_range (unsigned int first, unsigned int last, int flags)
{
  long end = sysconf (_SC_OPEN_MAX) - 1;

  if (first > last || (flags & ~(CLOSE_RANGE_UNSHARE | CLOSE_RANGE_CLOEXEC)))
    {
      errno = EINVAL;
      return -1;
    }
  for (long fd = first; fd <= (long) last && fd <= end; fd++)
    {
      int saved = errno;

      if ((flags & CLOSE_RANGE_CLOEXEC
	   ? fcntl (fd, F_SETFD, FD_CLOEXEC) : close (fd)) != 0)
	errno = saved;
    }
  return 0;
}
