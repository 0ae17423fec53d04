/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* rewinddir(3) for nvptx: drop what was fetched; the next readdir asks
   the host to start over.  */

#include <dirent.h>

void
rewinddir (DIR *dir)
{
  dir->dd_pos = dir->dd_len = 0;
  dir->dd_rewind = 1;
  dir->dd_index = 0;
}
