/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* fgetpwent: the next entry of a file in /etc/passwd's format, in
   storage each call reuses, as glibc's: an entry whose ids are not
   numbers is skipped.  */

#include <pwd.h>
#include <stdio.h>
#include <string.h>
#include "account-file.h"

struct passwd *
fgetpwent (FILE *stream)
{
  static char *line;
  static size_t size;
  static struct passwd entry;
  char *field[7];
  long uid, gid, empty;

  do
    {
      if (!__nvptx_account_read (stream, &line, &size, field, 7))
	return NULL;
      /* A NIS entry ("+name", "-name") may leave its ids empty: 0.  */
      empty = field[0][0] == '+' || field[0][0] == '-' ? 0 : -1;
    }
  while (!__nvptx_account_number (field[2], empty, &uid) || uid < 0
	 || !__nvptx_account_number (field[3], empty, &gid) || gid < 0);
  entry.pw_name = field[0];
  entry.pw_passwd = field[1];
  entry.pw_uid = uid;
  entry.pw_gid = gid;
  entry.pw_gecos = field[4];
#if defined (__nvptx__) && !defined (__NVPTX_GLIBC_ABI__)
  /* newlib's struct passwd has one more, which glibc's lacks.  */
  entry.pw_comment = field[4] + strlen (field[4]);
#endif
  entry.pw_dir = field[5];
  entry.pw_shell = field[6];
  return &entry;
}
