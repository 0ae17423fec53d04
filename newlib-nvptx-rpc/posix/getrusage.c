/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* getrusage, over times: the launcher's user and system time for
   RUSAGE_SELF, its children's for RUSAGE_CHILDREN; the counts Linux
   keeps besides (faults, switches...) are 0.  */

#include <errno.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/times.h>
#include <time.h>

static struct timeval
ticks_to_timeval (clock_t ticks)
{
  struct timeval tv = { ticks / CLOCKS_PER_SEC,
			(ticks % CLOCKS_PER_SEC) * (1000000 / CLOCKS_PER_SEC) };
  return tv;
}

int
getrusage (int who, struct rusage *usage)
{
  struct tms t;

  if (who != RUSAGE_SELF && who != RUSAGE_CHILDREN)
    {
      errno = EINVAL;
      return -1;
    }
  if (times (&t) == (clock_t) -1)
    return -1;
  memset (usage, 0, sizeof *usage);
  usage->ru_utime = ticks_to_timeval (who == RUSAGE_SELF ? t.tms_utime
					: t.tms_cutime);
  usage->ru_stime = ticks_to_timeval (who == RUSAGE_SELF ? t.tms_stime
					: t.tms_cstime);
  return 0;
}
