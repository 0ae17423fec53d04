/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* basename(3), POSIX's (<libgen.h> names it __xpg_basename, with the
   assembler name basename): the last component of PATH, its trailing
   slashes removed in place; "." for a null or empty PATH, "/" for a
   PATH of slashes only.  newlib's libc/unix/basename.c, which nvptx does
   not build, returns "//" for "//".  */

#include <libgen.h>
#include <string.h>

char *
basename (char *path)
{
  if (path == NULL || *path == '\0')
    return (char *) ".";

  char *end = path + strlen (path) - 1;
  while (end > path && *end == '/')
    *end-- = '\0';
  if (end == path)
    return path;
  char *start = end;
  while (start > path && start[-1] != '/')
    start--;
  return start;
}
