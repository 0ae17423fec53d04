/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* mknod(2) for nvptx: mknodat from the working directory.  */

#include <fcntl.h>
#include <sys/stat.h>

int
mknod (const char *path, mode_t mode, dev_t dev)
{
  return mknodat (AT_FDCWD, path, mode, dev);
}
