/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* flock(2) for nvptx, served by the host through nvptx-rpc: the launcher
   holds the lock on the program's behalf, on its open file.  */

#include <sys/file.h>
#include "rpc.h"

_Static_assert (LOCK_SH == NVPTX_RPC_LOCK_SH && LOCK_EX == NVPTX_RPC_LOCK_EX
		&& LOCK_NB == NVPTX_RPC_LOCK_NB && LOCK_UN == NVPTX_RPC_LOCK_UN,
		"flock's operations");

int
flock (int fd, int operation)
{
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_FLOCK, .arg = { fd, operation },
  };
  return __nvptx_rpc_call (&call);
}
