/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* mkfifo(3) for nvptx: mknodat of a FIFO from the working directory.  */

#include <fcntl.h>
#include <sys/stat.h>

int
mkfifo (const char *path, mode_t mode)
{
  return mknodat (AT_FDCWD, path, S_IFIFO | (mode & ~S_IFMT), 0);
}
