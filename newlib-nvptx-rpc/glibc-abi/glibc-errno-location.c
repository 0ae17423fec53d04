/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* glibc's errno is (*__errno_location ()): in nvptx's OpenMP multilib,
   the calling thread's errno that newlib sets (getreent.c).  */

#include <errno.h>

#ifdef __NVPTX_GLIBC_ABI__

int *
__errno_location (void)
{
  return __errno ();
}

#endif /* __NVPTX_GLIBC_ABI__ */
