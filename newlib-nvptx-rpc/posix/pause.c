/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* pause, setitimer and getitimer: no timer or other process can signal
   a GPU thread (only raise and abort do), so pause would wait for ever:
   each fails with ENOSYS, as alarm does (docs/posix-coverage.md);
   --timeout ends a program that runs too long.  */

#include <errno.h>
#include <sys/time.h>
#include <unistd.h>

int
pause (void)
{
  errno = ENOSYS;
  return -1;
}

int
setitimer (int which, const struct itimerval *value, struct itimerval *old)
{
  (void) which, (void) value, (void) old;
  errno = ENOSYS;
  return -1;
}

int
getitimer (int which, struct itimerval *value)
{
  (void) which, (void) value;
  errno = ENOSYS;
  return -1;
}
