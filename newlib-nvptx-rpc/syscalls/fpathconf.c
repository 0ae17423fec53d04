/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* fpathconf(3) for nvptx: the host's limits for the file behind FD,
   through nvptx-rpc, as pathconf.c says: a descriptor the program does
   not hold is EBADF for every name.  */

#include <errno.h>
#include <unistd.h>
#include "rpc.h"

long
fpathconf (int fd, int name)
{
  int64_t wire = __nvptx_rpc_pathconf_name (name);
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_FPATHCONF, .arg = { fd, wire },
  };

  /* glibc's order: a negative descriptor first.  */
  if (wire < 0)
    {
      errno = fd < 0 ? EBADF : EINVAL;
      return -1;
    }
  return __nvptx_rpc_call (&call);
}
