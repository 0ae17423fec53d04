/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* ttyname(3) and ttyname_r(3) for nvptx: the host's name of the terminal
   behind FD, through nvptx-rpc; ENOTTY for a descriptor of anything else,
   EBADF for one not open, as glibc.  ttyname_r returns the error and sets
   errno to it, as glibc's does; ERANGE when BUFLEN bytes cannot hold the
   name and its NUL.  ttyname's name is in a static buffer, overwritten
   by the next call.  */

#include <unistd.h>
#include "rpc.h"

int
ttyname_r (int fd, char *buf, size_t buflen)
{
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_TTYNAME, .arg = { fd },
    .in = buf, .in_length = buflen,
  };

  return __nvptx_rpc_name_r (&call);
}

char *
ttyname (int fd)
{
  /* A host path: Linux's PATH_MAX.  */
  static char name[4096];

  return ttyname_r (fd, name, sizeof name) == 0 ? name : NULL;
}
