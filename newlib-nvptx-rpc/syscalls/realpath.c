/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* realpath(3) for nvptx: the host resolves PATH, as it resolves every
   path the program names (in a sandbox, beneath it), through nvptx-rpc.
   RESOLVED has PATH_MAX bytes, as POSIX says (newlib's, 1024); a null
   RESOLVED asks for a malloc'd path as long as needed, as glibc gives.  */

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#ifndef PATH_MAX
/* GCC's <limits.h> for nvptx does not include newlib's: PATH_MAX is
   then <sys/param.h>'s, which is <sys/syslimits.h>'s, 1024.  */
# include <sys/syslimits.h>
#endif
#include <string.h>
#include "rpc.h"

char *
realpath (const char *__restrict path, char *__restrict resolved)
{
  if (path == NULL)
    {
      errno = EINVAL;
      return NULL;
    }
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_REALPATH, .out = { { path, strlen (path) + 1 } },
  };
  return __nvptx_rpc_call_string (&call, resolved,
				  resolved != NULL ? PATH_MAX : 256,
				  resolved == NULL, ENAMETOOLONG);
}
