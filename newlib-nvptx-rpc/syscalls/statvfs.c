/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* statvfs(3) for nvptx: the host's answer for the file system of the
   file PATH leads to, resolved as the host resolves every path the
   program names (in a sandbox, beneath it), through nvptx-rpc.  */

#include <string.h>
#include <sys/statvfs.h>
#include "rpc.h"

int
__nvptx_rpc_statvfs_call (struct __nvptx_rpc_call *call, struct statvfs *buf)
{
  struct nvptx_rpc_statvfs w;

  call->in = &w;
  call->in_length = sizeof w;
  if (__nvptx_rpc_call_fixed (call) < 0)
    return -1;
  memset (buf, 0, sizeof *buf);
  buf->f_bsize = w.bsize;
  buf->f_frsize = w.frsize;
  buf->f_blocks = w.blocks;
  buf->f_bfree = w.bfree;
  buf->f_bavail = w.bavail;
  buf->f_files = w.files;
  buf->f_ffree = w.ffree;
  buf->f_favail = w.favail;
  buf->f_fsid = w.fsid;
  buf->f_flag = w.flag;
  buf->f_namemax = w.namemax;
  return 0;
}

int
statvfs (const char *__restrict path, struct statvfs *__restrict buf)
{
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_STATVFS, .out = { { path, strlen (path) + 1 } },
  };
  return __nvptx_rpc_statvfs_call (&call, buf);
}
