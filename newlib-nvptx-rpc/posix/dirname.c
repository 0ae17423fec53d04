/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* dirname(3): PATH without its last component and the slashes before
   it, cut in place; "." for a null or empty PATH or one without a
   slash, "/" for one whose only slashes lead it, but "//" where exactly
   two do, as glibc (POSIX leaves "//" to the implementation).  */

#include <libgen.h>
#include <string.h>

char *
dirname (char *path)
{
  if (path == NULL || *path == '\0')
    return (char *) ".";

  char *end = path + strlen (path) - 1;
  /* The trailing slashes, then the last component, then the slashes
     that separate it.  */
  while (end > path && *end == '/')
    end--;
  while (end > path && *end != '/')
    end--;
  if (*end != '/')
    return (char *) ".";
  while (end > path && *end == '/')
    end--;
  if (end == path && path[1] == '/' && path[2] != '/')
    end++;
  end[1] = '\0';
  return path;
}
