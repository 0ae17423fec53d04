/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* getrandom(2) for nvptx: the host kernel's random bytes, through
   nvptx-rpc, at most NVPTX_RPC_RANDOM_MAX a call (fewer than asked, as
   Linux allows).  The host never waits for its pool: until it is ready
   the request is EAGAIN, and this waits on the GPU and asks again, so
   that other threads' calls go on, unless GRND_NONBLOCK says not to.  */

#include <errno.h>
#include <sys/random.h>
#include "rpc.h"

ssize_t
getrandom (void *buf, size_t count, unsigned int flags)
{
  int64_t wflags = 0;

  if (flags & ~(unsigned int) (GRND_NONBLOCK | GRND_RANDOM))
    {
      errno = EINVAL;
      return -1;
    }
  if (flags & GRND_NONBLOCK)
    wflags |= NVPTX_RPC_GRND_NONBLOCK;
  if (flags & GRND_RANDOM)
    wflags |= NVPTX_RPC_GRND_RANDOM;
  if (count > NVPTX_RPC_RANDOM_MAX)
    count = NVPTX_RPC_RANDOM_MAX;
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_GETRANDOM, .arg = { (int64_t) count, wflags },
    .in = buf, .in_length = count,
  };
  long long n = flags & GRND_NONBLOCK ? __nvptx_rpc_call (&call)
		: __nvptx_rpc_call_when_ready (&call);
  /* Bytes claimed but not sent: a broken reply, never random.  */
  if (n >= 0 && (size_t) n != call.in_length)
    {
      errno = EIO;
      return -1;
    }
  return n;
}
