/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* fdopendir(3) for nvptx: a directory stream on FD, which it then owns;
   its entries come from the host (readdir.c).  */

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>

DIR *
fdopendir (int fd)
{
  struct stat st;
  DIR *dir;

  if (fstat (fd, &st) != 0)
    return NULL;
  if (!S_ISDIR (st.st_mode))
    {
      errno = ENOTDIR;
      return NULL;
    }
  if ((dir = calloc (1, sizeof *dir)) != NULL)
    dir->dd_fd = fd;
  return dir;
}
