/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* putpwent: an entry as a line of /etc/passwd, as glibc writes it: a
   NIS entry ("+name", "-name") without its ids; EINVAL for a field
   with a colon or newline, which would make another entry, but for the
   GECOS field, where they become spaces.  */

#include <errno.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "account-file.h"

#define TEXT(s) ((s) != NULL ? (s) : "")

int
putpwent (const struct passwd *entry, FILE *stream)
{
  char *gecos;
  int written;

  if (entry == NULL || stream == NULL || entry->pw_name == NULL
      || !__nvptx_account_field_ok (entry->pw_name)
      || !__nvptx_account_field_ok (entry->pw_passwd)
      || !__nvptx_account_field_ok (entry->pw_dir)
      || !__nvptx_account_field_ok (entry->pw_shell))
    {
      errno = EINVAL;
      return -1;
    }
  if ((gecos = strdup (TEXT (entry->pw_gecos))) == NULL)
    return -1;
  for (char *c = gecos; (c = strpbrk (c, ":\n")) != NULL; c++)
    *c = ' ';
  if (entry->pw_name[0] == '+' || entry->pw_name[0] == '-')
    written = fprintf (stream, "%s:%s:::%s:%s:%s\n", entry->pw_name,
		       TEXT (entry->pw_passwd), gecos, TEXT (entry->pw_dir),
		       TEXT (entry->pw_shell));
  else
    written = fprintf (stream, "%s:%s:%lu:%lu:%s:%s:%s\n", entry->pw_name,
		       TEXT (entry->pw_passwd),
		       (unsigned long) entry->pw_uid,
		       (unsigned long) entry->pw_gid, gecos,
		       TEXT (entry->pw_dir), TEXT (entry->pw_shell));
  free (gecos);
  return written < 0 ? -1 : 0;
}
