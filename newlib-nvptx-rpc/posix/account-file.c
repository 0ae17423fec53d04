/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* Reading and checking the fields of account files (account-file.h),
   for fgetpwent, putpwent, putgrent and the shadow functions.  */

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include "account-file.h"

bool
__nvptx_account_split (char *text, char **fields, int n)
{
  int i = 0;

  for (;;)
    {
      char *colon = strchr (text, ':');

      if (i == n)
	return false;
      fields[i++] = text;
      if (colon == NULL)
	return i == n;
      *colon = '\0';
      text = colon + 1;
    }
}

bool
__nvptx_account_read (FILE *stream, char **line, size_t *size,
		      char **fields, int n)
{
  ssize_t length;

  while ((length = getline (line, size, stream)) > 0)
    {
      char *text = *line;

      if (text[length - 1] == '\n')
	text[length - 1] = '\0';
      while (*text == ' ' || *text == '\t')
	text++;
      if (*text != '\0' && *text != '#'
	  && __nvptx_account_split (text, fields, n))
	return true;
    }
  return false;
}

bool
__nvptx_account_number (const char *text, long empty, long *value)
{
  int saved = errno;
  char *end;
  bool whole;

  if (*text == '\0')
    {
      *value = empty;
      return true;
    }
  errno = 0;
  *value = strtol (text, &end, 10);
  whole = *end == '\0' && errno == 0;
  errno = saved;
  return whole;
}

bool
__nvptx_account_field_ok (const char *text)
{
  return text == NULL || strpbrk (text, ":\n") == NULL;
}
