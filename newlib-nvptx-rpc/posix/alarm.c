/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* alarm(2) for nvptx: no timer can interrupt a GPU thread, so no alarm
   is ever pending and none is delivered.  alarm cannot fail in POSIX: it
   returns 0, the seconds left of a previous alarm, and a request for one
   leaves errno ENOSYS.  The launcher's --timeout ends a program that
   runs too long.  */

#include <errno.h>
#include <unistd.h>

unsigned int
alarm (unsigned int seconds)
{
  if (seconds != 0)
    errno = ENOSYS;
  return 0;
}
