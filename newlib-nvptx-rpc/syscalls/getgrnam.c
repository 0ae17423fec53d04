/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* getgrnam(3) and getgrnam_r(3) for nvptx: the host's entry for the group
   NAME (getgr.c), as glibc gives it: no such group is NULL, and for
   getgrnam_r 0, with errno 0.  */

#include <grp.h>
#include "rpc.h"

int
getgrnam_r (const char *name, struct group *grp, char *buf, size_t buflen,
	    struct group **result)
{
  struct __nvptx_rpc_key key = { .id = -1, .name = name, .index = -1 };
  return __nvptx_rpc_getgr (&key, grp, buf, buflen, (void **) result);
}

struct group *
getgrnam (const char *name)
{
  /* Its own entry, as glibc's: another function's call leaves it.  */
  static struct group grp;
  static char *buf;
  static size_t buflen;
  struct __nvptx_rpc_key key = { .id = -1, .name = name, .index = -1 };

  return __nvptx_rpc_getent_static (__nvptx_rpc_getgr, &key, &grp, &buf,
				    &buflen);
}
