/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* getpwuid(3) and getpwuid_r(3) for nvptx: the host's entry for UID
   (getpw.c), as glibc gives it: no such user is NULL, and for
   getpwuid_r 0, with errno 0.  */

#include <pwd.h>
#include "rpc.h"

int
getpwuid_r (uid_t uid, struct passwd *pwd, char *buf, size_t buflen,
	    struct passwd **result)
{
  struct __nvptx_rpc_key key = { .id = uid, .index = -1 };
  return __nvptx_rpc_getpw (&key, pwd, buf, buflen, (void **) result);
}

struct passwd *
getpwuid (uid_t uid)
{
  /* Its own entry, as glibc's: another function's call leaves it.  */
  static struct passwd pwd;
  static char *buf;
  static size_t buflen;
  struct __nvptx_rpc_key key = { .id = uid, .index = -1 };

  return __nvptx_rpc_getent_static (__nvptx_rpc_getpw, &key, &pwd, &buf,
				    &buflen);
}
