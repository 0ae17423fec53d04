/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* getgrent(3), setgrent(3) and endgrent(3) for nvptx: the host's group
   database one entry after another (getgr.c), as its getgrent gives
   them, NSS included; NULL, with errno 0, after the last.  The host
   keeps no place: the program's is the index of its next entry.  */

#include <grp.h>
#include "rpc.h"

static int64_t next_index;

struct group *
getgrent (void)
{
  static struct group grp;
  static char *buf;
  static size_t buflen;
  struct __nvptx_rpc_key key = { .id = -1, .index = next_index };
  struct group *result;

  result = __nvptx_rpc_getent_static (__nvptx_rpc_getgr, &key, &grp, &buf,
				      &buflen);
  if (result != NULL)
    next_index++;
  return result;
}

void
setgrent (void)
{
  next_index = 0;
}

void
endgrent (void)
{
  next_index = 0;
}
