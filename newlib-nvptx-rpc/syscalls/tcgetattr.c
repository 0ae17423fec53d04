/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* tcgetattr(3) for nvptx: the modes of the host's terminal behind FD,
   through nvptx-rpc, in Linux's layout and values as <sys/termios.h> has
   them; ENOTTY for a descriptor of anything else, EBADF for one not
   open.  */

#include <termios.h>
#include "rpc.h"

int
tcgetattr (int fd, struct termios *termios_p)
{
  struct nvptx_rpc_termios w;
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_TCGETATTR, .arg = { fd },
    .in = &w, .in_length = sizeof w,
  };

  if (__nvptx_rpc_call_fixed (&call) < 0)
    return -1;
  NVPTX_RPC_TERMIOS_COPY (*termios_p, w);
  return 0;
}
