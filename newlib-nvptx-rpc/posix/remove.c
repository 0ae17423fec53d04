/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* remove(3) for nvptx, as POSIX has it: a directory is removed as rmdir
   removes it, anything else as unlink.  newlib's stdio/remove.c calls
   unlink alone, which gives EISDIR for any directory; this file's
   member of libc.a replaces its.  As glibc's: unlink first, a file
   being what remove meets most, and errno left as the calls left it.  */

#include <errno.h>
#include <stdio.h>
#include <unistd.h>

int
remove (const char *path)
{
  if (unlink (path) == 0)
    return 0;
  return errno == EISDIR ? rmdir (path) : -1;
}
