/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* Directory streams for nvptx: a directory opened through nvptx-rpc, its
   entries fetched from the host a block at a time (readdir.c).  This
   replaces newlib's <sys/dirent.h>, which refuses <dirent.h>.  */

#ifndef _SYS_DIRENT_H
#define _SYS_DIRENT_H

#include <sys/types.h>

#define MAXNAMLEN 255

#ifdef __NVPTX_GLIBC_ABI__
/* glibc's layout (sys/config.h says when); d_off and d_reclen stay 0.  */
struct dirent
{
  ino_t d_ino;
  off_t d_off;
  unsigned short d_reclen;
  unsigned char d_type;
  char d_name[MAXNAMLEN + 1];
};
#else
struct dirent
{
  ino_t d_ino;
  unsigned char d_type;		/* DT_*, DT_UNKNOWN when the host does not
				   say.  */
  char d_name[MAXNAMLEN + 1];
};
#endif

#define DT_UNKNOWN 0
#define DT_FIFO 1
#define DT_CHR 2
#define DT_DIR 4
#define DT_BLK 6
#define DT_REG 8
#define DT_LNK 10
#define DT_SOCK 12

typedef struct
{
  int dd_fd;
  int dd_rewind;		/* The next fetch starts over.  */
  unsigned int dd_pos, dd_len;	/* What is left of dd_buf.  */
  long dd_index;		/* Entries returned since the start: the
				   position telldir gives.  */
  struct dirent dd_entry;	/* What readdir returned last.  */
  char dd_buf[2048];		/* Entries as the host sent them.  */
} DIR;

#endif /* _SYS_DIRENT_H */
