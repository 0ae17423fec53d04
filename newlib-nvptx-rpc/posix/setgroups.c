/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* setgroups and initgroups: a GPU program runs as its launcher, whose
   supplementary groups it cannot change: setting them to what they are
   already, in any order, succeeds; anything else is EPERM, as setuid
   (setid.c).  */

#include <errno.h>
#include <grp.h>
#include <unistd.h>

/* setgroups' count: an int in newlib's prototype, a size_t in glibc's
   (the host build of the client).  */
#ifdef __GLIBC__
typedef size_t group_count;
#else
typedef int group_count;
#endif

static int
contains (const gid_t *list, int count, gid_t group)
{
  for (int i = 0; i < count; i++)
    if (list[i] == group)
      return 1;
  return 0;
}

/* Whether LIST's COUNT groups are the launcher's supplementary groups,
   as sets.  */
static int
same_groups (group_count count, const gid_t *list)
{
  gid_t mine[256];
  int n = getgroups (sizeof mine / sizeof *mine, mine);

  if (n < 0)
    return 0;
  for (group_count i = 0; i < count; i++)
    if (!contains (mine, n, list[i]))
      return 0;
  for (int i = 0; i < n; i++)
    if (!contains (list, count, mine[i]))
      return 0;
  return 1;
}

int
setgroups (group_count count, const gid_t *list)
{
  return same_groups (count, list) ? 0 : (errno = EPERM, -1);
}

int
initgroups (const char *user, gid_t group)
{
  gid_t list[256];
  int count = sizeof list / sizeof *list;

  if (getgrouplist (user, group, list, &count) < 0)
    {
      errno = EPERM;
      return -1;
    }
  return setgroups (count, list);
}
