/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* getcwd(3) for nvptx: the host's working directory, which is the
   program's, through nvptx-rpc.  As in glibc, a null BUF asks for a
   malloc'd one: SIZE bytes, or as long as needed when SIZE is 0.  */

#include <errno.h>
#include <stdlib.h>
#include <unistd.h>
#include "rpc.h"

char *
__nvptx_rpc_call_string (struct __nvptx_rpc_call *call, char *buf,
			 size_t size, bool grow, int too_long)
{
  char *out = buf;

  for (;;)
    {
      if (buf == NULL)
	{
	  char *bigger = realloc (out, size);
	  if (bigger == NULL)
	    break;
	  out = bigger;
	}
      call->in = out;
      call->in_length = size;
      long long length = __nvptx_rpc_call (call);
      if (length < 0)
	break;
      if ((size_t) length <= size)
	return out;
      if (!grow)
	{
	  errno = too_long;
	  break;
	}
      /* The reply said how much room the string needs.  */
      size = length;
    }
  if (buf == NULL)
    free (out);
  return NULL;
}

char *
getcwd (char *buf, size_t size)
{
  struct __nvptx_rpc_call call = { .opcode = NVPTX_RPC_GETCWD };

  if (buf != NULL && size == 0)
    {
      errno = EINVAL;
      return NULL;
    }
  return __nvptx_rpc_call_string (&call, buf, size != 0 ? size : 256,
				  buf == NULL && size == 0, ERANGE);
}
