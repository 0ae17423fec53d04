/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* isatty(3) for nvptx, answered by the host through nvptx-rpc.  */

#include <errno.h>
#include <unistd.h>
#include "rpc.h"

int
isatty (int fd)
{
  if (!__nvptx_rpc_available ())
    {
      errno = ENOTTY;
      return 0;
    }
  struct __nvptx_rpc_call call = { .opcode = NVPTX_RPC_ISATTY, .arg = { fd } };
  return __nvptx_rpc_call (&call) == 1;
}
