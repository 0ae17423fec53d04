/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The *at calls (openat, fstatat, mkdirat, unlinkat, renameat,
   faccessat, fchmodat, fchownat, linkat, symlinkat, readlinkat), from a
   directory descriptor and from AT_FDCWD, each with its flags and
   errors: run natively and on the GPU, the output, status and files left
   behind must be identical (gpu.exp; differential.sh in CI).  errno by
   name; nothing that only root may do natively.  */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "show.h"

int
main (void)
{
  struct stat st;
  char buf[64];
  int dir, fd, file;

  umask (022);
  puts ("-- openat");
  SHOW (mkdir ("top", 0755));
  dir = open ("top", O_RDONLY | O_DIRECTORY);
  fd = openat (dir, "a", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  SHOW (fd >= 0);
  SHOW (write (fd, "hello", 5));
  SHOW (close (fd));
  file = openat (AT_FDCWD, "top/a", O_RDONLY);
  SHOW (read (file, buf, sizeof buf));
  printf ("%.5s\n", buf);
  fd = openat (dir, "../top/a", O_RDONLY);
  SHOW (fd >= 0);
  close (fd);
  SHOW (openat (dir, "missing", O_RDONLY));
  SHOW (openat (dir, "a", O_WRONLY | O_CREAT | O_EXCL, 0644));
  SHOW (openat (99, "a", O_RDONLY));
  SHOW (openat (file, "a", O_RDONLY));
  SHOW (openat (dir, "", O_RDONLY));

  puts ("-- mkdirat, symlinkat, readlinkat");
  SHOW (mkdirat (dir, "sub", 0750));
  SHOW (mkdirat (dir, "sub", 0750));
  SHOW (mkdirat (99, "sub", 0750));
  SHOW (mkdirat (AT_FDCWD, "top/sub2", 0700));
  SHOW (symlinkat ("a", dir, "lnk"));
  SHOW (symlinkat ("a", dir, "lnk"));
  SHOW (symlinkat ("a", 99, "lnk"));
  memset (buf, 0, sizeof buf);
  SHOW (readlinkat (dir, "lnk", buf, sizeof buf));
  printf ("target %s\n", buf);
  SHOW (readlinkat (dir, "a", buf, sizeof buf));
  SHOW (readlinkat (AT_FDCWD, "top/lnk", buf, 1));
  SHOW (readlinkat (file, "lnk", buf, sizeof buf));

  puts ("-- fstatat");
  SHOW (fstatat (dir, "a", &st, 0));
  HOLDS (S_ISREG (st.st_mode) && st.st_size == 5);
  SHOW (fstatat (dir, "lnk", &st, 0));
  HOLDS (S_ISREG (st.st_mode));
  SHOW (fstatat (dir, "lnk", &st, AT_SYMLINK_NOFOLLOW));
  HOLDS (S_ISLNK (st.st_mode));
  SHOW (fstatat (dir, "", &st, AT_EMPTY_PATH));
  HOLDS (S_ISDIR (st.st_mode));
  SHOW (fstatat (file, "", &st, AT_EMPTY_PATH));
  HOLDS (S_ISREG (st.st_mode) && st.st_size == 5);
  SHOW (fstatat (AT_FDCWD, "", &st, AT_EMPTY_PATH));
  HOLDS (S_ISDIR (st.st_mode));
  SHOW (fstatat (dir, "", &st, 0));
  SHOW (fstatat (dir, "missing", &st, 0));
  SHOW (fstatat (dir, "a", &st, 0x10000000));
  SHOW (fstatat (99, "a", &st, 0));

  puts ("-- linkat");
  SHOW (linkat (dir, "a", AT_FDCWD, "hard", 0));
  SHOW (stat ("hard", &st));
  HOLDS (st.st_nlink == 2);
  /* A link to the symlink itself, and, following it, to its file.  */
  SHOW (linkat (dir, "lnk", dir, "lnk-hard", 0));
  SHOW (fstatat (dir, "lnk-hard", &st, AT_SYMLINK_NOFOLLOW));
  HOLDS (S_ISLNK (st.st_mode));
  SHOW (linkat (dir, "lnk", dir, "followed", AT_SYMLINK_FOLLOW));
  SHOW (fstatat (dir, "followed", &st, AT_SYMLINK_NOFOLLOW));
  HOLDS (S_ISREG (st.st_mode) && st.st_nlink == 3);
  SHOW (linkat (dir, "missing", dir, "x", 0));
  SHOW (linkat (dir, "a", dir, "hard-again", 0x4000));
  SHOW (linkat (99, "a", dir, "x", 0));

  puts ("-- renameat");
  SHOW (renameat (dir, "a", dir, "sub/b"));
  SHOW (fstatat (dir, "sub/b", &st, 0));
  SHOW (renameat (dir, "missing", AT_FDCWD, "x"));
  SHOW (renameat (AT_FDCWD, "hard", dir, "sub/c"));
  SHOW (renameat (dir, "sub/c", 99, "x"));

  puts ("-- faccessat");
  SHOW (faccessat (dir, "sub/b", R_OK | W_OK, 0));
  /* No x bit at all: refused even to root.  */
  SHOW (faccessat (dir, "sub/b", X_OK, 0));
  SHOW (faccessat (dir, "sub/b", R_OK, AT_EACCESS));
  /* lnk's target has moved: the link is there, its file is not.  */
  SHOW (faccessat (dir, "lnk", F_OK, 0));
  SHOW (faccessat (dir, "lnk", F_OK, AT_SYMLINK_NOFOLLOW));
  SHOW (faccessat (dir, "sub/b", 8, 0));
  SHOW (faccessat (dir, "sub/b", F_OK, 0x4000));
  SHOW (faccessat (99, "sub/b", F_OK, 0));

  puts ("-- fchmodat, fchownat");
  SHOW (fchmodat (dir, "sub/b", 0600, 0));
  SHOW (fstatat (dir, "sub/b", &st, 0));
  printf ("mode %o\n", (unsigned) (st.st_mode & 07777));
  SHOW (fchmodat (dir, "sub/b", 0640, AT_SYMLINK_NOFOLLOW));
  SHOW (fstatat (dir, "sub/b", &st, 0));
  printf ("mode %o\n", (unsigned) (st.st_mode & 07777));
  SHOW (fchmodat (dir, "lnk-hard", 0600, AT_SYMLINK_NOFOLLOW));
  SHOW (fchmodat (dir, "missing", 0600, 0));
  SHOW (fchmodat (dir, "sub/b", 0600, 0x4000));
  SHOW (fchownat (dir, "sub/b", getuid (), getgid (), 0));
  SHOW (fchownat (dir, "lnk", -1, -1, AT_SYMLINK_NOFOLLOW));
  SHOW (fchownat (dir, "lnk", -1, -1, 0));
  SHOW (fchownat (99, "sub/b", -1, -1, 0));

  puts ("-- unlinkat");
  SHOW (unlinkat (dir, "sub", 0));
  SHOW (unlinkat (dir, "sub", AT_REMOVEDIR));
  SHOW (unlinkat (dir, "sub/b", AT_REMOVEDIR));
  SHOW (unlinkat (dir, "sub/b", 0));
  SHOW (unlinkat (dir, "sub2", AT_REMOVEDIR));
  SHOW (unlinkat (dir, "lnk", 0x4000));
  SHOW (unlinkat (dir, "lnk", 0));
  SHOW (unlinkat (dir, "lnk", 0));
  SHOW (unlinkat (99, "lnk-hard", 0));
  SHOW (unlinkat (AT_FDCWD, "top/lnk-hard", 0));
  close (file);
  close (dir);
  return 0;
}
