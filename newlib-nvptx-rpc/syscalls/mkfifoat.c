/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* mkfifoat(3) for nvptx: mknodat of a FIFO.  */

#include <sys/stat.h>

int
mkfifoat (int dirfd, const char *path, mode_t mode)
{
  return mknodat (dirfd, path, S_IFIFO | (mode & ~S_IFMT), 0);
}
