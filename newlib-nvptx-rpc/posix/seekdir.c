/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* seekdir(3) for nvptx: back to the position telldir gave, by reading
   the stream again from its start up to it; the host keeps no position
   in a directory but its end.  A directory that changed in between may
   give other entries after it, as POSIX allows.  */

#include <dirent.h>
#include <errno.h>
#include <stddef.h>

void
seekdir (DIR *dir, long position)
{
  int saved_errno = errno;

  if (position < dir->dd_index)
    rewinddir (dir);
  while (dir->dd_index < position && readdir (dir) != NULL)
    ;
  errno = saved_errno;
}
