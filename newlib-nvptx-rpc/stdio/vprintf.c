/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* vprintf for nvptx, which stdio.h names __nvptx_vprintf: the name
   vprintf is the CUDA runtime's printf, which the PTX JIT provides.  A
   program's vprintf is then printf's, in order with the rest of stdout,
   and this file replaces stdio's vprintf.c.  GCC's device libgomp.a,
   whose messages call CUDA's vprintf between printf calls of their own,
   is served by it too in the offload builds (offload/device-libgomp.sh
   points those calls here), so that each message comes out whole and in
   order.  */

#include <stdarg.h>
#include <reent.h>
#include <stdio.h>
#include "rpc.h"

int
_vprintf_r (struct _reent *reent, const char *fmt, va_list args)
{
  /* _vfprintf_r, as newlib's fprintf does; without nvptx-rpc, CUDA's
     printf, as newlib's nvptx printf always did.  */
  if (__nvptx_rpc_available ())
    return _vfprintf_r (reent, _stdout_r (reent), fmt, args);
  return __nvptx_cuda_vprintf (fmt, args);
}

int
vprintf (const char *fmt, va_list args)
{
  return _vprintf_r (_REENT, fmt, args);
}
