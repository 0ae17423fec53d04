/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* statfs(2) for nvptx: the host's answer for the file system of the
   file PATH leads to, resolved as the host resolves every path the
   program names (in a sandbox, beneath it), through nvptx-rpc.  */

#include <string.h>
#include <sys/statfs.h>
#include "rpc.h"

int
__nvptx_rpc_statfs_call (struct __nvptx_rpc_call *call, struct statfs *buf)
{
  struct nvptx_rpc_statfs w;

  call->in = &w;
  call->in_length = sizeof w;
  if (__nvptx_rpc_call_fixed (call) < 0)
    return -1;
  memset (buf, 0, sizeof *buf);
  buf->f_type = w.type;
  buf->f_bsize = w.bsize;
  buf->f_blocks = w.blocks;
  buf->f_bfree = w.bfree;
  buf->f_bavail = w.bavail;
  buf->f_files = w.files;
  buf->f_ffree = w.ffree;
  buf->f_fsid.__val[0] = (uint32_t) w.fsid;
  buf->f_fsid.__val[1] = (uint32_t) (w.fsid >> 32);
  buf->f_namelen = w.namelen;
  buf->f_frsize = w.frsize;
  buf->f_flags = w.flags;
  return 0;
}

int
statfs (const char *path, struct statfs *buf)
{
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_STATVFS, .arg = { NVPTX_RPC_STATFS },
    .out = { { path, strlen (path) + 1 } },
  };
  return __nvptx_rpc_statfs_call (&call, buf);
}
