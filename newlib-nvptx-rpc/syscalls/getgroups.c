/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* getgroups(2) and getgrouplist(3) for nvptx: the launcher's
   supplementary groups, and the groups the host's database (its NSS
   included) gives a user, through nvptx-rpc, as glibc gives them.  The
   host sends each gid as 32 bits; newlib's gid_t may be narrower.  */

#include <errno.h>
#include <grp.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "rpc.h"

/* The groups for USER and GROUP (USER NULL: the launcher's), at most
   ROOM of them into LIST: their count, or -1 with errno.  */
static int
groups (const char *user, gid_t group, int room, gid_t *list)
{
  uint32_t *gids = room > 0 ? malloc (room * sizeof *gids) : NULL;
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_GETGROUPS, .arg = { user ? (int64_t) group : -1 },
    .in = gids, .in_length = gids ? room * sizeof *gids : 0,
  };
  long long count;

  if (room > 0 && gids == NULL)
    return -1;
  if (user != NULL)
    {
      call.out[0].base = user;
      call.out[0].length = strlen (user) + 1;
    }
  count = __nvptx_rpc_call (&call);
  for (long long i = 0; i < count && i < room; i++)
    list[i] = gids[i];
  free (gids);
  return count;
}

int
getgroups (int size, gid_t list[])
{
  int count;

  if (size < 0)
    {
      errno = EINVAL;
      return -1;
    }
  count = groups (NULL, 0, size, list);
  if (size > 0 && count > size)
    {
      errno = EINVAL;
      return -1;
    }
  return count;
}

int
getgrouplist (const char *user, gid_t group, gid_t *list, int *ngroups)
{
  int room = *ngroups > 0 ? *ngroups : 0;
  int count = groups (user, group, room, list);

  if (count < 0)
    return -1;
  *ngroups = count;
  return count > room ? -1 : count;
}
