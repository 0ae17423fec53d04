/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* openat(2) for nvptx, served by the host through nvptx-rpc.  */

#include <fcntl.h>
#include <stdarg.h>
#include "rpc.h"

int
openat (int dirfd, const char *path, int flags, ...)
{
  va_list ap;
  int mode = 0;

  if (flags & O_CREAT)
    {
      va_start (ap, flags);
      mode = va_arg (ap, int);
      va_end (ap);
    }
  return __nvptx_rpc_path_at_call (NVPTX_RPC_OPENAT,
				   __nvptx_rpc_dirfd (dirfd), path,
				   __nvptx_rpc_oflags (flags), mode, 0);
}
