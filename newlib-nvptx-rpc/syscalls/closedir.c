/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* closedir(3) for nvptx.  */

#include <dirent.h>
#include <stdlib.h>
#include <unistd.h>

int
closedir (DIR *dir)
{
  int fd = dir->dd_fd;

  free (dir);
  return close (fd);
}
