/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* utimensat(2) for nvptx, served by the host through nvptx-rpc.  */

#include <sys/stat.h>
#include "rpc.h"

int
utimensat (int dirfd, const char *path, const struct timespec *times,
	   int flags)
{
  int64_t wflags = __nvptx_rpc_at_flags (flags, NVPTX_RPC_AT_SYMLINK_NOFOLLOW
					 | NVPTX_RPC_AT_EMPTY_PATH);

  return __nvptx_rpc_utimensat (__nvptx_rpc_dirfd (dirfd), path, times,
				wflags);
}
