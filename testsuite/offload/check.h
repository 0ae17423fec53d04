/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The checks of the OpenMP test programs: each prints what it checked,
   from the GPU, and counts what was wrong.  */

#ifndef OFFLOAD_CHECK_H
#define OFFLOAD_CHECK_H

#include <stdio.h>

#define CHECK(failures, cond) \
  ((cond) ? (void) printf ("ok: %s\n", #cond) \
	  : (void) (printf ("FAIL: %s (line %d)\n", #cond, __LINE__), \
		    (failures)++))

/* The host part: what the target region found.  */
static inline int
report (const char *name, int failures)
{
  printf ("%s: %d failed on the GPU\n", name, failures);
  return failures == 0 ? 0 : 1;
}

#endif /* OFFLOAD_CHECK_H */
