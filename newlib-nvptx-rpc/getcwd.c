/* getcwd(3) for nvptx: the host's working directory, which is the
   program's, through nvptx-rpc.  As in glibc, a null BUF asks for a
   malloc'd one, SIZE bytes or as long as needed when SIZE is 0.  */

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "rpc.h"

char *
getcwd (char *buf, size_t size)
{
  char *path = buf;

  if (buf == NULL && (path = malloc (size ? size : PATH_MAX)) == NULL)
    return NULL;
  if (buf != NULL && size == 0)
    {
      errno = EINVAL;
      return NULL;
    }
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_GETCWD, .in = path,
    .in_length = buf == NULL && size == 0 ? PATH_MAX : size,
  };
  long long length = __nvptx_rpc_call (&call);
  if (length > 0 && (size_t) length > call.in_length)
    errno = ERANGE;
  if (length <= 0 || (size_t) length > call.in_length)
    {
      if (buf == NULL)
	free (path);
      return NULL;
    }
  return buf == NULL && size == 0 ? realloc (path, length) : path;
}
