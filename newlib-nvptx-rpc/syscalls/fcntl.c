/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* fcntl(2) for nvptx, served by the host through nvptx-rpc: F_DUPFD,
   F_DUPFD_CLOEXEC, F_GETFD, F_SETFD, F_GETFL, F_SETFL, and the record
   locks, F_GETLK, F_SETLK and F_SETLKW, which the launcher holds on the
   program's behalf.  */

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <unistd.h>
#include "rpc.h"

/* F_GETLK, F_SETLK or F_SETLKW (COMMAND, as the protocol has it) of
   LOCK on FD.  */
static int
record_lock (int fd, int command, struct flock *lock)
{
  struct nvptx_rpc_flock conflict;
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_LOCK, .arg = { fd, 0, lock->l_start, lock->l_len },
    .in = &conflict, .in_length = sizeof conflict,
  };
  int type;

  switch (lock->l_type)
    {
    case F_RDLCK: type = NVPTX_RPC_F_RDLCK; break;
    case F_WRLCK: type = NVPTX_RPC_F_WRLCK; break;
    case F_UNLCK: type = NVPTX_RPC_F_UNLCK; break;
    default: errno = EINVAL; return -1;
    }
  if (lock->l_whence != SEEK_SET && lock->l_whence != SEEK_CUR
      && lock->l_whence != SEEK_END)
    {
      errno = EINVAL;
      return -1;
    }
  call.arg[1] = NVPTX_RPC_LOCK_ARG (command, type, lock->l_whence);
  if (command != NVPTX_RPC_F_GETLK)
    return __nvptx_rpc_call (&call);
  if (__nvptx_rpc_call_fixed (&call) != 0)
    return -1;
  /* No conflict: the rest of LOCK stays as it was, as Linux has it.  */
  if (conflict.type == NVPTX_RPC_F_UNLCK)
    {
      lock->l_type = F_UNLCK;
      return 0;
    }
  lock->l_type = conflict.type == NVPTX_RPC_F_RDLCK ? F_RDLCK : F_WRLCK;
  lock->l_whence = SEEK_SET;
  lock->l_start = conflict.start;
  lock->l_len = conflict.length;
  lock->l_pid = conflict.pid;
  return 0;
}

int
fcntl (int fd, int command, ...)
{
  struct __nvptx_rpc_call call = { .opcode = NVPTX_RPC_FCNTL, .arg = { fd } };
  va_list ap;
  int value = 0, result;
  struct flock *lock = NULL;

  /* Only the commands that take an argument have one to read.  */
  va_start (ap, command);
  if (command == F_DUPFD || command == F_DUPFD_CLOEXEC || command == F_SETFD
      || command == F_SETFL)
    value = va_arg (ap, int);
  else if (command == F_GETLK || command == F_SETLK || command == F_SETLKW)
    lock = va_arg (ap, struct flock *);
  va_end (ap);
  switch (command)
    {
    case F_GETLK:
      return record_lock (fd, NVPTX_RPC_F_GETLK, lock);
    case F_SETLK:
      return record_lock (fd, NVPTX_RPC_F_SETLK, lock);
    case F_SETLKW:
      return record_lock (fd, NVPTX_RPC_F_SETLKW, lock);
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
