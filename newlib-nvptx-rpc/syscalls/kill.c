/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* kill(2) for nvptx, served by the host through nvptx-rpc.  The program
   is the launcher's process and may signal only itself.  */

#include <errno.h>
#include <signal.h>
#include "rpc.h"

static const struct
{
  int sig;
  int64_t wire;
} signals[] = {
#define S(name) { name, NVPTX_RPC_##name },
  NVPTX_RPC_SIGNALS (S)
#undef S
};

int
kill (pid_t pid, int sig)
{
  int64_t wire = sig == 0 ? 0 : -1;

  for (size_t i = 0; i < sizeof signals / sizeof *signals; i++)
    if (signals[i].sig == sig)
      wire = signals[i].wire;
  if (wire < 0)
    {
      errno = EINVAL;
      return -1;
    }
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_KILL, .arg = { pid, wire },
  };
  return __nvptx_rpc_call (&call);
}
