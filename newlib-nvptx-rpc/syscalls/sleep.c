/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* sleep(3) for nvptx: on the GPU (nanosleep.c).  */

#include <time.h>
#include <unistd.h>

unsigned int
sleep (unsigned int seconds)
{
  struct timespec ts = { seconds, 0 };

  nanosleep (&ts, NULL);
  return 0;
}
