/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* For host builds of the client and of programs run through it: the
   <dirent.h> a program sees on nvptx, whose DIR and struct dirent are the
   client's (newlib-nvptx-rpc/sys/dirent.h), not the host C library's.
   The functions are the client's, renamed by client-names.h.  */

#ifndef NVPTX_RPC_HOST_DIRENT_H
#define NVPTX_RPC_HOST_DIRENT_H

#include "../../../newlib-nvptx-rpc/sys/dirent.h"

DIR *opendir (const char *path);
DIR *fdopendir (int fd);
struct dirent *readdir (DIR *dir);
void rewinddir (DIR *dir);
int closedir (DIR *dir);
int dirfd (DIR *dir);
long telldir (DIR *dir);
void seekdir (DIR *dir, long position);
int scandir (const char *path, struct dirent ***list,
	     int (*select) (const struct dirent *),
	     int (*compare) (const struct dirent **, const struct dirent **));
int alphasort (const struct dirent **a, const struct dirent **b);

#endif /* NVPTX_RPC_HOST_DIRENT_H */
