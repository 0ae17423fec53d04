/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* statfs and fstatfs for nvptx, served by the host through nvptx-rpc.
   newlib has no <sys/statfs.h>.  struct statfs is laid out as glibc's
   for x86_64 GNU/Linux in every build, as struct statvfs is
   (<sys/statvfs.h>); f_type is Linux's magic number, f_flags its ST_*
   bits.  */

#ifndef _SYS_STATFS_H
#define _SYS_STATFS_H

#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/* glibc's <sys/types.h> has it (the host build of the client).  */
#ifndef __GLIBC__
typedef struct
{
  int __val[2];
} fsid_t;
#endif

struct statfs
{
  long f_type;			/* The file system's magic number.  */
  long f_bsize;			/* The best transfer block size.  */
  fsblkcnt_t f_blocks;		/* Blocks, in f_frsize units.  */
  fsblkcnt_t f_bfree;		/* Free blocks.  */
  fsblkcnt_t f_bavail;		/* Free blocks for an unprivileged user.  */
  unsigned long f_files;	/* File serial numbers (inodes).  */
  unsigned long f_ffree;	/* Free ones.  */
  fsid_t f_fsid;		/* File system ID.  */
  long f_namelen;		/* Longest file name.  */
  long f_frsize;		/* Fundamental block size.  */
  long f_flags;			/* ST_* bits.  */
  long f_spare[4];
};

int statfs (const char *__path, struct statfs *__buf);
int fstatfs (int __fd, struct statfs *__buf);

#ifdef __cplusplus
}
#endif

#endif /* _SYS_STATFS_H */
