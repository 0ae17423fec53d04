/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* pathconf(3) for nvptx: the host's limits for the file PATH leads to,
   resolved as every path the program names, through nvptx-rpc.  A limit
   without a value is -1 with errno unchanged, as glibc gives it; a name
   Linux does not know (newlib's _PC_TIMESTAMP_RESOLUTION, Cygwin's) is
   EINVAL.  A path that does not resolve is its error (ENOENT...) for
   every name, where glibc answers some (_PC_PIPE_BUF, _PC_PATH_MAX...)
   with constants without looking: POSIX allows the error.  */

#include <errno.h>
#include <string.h>
#include <unistd.h>
#include "rpc.h"

int64_t
__nvptx_rpc_pathconf_name (int name)
{
  switch (name)
    {
    case _PC_LINK_MAX: return NVPTX_RPC_PC_LINK_MAX;
    case _PC_MAX_CANON: return NVPTX_RPC_PC_MAX_CANON;
    case _PC_MAX_INPUT: return NVPTX_RPC_PC_MAX_INPUT;
    case _PC_NAME_MAX: return NVPTX_RPC_PC_NAME_MAX;
    case _PC_PATH_MAX: return NVPTX_RPC_PC_PATH_MAX;
    case _PC_PIPE_BUF: return NVPTX_RPC_PC_PIPE_BUF;
    case _PC_CHOWN_RESTRICTED: return NVPTX_RPC_PC_CHOWN_RESTRICTED;
    case _PC_NO_TRUNC: return NVPTX_RPC_PC_NO_TRUNC;
    case _PC_VDISABLE: return NVPTX_RPC_PC_VDISABLE;
    case _PC_SYNC_IO: return NVPTX_RPC_PC_SYNC_IO;
    case _PC_ASYNC_IO: return NVPTX_RPC_PC_ASYNC_IO;
    case _PC_PRIO_IO: return NVPTX_RPC_PC_PRIO_IO;
#ifdef _PC_SOCK_MAXBUF
    case _PC_SOCK_MAXBUF: return NVPTX_RPC_PC_SOCK_MAXBUF;
#endif
    case _PC_FILESIZEBITS: return NVPTX_RPC_PC_FILESIZEBITS;
    case _PC_REC_INCR_XFER_SIZE: return NVPTX_RPC_PC_REC_INCR_XFER_SIZE;
    case _PC_REC_MAX_XFER_SIZE: return NVPTX_RPC_PC_REC_MAX_XFER_SIZE;
    case _PC_REC_MIN_XFER_SIZE: return NVPTX_RPC_PC_REC_MIN_XFER_SIZE;
    case _PC_REC_XFER_ALIGN: return NVPTX_RPC_PC_REC_XFER_ALIGN;
    case _PC_ALLOC_SIZE_MIN: return NVPTX_RPC_PC_ALLOC_SIZE_MIN;
    case _PC_SYMLINK_MAX: return NVPTX_RPC_PC_SYMLINK_MAX;
    case _PC_2_SYMLINKS: return NVPTX_RPC_PC_2_SYMLINKS;
    default: return -1;
    }
}

long
pathconf (const char *path, int name)
{
  int64_t wire = __nvptx_rpc_pathconf_name (name);

  /* glibc's order: an empty path first.  */
  if (wire < 0)
    {
      errno = path[0] == '\0' ? ENOENT : EINVAL;
      return -1;
    }
  return __nvptx_rpc_path_call (NVPTX_RPC_PATHCONF, path, wire, 0);
}
