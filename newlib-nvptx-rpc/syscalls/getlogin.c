/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* getlogin(3) and getlogin_r(3) for nvptx: the host's answer for the
   launcher, which is the program's process, through nvptx-rpc: the name
   of the user logged in on its session or terminal, or its errno (ENXIO
   or ENOTTY without one, as glibc's).  getlogin_r returns the error and
   sets errno to it, as glibc's does; ERANGE when NAMESIZE bytes cannot
   hold the name and its NUL.  getlogin's name is in a static buffer.  */

#include <unistd.h>
#include "rpc.h"

int
getlogin_r (char *name, size_t namesize)
{
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_GETLOGIN, .in = name, .in_length = namesize,
  };

  return __nvptx_rpc_name_r (&call);
}

char *
getlogin (void)
{
  /* Linux's LOGIN_NAME_MAX, the NUL included.  */
  static char name[256];

  return getlogin_r (name, sizeof name) == 0 ? name : NULL;
}
