/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* mknodat(2) for nvptx, served by the host through nvptx-rpc: FIFOs and
   regular files; devices, sockets and directories get EPERM.  The type
   bits travel as the protocol's.  */

#include <errno.h>
#include <sys/stat.h>
#include "rpc.h"

int
mknodat (int dirfd, const char *path, mode_t mode, dev_t dev)
{
  static const struct { mode_t type; int64_t wire; } types[] = {
    { 0, 0 }, { S_IFREG, NVPTX_RPC_S_IFREG }, { S_IFIFO, NVPTX_RPC_S_IFIFO },
    { S_IFCHR, NVPTX_RPC_S_IFCHR }, { S_IFBLK, NVPTX_RPC_S_IFBLK },
    { S_IFSOCK, NVPTX_RPC_S_IFSOCK }, { S_IFDIR, NVPTX_RPC_S_IFDIR },
  };

  for (size_t i = 0; i < sizeof types / sizeof *types; i++)
    if ((mode & S_IFMT) == types[i].type)
      return __nvptx_rpc_path_at_call (NVPTX_RPC_MKNODAT,
				       __nvptx_rpc_dirfd (dirfd), path,
				       types[i].wire | (mode & ~S_IFMT),
				       dev, 0);
  errno = EINVAL;
  return -1;
}
