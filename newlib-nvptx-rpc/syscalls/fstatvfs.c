/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* fstatvfs(3) for nvptx: the host's answer for the file system of the
   file behind FD, through nvptx-rpc.  */

#include <sys/statvfs.h>
#include "rpc.h"

int
fstatvfs (int fd, struct statvfs *buf)
{
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_FSTATVFS, .arg = { fd },
  };
  return __nvptx_rpc_statvfs_call (&call, buf);
}
