/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* What programs as released rely on, where the GPU once differed from
   Linux: a mode as stat gave it, file type and all, to open, creat,
   chmod, fchmod, fchmodat, mkdir and mkdirat (a compressor gives its
   output its input's st_mode); remove of a directory, as rmdir, and of
   everything else.  Run natively and on the GPU, the output, status and
   files left behind must be identical (gpu.exp; differential.sh in
   CI).  */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "show.h"

/* The permission bits of PATH.  */
static int
permissions (const char *path)
{
  struct stat st;

  return stat (path, &st) == 0 ? (int) (st.st_mode & 07777) : -1;
}

int
main (void)
{
  struct stat in;
  int fd;

  umask (022);
  puts ("-- a mode as stat gave it");
  fd = open ("in", O_WRONLY | O_CREAT | O_TRUNC, 0640);
  SHOW (write (fd, "data\n", 5));
  SHOW (close (fd));
  SHOW (stat ("in", &in));
  printf ("st_mode %o\n", (unsigned) in.st_mode);
  fd = open ("out", O_WRONLY | O_CREAT | O_TRUNC, in.st_mode);
  SHOW (fd >= 0);
  printf ("out %o\n", permissions ("out"));
  SHOW (chmod ("out", in.st_mode | 0004));
  printf ("out %o\n", permissions ("out"));
  SHOW (fchmod (fd, in.st_mode));
  printf ("out %o\n", permissions ("out"));
  SHOW (fchmodat (AT_FDCWD, "out", S_IFREG | 0604, 0));
  printf ("out %o\n", permissions ("out"));
  SHOW (close (fd));
  fd = creat ("created", S_IFREG | 0600);
  SHOW (fd >= 0);
  SHOW (close (fd));
  printf ("created %o\n", permissions ("created"));
  fd = openat (AT_FDCWD, "opened-at", O_WRONLY | O_CREAT, S_IFIFO | 0644);
  SHOW (fd >= 0);
  SHOW (close (fd));
  printf ("opened-at %o\n", permissions ("opened-at"));
  SHOW (mkdir ("dir", S_IFDIR | 0750));
  printf ("dir %o\n", permissions ("dir"));
  SHOW (mkdirat (AT_FDCWD, "dir-at", in.st_mode | 0100));
  printf ("dir-at %o\n", permissions ("dir-at"));
  SHOW (chmod ("dir", S_IFDIR | 01777));
  printf ("dir %o\n", permissions ("dir"));
  SHOW (chmod ("missing", in.st_mode));

  puts ("-- remove");
  SHOW (remove ("created"));
  SHOW (access ("created", F_OK));
  SHOW (remove ("dir-at"));
  SHOW (access ("dir-at", F_OK));
  SHOW (mkdir ("full", 0755));
  fd = open ("full/file", O_WRONLY | O_CREAT, 0644);
  SHOW (close (fd));
  SHOW (remove ("full"));
  SHOW (access ("full/file", F_OK));
  SHOW (symlink ("dir", "link-to-dir"));
  SHOW (remove ("link-to-dir"));
  SHOW (access ("dir", F_OK));
  SHOW (remove ("missing"));
  SHOW (remove ("full/file/below"));
  errno = EDOM;
  int removed = remove ("dir");
  printf ("remove (\"dir\") = %d, errno %s\n", removed,
	  errno == EDOM ? "as before" : "changed");
  return 0;
}
