/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* POSIX file I/O through the syscalls: every result checked; prints one
   line per check and exits with the number of failures.  Runs the same
   natively, which is what the results are compared with.  */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int failures;

static void
check (const char *what, int ok)
{
  printf ("%s: %s\n", ok ? "ok" : "FAIL", what);
  failures += !ok;
}

int
main (void)
{
  static char big[123456], back[123456];
  struct stat st;
  int fd;

  for (size_t i = 0; i < sizeof big; i++)
    big[i] = (char) (i * 7 + i / 251);
  fd = open ("fileio.tmp", O_RDWR | O_CREAT | O_TRUNC, 0644);
  check ("open O_CREAT", fd >= 3);
  check ("123456-byte write", write (fd, big, sizeof big) == sizeof big);
  check ("lseek to 0", lseek (fd, 0, SEEK_SET) == 0);
  check ("123456-byte read", read (fd, back, sizeof back) == sizeof back);
  check ("bytes identical", memcmp (big, back, sizeof big) == 0);
  check ("read at EOF is 0", read (fd, back, 10) == 0);
  check ("lseek past EOF", lseek (fd, 1000, SEEK_END) == sizeof big + 1000);
  check ("write after hole", write (fd, "end", 3) == 3);
  check ("fstat size", fstat (fd, &st) == 0
	 && st.st_size == sizeof big + 1003 && S_ISREG (st.st_mode));
  check ("hole reads as zeros",
	 lseek (fd, sizeof big, SEEK_SET) == sizeof big
	 && read (fd, back, 1000) == 1000 && back[0] == 0 && back[999] == 0);
  check ("close", close (fd) == 0);
  check ("close again: EBADF", close (fd) == -1 && errno == EBADF);
  check ("read on fd 57: EBADF", read (57, back, 1) == -1 && errno == EBADF);
  check ("O_EXCL on existing: EEXIST",
	 open ("fileio.tmp", O_WRONLY | O_CREAT | O_EXCL, 0644) == -1
	 && errno == EEXIST);
  check ("missing file: ENOENT", open ("no/such", O_RDONLY) == -1
	 && errno == ENOENT);
  check ("directory for writing: EISDIR", open (".", O_WRONLY) == -1
	 && errno == EISDIR);
  check ("file as directory: ENOTDIR",
	 open ("fileio.tmp/x", O_RDONLY) == -1 && errno == ENOTDIR);
  fd = open ("fileio.tmp", O_WRONLY | O_APPEND);
  check ("O_APPEND appends after lseek 0",
	 lseek (fd, 0, SEEK_SET) == 0 && write (fd, "!", 1) == 1
	 && stat ("fileio.tmp", &st) == 0 && st.st_size == sizeof big + 1004);
  close (fd);
  fd = open ("fileio.tmp", O_WRONLY | O_TRUNC);
  check ("O_TRUNC", fstat (fd, &st) == 0 && st.st_size == 0);
  close (fd);
  check ("mkdir", mkdir ("fileio.dir", 0755) == 0);
  check ("mkdir again: EEXIST", mkdir ("fileio.dir", 0755) == -1
	 && errno == EEXIST);
  check ("stat dir", stat ("fileio.dir", &st) == 0 && S_ISDIR (st.st_mode));
  check ("link", link ("fileio.tmp", "fileio.dir/link") == 0
	 && stat ("fileio.tmp", &st) == 0 && st.st_nlink == 2);
  check ("rename over existing", rename ("fileio.dir/link", "fileio.tmp") == 0);
  check ("unlink", unlink ("fileio.tmp") == 0);
  check ("unlink again: ENOENT", unlink ("fileio.tmp") == -1
	 && errno == ENOENT);
  check ("isatty(file fd) is 0", (fd = open ("fileio.dir", O_RDONLY)) >= 0
	 && isatty (fd) == 0);
  close (fd);
  return failures;
}
