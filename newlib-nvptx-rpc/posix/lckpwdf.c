/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* lckpwdf and ulckpwdf, as glibc's: a write lock on the host's
   /etc/.pwd.lock (made mode 0600, which only a privileged launcher
   may), so that the program and the host's tools that edit the account
   files take turns.  glibc waits for the lock for 15 seconds and then
   fails with EINTR; so does this, asking every 10 ms.  */

#include <errno.h>
#include <fcntl.h>
#include <shadow.h>
#include <time.h>
#include <unistd.h>

#define LOCK_FILE "/etc/.pwd.lock"
#define WAIT_SECONDS 15

static int lock_fd = -1;

int
lckpwdf (void)
{
  struct flock whole = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
  struct timespec start, now;

  if (lock_fd != -1)
    return -1;
  lock_fd = open (LOCK_FILE, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
  if (lock_fd == -1)
    return -1;
  clock_gettime (CLOCK_MONOTONIC, &start);
  while (fcntl (lock_fd, F_SETLK, &whole) == -1)
    {
      int error = errno;

      clock_gettime (CLOCK_MONOTONIC, &now);
      if ((error != EAGAIN && error != EACCES)
	  || now.tv_sec - start.tv_sec >= WAIT_SECONDS)
	{
	  close (lock_fd);
	  lock_fd = -1;
	  errno = error == EAGAIN || error == EACCES ? EINTR : error;
	  return -1;
	}
      usleep (10000);
    }
  return 0;
}

int
ulckpwdf (void)
{
  int result;

  if (lock_fd == -1)
    return -1;
  result = close (lock_fd);
  lock_fd = -1;
  return result;
}
