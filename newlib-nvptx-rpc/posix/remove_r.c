/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* _remove_r for nvptx, over remove (remove.c), whose libc.a member
   replaces stdio's, which defined both: newlib's tmpfile calls it.  */

#include <errno.h>
#include <reent.h>
#include <stdio.h>

int
_remove_r (struct _reent *reent, const char *path)
{
  int result = remove (path);

  if (result != 0)
    reent->_errno = errno;
  return result;
}
