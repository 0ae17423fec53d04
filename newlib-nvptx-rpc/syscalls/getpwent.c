/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* getpwent(3), setpwent(3) and endpwent(3) for nvptx: the host's user
   database one entry after another (getpw.c), as its getpwent gives
   them, NSS included; NULL, with errno 0, after the last.  The host
   keeps no place: the program's is the index of its next entry.  */

#include <pwd.h>
#include "rpc.h"

static int64_t next_index;

struct passwd *
getpwent (void)
{
  static struct passwd pwd;
  static char *buf;
  static size_t buflen;
  struct __nvptx_rpc_key key = { .id = -1, .index = next_index };
  struct passwd *result;

  result = __nvptx_rpc_getent_static (__nvptx_rpc_getpw, &key, &pwd, &buf,
				      &buflen);
  if (result != NULL)
    next_index++;
  return result;
}

void
setpwent (void)
{
  next_index = 0;
}

void
endpwent (void)
{
  next_index = 0;
}
