/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* File I/O from an OpenACC compute region, compiled from the host's
   headers and linked with the device library for OpenACC: the values
   (O_* flags, errno numbers, struct stat) are glibc's.  */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "../check.h"

#define FILE_NAME "openacc-fileio.tmp"

int
main (void)
{
  int failures = 0;

#pragma acc serial copy(failures)
  {
    static const char text[] = "written by an OpenACC region\n";
    char back[sizeof text];
    struct stat st;
    int fd;

    CHECK (failures, open ("openacc-missing.tmp", O_RDONLY) == -1
		     && errno == ENOENT);
    fd = open (FILE_NAME, O_RDWR | O_CREAT | O_TRUNC, 0644);
    CHECK (failures, fd >= 0);
    CHECK (failures, write (fd, text, strlen (text)) == (ssize_t) strlen (text));
    CHECK (failures, fstat (fd, &st) == 0 && st.st_size == (off_t) strlen (text)
		     && S_ISREG (st.st_mode));
    CHECK (failures, lseek (fd, 0, SEEK_SET) == 0);
    CHECK (failures, read (fd, back, sizeof back) == (ssize_t) strlen (text)
		     && memcmp (back, text, strlen (text)) == 0);
    CHECK (failures, close (fd) == 0);
    CHECK (failures, unlink (FILE_NAME) == 0);
    CHECK (failures, close (fd) == -1 && errno == EBADF);
  }
  return report ("openacc fileio", failures);
}
