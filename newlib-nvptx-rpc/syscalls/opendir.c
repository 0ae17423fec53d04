/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* opendir(3) for nvptx: the directory opened by the host through
   nvptx-rpc; readdir.c fetches its entries.  O_DIRECTORY has the host
   check that it is one, so unlike fdopendir there is nothing to fstat.  */

#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>

DIR *
opendir (const char *path)
{
  DIR *dir = calloc (1, sizeof *dir);

  if (dir != NULL
      && (dir->dd_fd = open (path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
    {
      free (dir);
      return NULL;
    }
  return dir;
}
