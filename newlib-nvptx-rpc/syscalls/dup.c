/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* dup(2) for nvptx: a new guest descriptor for the same open file, made
   by the host through nvptx-rpc.  */

#include <unistd.h>
#include "rpc.h"

int
dup (int fd)
{
  struct __nvptx_rpc_call call = { .opcode = NVPTX_RPC_DUP, .arg = { fd } };
  return __nvptx_rpc_call (&call);
}
