/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* usleep(3) for nvptx: on the GPU (nanosleep.c).  */

#include <time.h>
#include <unistd.h>

int
usleep (useconds_t microseconds)
{
  struct timespec ts = { microseconds / 1000000,
			 microseconds % 1000000 * 1000 };

  return nanosleep (&ts, NULL);
}
