/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* glibc's backtrace functions: PTX has no return addresses a program
   can read, so a backtrace has no frames, which glibc's may also give
   (docs/posix-coverage.md), and there is nothing to print.  */

#include <execinfo.h>
#include <stdlib.h>

int
backtrace (void **buffer, int size)
{
  (void) buffer, (void) size;
  return 0;
}

char **
backtrace_symbols (void *const *buffer, int size)
{
  (void) buffer;
  return size > 0 ? NULL : malloc (1);
}

void
backtrace_symbols_fd (void *const *buffer, int size, int fd)
{
  (void) buffer, (void) size, (void) fd;
}
