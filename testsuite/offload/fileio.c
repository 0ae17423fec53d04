/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* POSIX file I/O from a target region, checked against the host's
   headers' values: bytes, return values, errno and struct stat.  */

#include <errno.h>
#include <fcntl.h>
#include <omp.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "check.h"

#define FILE_NAME "offload-fileio.tmp"

int
main (void)
{
  int failures = 0;

#pragma omp target map(tofrom: failures)
  {
    static const char text[] = "written by a target region\n";
    char back[sizeof text] = "";
    struct stat st;
    int fd;

    errno = 0;
    CHECK (failures, open ("offload-missing.tmp", O_RDONLY) == -1);
    CHECK (failures, errno == ENOENT);
    CHECK (failures, write (-1, text, 1) == -1 && errno == EBADF);
    CHECK (failures, close (12345) == -1 && errno == EBADF);
    /* It brings in libgomp's own calls of write, made with newlib's
       prototype, beside this region's, made with glibc's: the image
       must link with both.  */
    CHECK (failures, omp_get_thread_limit () >= 1);

    fd = open (FILE_NAME, O_RDWR | O_CREAT | O_TRUNC, 0644);
    CHECK (failures, fd >= 0);
    CHECK (failures, write (fd, text, strlen (text)) == (ssize_t) strlen (text));
    CHECK (failures, lseek (fd, 0, SEEK_CUR) == (off_t) strlen (text));
    CHECK (failures, open (FILE_NAME, O_WRONLY | O_CREAT | O_EXCL, 0644) == -1
		     && errno == EEXIST);
    CHECK (failures, fstat (fd, &st) == 0);
    CHECK (failures, st.st_size == (off_t) strlen (text));
    CHECK (failures, S_ISREG (st.st_mode) && !S_ISDIR (st.st_mode));
    CHECK (failures, (st.st_mode & 0600) == 0600);
    CHECK (failures, st.st_nlink == 1);
    CHECK (failures, lseek (fd, 0, SEEK_SET) == 0);
    CHECK (failures, read (fd, back, sizeof back) == (ssize_t) strlen (text));
    CHECK (failures, memcmp (back, text, strlen (text)) == 0);
    CHECK (failures, read (fd, back, sizeof back) == 0);
    CHECK (failures, fcntl (fd, F_GETFL) >= 0
		     && (fcntl (fd, F_GETFL) & O_ACCMODE) == O_RDWR);
    CHECK (failures, fcntl (fd, F_SETFD, FD_CLOEXEC) == 0
		     && fcntl (fd, F_GETFD) == FD_CLOEXEC);
    CHECK (failures, close (fd) == 0);
    CHECK (failures, stat (FILE_NAME, &st) == 0 && S_ISREG (st.st_mode));
    CHECK (failures, unlink (FILE_NAME) == 0);
    CHECK (failures, unlink (FILE_NAME) == -1 && errno == ENOENT);
    CHECK (failures, stat (".", &st) == 0 && S_ISDIR (st.st_mode));
    CHECK (failures, open (".", O_WRONLY) == -1 && errno == EISDIR);
  }
  return report ("fileio", failures);
}
