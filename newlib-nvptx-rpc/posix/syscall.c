/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* syscall: a GPU program makes no system calls of its own, only the
   requests its library functions send: ENOSYS.  */

#include <errno.h>

long
syscall (long number, ...)
{
  (void) number;
  errno = ENOSYS;
  return -1;
}
