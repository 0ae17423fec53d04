/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* utimes(2) for nvptx, served by the host through nvptx-rpc.  Null TIMES
   means now.  */

#include <errno.h>
#include <sys/time.h>
#include "rpc.h"

int
utimes (const char *path, const struct timeval times[2])
{
  if (times == NULL)
    return __nvptx_rpc_utimens (path, 0, NVPTX_RPC_UTIME_NOW,
				0, NVPTX_RPC_UTIME_NOW);
  if (times[0].tv_usec < 0 || times[0].tv_usec >= 1000000
      || times[1].tv_usec < 0 || times[1].tv_usec >= 1000000)
    {
      errno = EINVAL;
      return -1;
    }
  return __nvptx_rpc_utimens (path, times[0].tv_sec, times[0].tv_usec * 1000,
			      times[1].tv_sec, times[1].tv_usec * 1000);
}
