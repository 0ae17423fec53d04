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
getcwd (char *buf, size_t size)
{
  bool grow = buf == NULL && size == 0;
  size_t room = grow ? 256 : size;
  char *path = buf;

  if (buf != NULL && size == 0)
    {
      errno = EINVAL;
      return NULL;
    }
  for (;;)
    {
      if (buf == NULL)
	{
	  char *bigger = realloc (path, room);
	  if (bigger == NULL)
	    break;
	  path = bigger;
	}
      struct __nvptx_rpc_call call = {
	.opcode = NVPTX_RPC_GETCWD, .in = path, .in_length = room,
      };
      long long length = __nvptx_rpc_call (&call);
      if (length < 0)
	break;
      if ((size_t) length <= room)
	return path;
      if (!grow)
	{
	  errno = ERANGE;
	  break;
	}
      /* The reply said how much room the path needs.  */
      room = length;
    }
  if (buf == NULL)
    free (path);
  return NULL;
}
