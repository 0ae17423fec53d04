/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* tcsetattr(3) for nvptx: set the modes of the host's terminal behind FD
   through nvptx-rpc, EINVAL for an unknown action as glibc.  The host
   never waits for a terminal's output to drain (TCSADRAIN, TCSAFLUSH):
   while output is queued its answer is EAGAIN, and this waits on the GPU
   and asks again, so that other threads' calls go on meanwhile.  */

#include <errno.h>
#include <string.h>
#include <termios.h>
#include "rpc.h"

int
tcsetattr (int fd, int optional_actions, const struct termios *termios_p)
{
  struct nvptx_rpc_termios w;
  int64_t action;

  switch (optional_actions)
    {
    case TCSANOW: action = NVPTX_RPC_TCSANOW; break;
    case TCSADRAIN: action = NVPTX_RPC_TCSADRAIN; break;
    case TCSAFLUSH: action = NVPTX_RPC_TCSAFLUSH; break;
    default: errno = EINVAL; return -1;
    }
  memset (&w, 0, sizeof w);
  NVPTX_RPC_TERMIOS_COPY (w, *termios_p);
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_TCSETATTR, .arg = { fd, action },
    .out = { { &w, sizeof w } },
  };
  return __nvptx_rpc_call_when_ready (&call) < 0 ? -1 : 0;
}
