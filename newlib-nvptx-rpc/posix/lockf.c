/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* lockf(3) for nvptx: over fcntl's record locks, as glibc's, from the
   file's offset for LEN bytes (to its end and beyond when LEN is 0,
   before the offset when LEN is negative).  */

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

int
lockf (int fd, int command, off_t len)
{
  struct flock lock = { .l_whence = SEEK_CUR, .l_start = 0, .l_len = len };

  switch (command)
    {
    case F_TEST:
      /* Whether another process holds a lock there.  */
      lock.l_type = F_RDLCK;
      if (fcntl (fd, F_GETLK, &lock) != 0)
	return -1;
      if (lock.l_type == F_UNLCK || lock.l_pid == getpid ())
	return 0;
      errno = EACCES;
      return -1;
    case F_ULOCK:
      lock.l_type = F_UNLCK;
      return fcntl (fd, F_SETLK, &lock);
    case F_LOCK:
      lock.l_type = F_WRLCK;
      return fcntl (fd, F_SETLKW, &lock);
    case F_TLOCK:
      lock.l_type = F_WRLCK;
      return fcntl (fd, F_SETLK, &lock);
    default:
      errno = EINVAL;
      return -1;
    }
}
