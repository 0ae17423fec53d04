/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* fstatat(2) for nvptx, served by the host through nvptx-rpc.  */

#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include "rpc.h"

int
fstatat (int dirfd, const char *__restrict path, struct stat *__restrict st,
	 int flags)
{
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_FSTATAT,
    .arg = { __nvptx_rpc_dirfd (dirfd),
	     __nvptx_rpc_at_flags (flags, NVPTX_RPC_AT_SYMLINK_NOFOLLOW
				   | NVPTX_RPC_AT_EMPTY_PATH) },
    .out = { { path, strlen (path) + 1 } },
  };
  return __nvptx_rpc_stat_call (&call, st);
}
