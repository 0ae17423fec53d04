/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* fstatfs(2) for nvptx: the host's answer for the file system of the
   file behind FD, through nvptx-rpc.  */

#include <sys/statfs.h>
#include "rpc.h"

int
fstatfs (int fd, struct statfs *buf)
{
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_FSTATVFS, .arg = { fd, NVPTX_RPC_STATFS },
  };
  return __nvptx_rpc_statfs_call (&call, buf);
}
