/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* ftw and nftw for nvptx, walks of a file tree over the calls the host
   serves through nvptx-rpc.  newlib has no <ftw.h>; the values are
   glibc's, in every build.  */

#ifndef _FTW_H
#define _FTW_H

#include <sys/types.h>
#include <sys/stat.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The kind of each object, passed to the function.  */
#define FTW_F 0			/* A file, not a directory.  */
#define FTW_D 1			/* A directory, before its entries.  */
#define FTW_DNR 2		/* A directory that cannot be read.  */
#define FTW_NS 3		/* An object stat fails on.  */
#define FTW_SL 4		/* A symbolic link, with FTW_PHYS.  */
#define FTW_DP 5		/* A directory, after its entries.  */
#define FTW_SLN 6		/* A symbolic link to nothing.  */

/* nftw's flags.  */
#define FTW_PHYS 1		/* Follow no symbolic link.  */
#define FTW_MOUNT 2		/* Stay on the first object's file system.  */
#define FTW_CHDIR 4		/* Into each directory before its entries.  */
#define FTW_DEPTH 8		/* A directory after its entries.  */

struct FTW
{
  int base;			/* Where the object's name starts.  */
  int level;			/* Its depth below the first object, 0.  */
};

int ftw (const char *__path,
	 int (*__fn) (const char *, const struct stat *, int),
	 int __fd_limit);
int nftw (const char *__path,
	  int (*__fn) (const char *, const struct stat *, int, struct FTW *),
	  int __fd_limit, int __flags);

#ifdef __cplusplus
}
#endif

#endif /* _FTW_H */
