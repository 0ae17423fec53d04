/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* putgrent: an entry as a line of /etc/group, as glibc writes it: a
   NIS entry ("+name", "-name") without its id; EINVAL for a field with
   a colon or newline, or a member with a comma.  */

#include <errno.h>
#include <grp.h>
#include <stdio.h>
#include <string.h>
#include "account-file.h"

int
putgrent (const struct group *entry, FILE *stream)
{
  const char *password;
  int written;

  if (entry == NULL || stream == NULL || entry->gr_name == NULL
      || !__nvptx_account_field_ok (entry->gr_name)
      || !__nvptx_account_field_ok (entry->gr_passwd))
    {
      errno = EINVAL;
      return -1;
    }
  for (char **member = entry->gr_mem; member && *member; member++)
    if (!__nvptx_account_field_ok (*member) || strchr (*member, ','))
      {
	errno = EINVAL;
	return -1;
      }
  password = entry->gr_passwd != NULL ? entry->gr_passwd : "";
  if (entry->gr_name[0] == '+' || entry->gr_name[0] == '-')
    written = fprintf (stream, "%s:%s::", entry->gr_name, password);
  else
    written = fprintf (stream, "%s:%s:%lu:", entry->gr_name, password,
		       (unsigned long) entry->gr_gid);
  if (written < 0)
    return -1;
  for (int i = 0; entry->gr_mem != NULL && entry->gr_mem[i] != NULL; i++)
    if (fprintf (stream, i == 0 ? "%s" : ",%s", entry->gr_mem[i]) < 0)
      return -1;
  return putc ('\n', stream) == EOF ? -1 : 0;
}
