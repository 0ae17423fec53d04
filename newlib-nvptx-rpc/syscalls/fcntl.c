/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* fcntl(2) for nvptx, served by the host through nvptx-rpc: F_DUPFD,
   F_DUPFD_CLOEXEC, F_GETFD, F_SETFD, F_GETFL and F_SETFL.  */

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include "rpc.h"

int
fcntl (int fd, int command, ...)
{
  struct __nvptx_rpc_call call = { .opcode = NVPTX_RPC_FCNTL, .arg = { fd } };
  va_list ap;
  int value, result;

  /* Only the commands that take an argument have one to read.  */
  va_start (ap, command);
  value = command == F_DUPFD || command == F_DUPFD_CLOEXEC
	  || command == F_SETFD || command == F_SETFL ? va_arg (ap, int) : 0;
  va_end (ap);
  switch (command)
    {
    case F_DUPFD:
    case F_DUPFD_CLOEXEC:
      call.opcode = NVPTX_RPC_DUP;
      call.arg[1] = value;
      call.arg[2] = command == F_DUPFD_CLOEXEC ? NVPTX_RPC_FD_CLOEXEC : 0;
      return __nvptx_rpc_call (&call);
    case F_GETFD:
    case F_SETFD:
      call.arg[1] = command == F_GETFD ? NVPTX_RPC_F_GETFD : NVPTX_RPC_F_SETFD;
      call.arg[2] = value & FD_CLOEXEC ? NVPTX_RPC_FD_CLOEXEC : 0;
      result = __nvptx_rpc_call (&call);
      return result > 0 ? FD_CLOEXEC : result;
    case F_GETFL:
      call.arg[1] = NVPTX_RPC_F_GETFL;
      result = __nvptx_rpc_call (&call);
      return result < 0 ? result : __nvptx_rpc_oflags_from_wire (result);
    case F_SETFL:
      call.arg[1] = NVPTX_RPC_F_SETFL;
      call.arg[2] = __nvptx_rpc_oflags (value);
      return __nvptx_rpc_call (&call);
    default:
      errno = EINVAL;
      return -1;
    }
}
