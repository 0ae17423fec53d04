/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* glibc's <mntent.h> for nvptx (newlib-nvptx-rpc/posix/mntent.c): the
   host's tables of file systems, read through the launcher.  */

#ifndef _MNTENT_H
#define _MNTENT_H

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MNTTAB "/etc/fstab"
#define MOUNTED "/etc/mtab"
#define _PATH_MNTTAB MNTTAB
#define _PATH_MOUNTED MOUNTED

#define MNTTYPE_IGNORE "ignore"
#define MNTTYPE_NFS "nfs"
#define MNTTYPE_SWAP "swap"

#define MNTOPT_DEFAULTS "defaults"
#define MNTOPT_RO "ro"
#define MNTOPT_RW "rw"
#define MNTOPT_SUID "suid"
#define MNTOPT_NOSUID "nosuid"
#define MNTOPT_NOAUTO "noauto"

struct mntent
{
  char *mnt_fsname;		/* The device or server.  */
  char *mnt_dir;		/* Where it is mounted.  */
  char *mnt_type;		/* Its file system type.  */
  char *mnt_opts;		/* Its options, separated by commas.  */
  int mnt_freq;			/* Dump frequency, in days.  */
  int mnt_passno;		/* fsck's pass number.  */
};

FILE *setmntent (const char *__file, const char *__mode);
struct mntent *getmntent (FILE *__stream);
struct mntent *getmntent_r (FILE *__stream, struct mntent *__entry,
			    char *__buffer, int __size);
int addmntent (FILE *__stream, const struct mntent *__entry);
int endmntent (FILE *__stream);
char *hasmntopt (const struct mntent *__entry, const char *__option);

#ifdef __cplusplus
}
#endif

#endif /* _MNTENT_H */
