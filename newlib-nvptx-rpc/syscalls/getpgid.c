/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* getpgid(2) and getpgrp(2) for nvptx: the launcher's process group,
   through nvptx-rpc; the program sees no other process (ESRCH).  */

#include <unistd.h>
#include "rpc.h"

pid_t
getpgid (pid_t pid)
{
  struct __nvptx_rpc_call call = { .opcode = NVPTX_RPC_GETPGID,
				   .arg = { pid } };
  return __nvptx_rpc_call (&call);
}

pid_t
getpgrp (void)
{
  return getpgid (0);
}
