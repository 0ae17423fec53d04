/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* What regcomp asks of the locale's collation (libc/posix/collate.h),
   without libc/posix/collate.c, which reads tables no nvptx locale has:
   none is loaded, so a bracket's range is one of byte values, as in the
   C locale.  */

#include <sys/config.h>

#ifndef __NVPTX_GLIBC_ABI__
int __collate_load_error = 1;

int
__collate_range_cmp (int c1, int c2)
{
  return (unsigned char) c1 - (unsigned char) c2;
}
#endif
