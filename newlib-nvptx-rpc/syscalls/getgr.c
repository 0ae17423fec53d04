/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* A struct group from the host's group database (getent.c), for
   getgrgid, getgrnam and getgrent and their _r forms: the members' names
   and then the array of pointers to them in BUF, as glibc's; ERANGE when
   BUFLEN bytes cannot hold them.  */

#include <errno.h>
#include <grp.h>
#include <stdint.h>
#include "rpc.h"

int
__nvptx_rpc_getgr (const struct __nvptx_rpc_key *key, void *entry,
		   char *buf, size_t buflen, void **result)
{
  struct group *grp = entry;
  struct nvptx_rpc_group head;
  size_t used, pos = 0;
  char **members;
  int e;

  *result = NULL;
  if ((e = __nvptx_rpc_getent (NVPTX_RPC_GETGR, key, &head, sizeof head,
			       buf, buflen, &used)) != 0 || used == 0)
    return e;
  /* The members' pointers go after the strings, aligned.  */
  uintptr_t end = (uintptr_t) buf + used;
  end = (end + sizeof *members - 1) & -(uintptr_t) sizeof *members;
  if (head.members > used
      || end + (head.members + 1) * sizeof *members > (uintptr_t) buf + buflen)
    return errno = head.members > used ? EIO : ERANGE;
  members = (char **) end;
  grp->gr_name = __nvptx_rpc_getent_string (buf, used, &pos);
  grp->gr_passwd = __nvptx_rpc_getent_string (buf, used, &pos);
  for (uint32_t i = 0; i < head.members; i++)
    members[i] = __nvptx_rpc_getent_string (buf, used, &pos);
  if (grp->gr_passwd == NULL
      || (head.members > 0 && members[head.members - 1] == NULL))
    return errno = EIO;
  members[head.members] = NULL;
  grp->gr_gid = head.gid;
  grp->gr_mem = members;
  *result = grp;
  return 0;
}
