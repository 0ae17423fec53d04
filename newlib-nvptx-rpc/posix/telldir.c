/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* telldir(3) for nvptx: the position is the number of entries readdir
   has returned since the stream's start, which seekdir counts again.  */

#include <dirent.h>

long
telldir (DIR *dir)
{
  return dir->dd_index;
}
