/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* dup3, fchown, lchown, futimens, utimensat, fchdir, mkfifo and mknod,
   each with its errors: run natively and on the GPU, the output, status
   and files left behind must be identical (gpu.exp; differential.sh in
   CI).  Only what does not depend on the machine is printed: relations,
   not ids or the time now; errno by name.  Nothing that only root may
   do natively (a device's mknod, another owner), so that a run as root
   and one as a user print the same.  */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "show.h"

static void
duplicates (void)
{
  int fd = open ("f", O_RDWR | O_CREAT | O_TRUNC, 0644);
  char buf[8] = "";

  puts ("-- dup3");
  SHOW (dup3 (fd, 10, O_CLOEXEC));
  SHOW (fcntl (10, F_GETFD) & FD_CLOEXEC);
  SHOW (dup3 (fd, 11, 0));
  SHOW (fcntl (11, F_GETFD) & FD_CLOEXEC);
  /* Onto an open descriptor, which it closes first.  */
  SHOW (dup3 (10, 11, O_CLOEXEC));
  SHOW (fcntl (11, F_GETFD) & FD_CLOEXEC);
  SHOW (write (11, "shared", 6));
  SHOW (lseek (fd, 0, SEEK_CUR));
  SHOW (pread (10, buf, 6, 0));
  printf ("%.6s\n", buf);
  SHOW (dup3 (fd, fd, 0));
  SHOW (dup3 (fd, fd, O_CLOEXEC));
  SHOW (dup3 (fd, 12, O_APPEND));
  SHOW (dup3 (99, 12, 0));
  SHOW (dup3 (fd, -1, 0));
  SHOW (fcntl (12, F_GETFD));
  SHOW (close (10));
  SHOW (close (11));
  close (fd);
}

static void
owners (void)
{
  int fd = open ("f", O_RDWR);
  struct stat st;

  puts ("-- fchown, lchown");
  SHOW (fchown (fd, getuid (), getgid ()));
  SHOW (fchown (fd, -1, -1));
  SHOW (fchown (99, -1, -1));
  SHOW (symlink ("missing-target", "dangling"));
  SHOW (lchown ("dangling", getuid (), getgid ()));
  SHOW (lchown ("dangling", -1, -1));
  SHOW (chown ("dangling", -1, -1));
  SHOW (lchown ("missing", -1, -1));
  SHOW (lstat ("dangling", &st));
  HOLDS (S_ISLNK (st.st_mode) && st.st_uid == getuid ());
  /* diff -r would follow it.  */
  SHOW (unlink ("dangling"));
  close (fd);
}

static void
times (void)
{
  int fd = open ("f", O_RDWR), dir = open (".", O_RDONLY | O_DIRECTORY);
  struct timespec set[2] = { { 1000000000, 5 }, { 1100000000, 7 } };
  struct timespec omit_atime[2] = { { 0, UTIME_OMIT }, { 1200000000, 9 } };
  struct timespec bad[2] = { { 0, 1000000000 }, { 0, 0 } };
  struct stat st;

  puts ("-- futimens, utimensat");
  SHOW (futimens (fd, set));
  SHOW (fstat (fd, &st));
  printf ("atime %lld.%ld mtime %lld.%ld\n", (long long) st.st_atim.tv_sec,
	  st.st_atim.tv_nsec, (long long) st.st_mtim.tv_sec,
	  st.st_mtim.tv_nsec);
  SHOW (futimens (fd, omit_atime));
  SHOW (fstat (fd, &st));
  printf ("atime %lld.%ld mtime %lld.%ld\n", (long long) st.st_atim.tv_sec,
	  st.st_atim.tv_nsec, (long long) st.st_mtim.tv_sec,
	  st.st_mtim.tv_nsec);
  SHOW (futimens (fd, NULL));
  SHOW (fstat (fd, &st));
  HOLDS (st.st_mtim.tv_sec > 1200000000);
  SHOW (futimens (fd, bad));
  SHOW (futimens (99, NULL));

  SHOW (utimensat (AT_FDCWD, "f", set, 0));
  SHOW (stat ("f", &st));
  printf ("mtime %lld.%ld\n", (long long) st.st_mtim.tv_sec,
	  st.st_mtim.tv_nsec);
  SHOW (utimensat (dir, "f", omit_atime, 0));
  SHOW (stat ("f", &st));
  printf ("atime %lld mtime %lld.%ld\n", (long long) st.st_atim.tv_sec,
	  (long long) st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
  /* A symlink's own times, not its target's.  */
  SHOW (symlink ("f", "link-to-f"));
  SHOW (utimensat (AT_FDCWD, "link-to-f", set, AT_SYMLINK_NOFOLLOW));
  SHOW (lstat ("link-to-f", &st));
  printf ("link mtime %lld.%ld\n", (long long) st.st_mtim.tv_sec,
	  st.st_mtim.tv_nsec);
  SHOW (stat ("f", &st));
  printf ("target mtime %lld.%ld\n", (long long) st.st_mtim.tv_sec,
	  st.st_mtim.tv_nsec);
  SHOW (utimensat (AT_FDCWD, "missing", NULL, 0));
  SHOW (utimensat (AT_FDCWD, "f", bad, 0));
  SHOW (utimensat (AT_FDCWD, "f", NULL, 0x4000));
  SHOW (utimensat (99, "f", NULL, 0));
  SHOW (utimensat (fd, "f", NULL, 0));
  close (fd);
  close (dir);
}

static void
directories (void)
{
  int d, file = open ("f", O_RDONLY);
  char cwd[4096];

  puts ("-- fchdir");
  SHOW (mkdir ("d", 0755));
  d = open ("d", O_RDONLY | O_DIRECTORY);
  SHOW (fchdir (d));
  printf ("cwd ends in /d: %s\n",
	  getcwd (cwd, sizeof cwd) && strlen (cwd) >= 2
	  && strcmp (cwd + strlen (cwd) - 2, "/d") == 0 ? "yes" : "no");
  SHOW (close (open ("made-in-d", O_WRONLY | O_CREAT, 0644)));
  int up = open ("..", O_RDONLY | O_DIRECTORY);
  SHOW (fchdir (up));
  SHOW (access ("d/made-in-d", F_OK));
  SHOW (fchdir (file));
  SHOW (fchdir (99));
  SHOW (fchdir (-1));
  close (up);
  close (d);
  close (file);
}

static void
nodes (void)
{
  struct stat st;

  puts ("-- mkfifo, mknod");
  SHOW (mkfifo ("fifo", 0640));
  SHOW (stat ("fifo", &st));
  printf ("fifo: %s, mode %o\n", S_ISFIFO (st.st_mode) ? "yes" : "no",
	  (unsigned) (st.st_mode & 07777));
  SHOW (mkfifo ("fifo", 0640));
  SHOW (mkfifo ("missing/fifo", 0640));
  SHOW (mknod ("regular", S_IFREG | 0604, 0));
  SHOW (stat ("regular", &st));
  printf ("regular: %s, size %lld, mode %o\n",
	  S_ISREG (st.st_mode) ? "yes" : "no", (long long) st.st_size,
	  (unsigned) (st.st_mode & 07777));
  SHOW (mknod ("plain", 0600, 0));
  SHOW (stat ("plain", &st));
  printf ("plain: %s\n", S_ISREG (st.st_mode) ? "regular" : "other");
  SHOW (mknod ("fifo2", S_IFIFO | 0600, 0));
  SHOW (stat ("fifo2", &st));
  printf ("fifo2: %s\n", S_ISFIFO (st.st_mode) ? "fifo" : "other");
  SHOW (mknod ("regular", S_IFREG | 0600, 0));
  SHOW (mknod ("dir", S_IFDIR | 0755, 0));
  /* A FIFO left behind would not compare.  */
  SHOW (unlink ("fifo"));
  SHOW (unlink ("fifo2"));
}

int
main (void)
{
  umask (022);
  duplicates ();
  owners ();
  times ();
  directories ();
  nodes ();
  return 0;
}
