/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* sched_yield(2) for nvptx: a program's threads are GPU lanes, which the
   hardware schedules; there is nothing to give the processor up to.  On
   sm_70 and later a lane spinning on another's progress is not starved by
   it (independent thread scheduling), so a yield has nothing to do.  */

#include <sched.h>

int
sched_yield (void)
{
  return 0;
}
