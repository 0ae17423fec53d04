/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* dirfd(3) for nvptx.  */

#include <dirent.h>

int
dirfd (DIR *dir)
{
  return dir->dd_fd;
}
