/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* statvfs and fstatvfs for nvptx, served by the host through nvptx-rpc.
   newlib has no <sys/statvfs.h>.  struct statvfs is laid out as glibc's
   for x86_64 GNU/Linux in every build, so that the offload libraries
   (__NVPTX_GLIBC_ABI__) fill the structure their programs pass: newlib's
   fsfilcnt_t is 32 bits and glibc's 64, so the file counts are unsigned
   long here.  f_flag's ST_* bits are Linux's.  */

#ifndef _SYS_STATVFS_H
#define _SYS_STATVFS_H

#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

struct statvfs
{
  unsigned long f_bsize;	/* File system block size.  */
  unsigned long f_frsize;	/* Fundamental block size.  */
  fsblkcnt_t f_blocks;		/* Blocks, in f_frsize units.  */
  fsblkcnt_t f_bfree;		/* Free blocks.  */
  fsblkcnt_t f_bavail;		/* Free blocks for an unprivileged user.  */
  unsigned long f_files;	/* File serial numbers (inodes).  */
  unsigned long f_ffree;	/* Free ones.  */
  unsigned long f_favail;	/* Free ones for an unprivileged user.  */
  unsigned long f_fsid;		/* File system ID.  */
  unsigned long f_flag;		/* ST_* bits.  */
  unsigned long f_namemax;	/* Longest file name.  */
  int __f_spare[6];
};

#define ST_RDONLY 1		/* Mounted read-only.  */
#define ST_NOSUID 2		/* Set-user-ID and set-group-ID ignored.  */
#if __GNU_VISIBLE
#define ST_NODEV 4
#define ST_NOEXEC 8
#define ST_SYNCHRONOUS 16
#define ST_MANDLOCK 64
#define ST_WRITE 128
#define ST_APPEND 256
#define ST_IMMUTABLE 512
#define ST_NOATIME 1024
#define ST_NODIRATIME 2048
#define ST_RELATIME 4096
#endif

int statvfs (const char *__restrict __path, struct statvfs *__restrict __buf);
int fstatvfs (int __fd, struct statvfs *__buf);

#ifdef __cplusplus
}
#endif

#endif /* _SYS_STATVFS_H */
