/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* getpwuid(3) and getpwuid_r(3) for nvptx: the host's entry for UID
   (getpw.c), as glibc gives it: no such user is NULL, and for
   getpwuid_r 0, with errno 0; ERANGE when BUFLEN bytes cannot hold the
   entry's strings (and 8 bytes more, for the ids on their way).  */

#include <pwd.h>
#include "rpc.h"

int
getpwuid_r (uid_t uid, struct passwd *pwd, char *buf, size_t buflen,
	    struct passwd **result)
{
  return __nvptx_rpc_getpw ((int64_t) uid, NULL, pwd, buf, buflen, result);
}

struct passwd *
getpwuid (uid_t uid)
{
  /* Its own entry, as glibc's: another function's call leaves it.  */
  static struct passwd pwd;
  static char *buf;
  static size_t buflen;

  return __nvptx_rpc_getpw_static ((int64_t) uid, NULL, &pwd, &buf, &buflen);
}
