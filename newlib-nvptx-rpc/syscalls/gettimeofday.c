/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* gettimeofday(2) for nvptx: the host's clock, through clock_gettime.  */

#include <sys/time.h>
#include <time.h>

int
gettimeofday (struct timeval *tv, void *tz)
{
  struct timespec ts;

  (void) tz;
  if (clock_gettime (CLOCK_REALTIME, &ts) < 0)
    return -1;
  if (tv)
    {
      tv->tv_sec = ts.tv_sec;
      tv->tv_usec = ts.tv_nsec / 1000;
    }
  return 0;
}
