/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* File locks against another process: fcntl's F_GETLK, F_SETLK and
   F_SETLKW, flock and lockf, their errors, and when locks go.

   Run as "locks.native --hold PROGRAM ARGS...", the native build is
   that other process: in its own working directory it makes the file
   "shared", takes a write lock on its bytes 0-9 and a read lock on
   20-29, flocks it exclusively, writes its pid to "holder.pid", and runs
   PROGRAM, this test natively or on the GPU, as its child.  When the
   child makes the file "release", the holder lets go of its locks 200
   ms later, so that the child's F_SETLKW and flock must wait for them.
   It exits with the child's status, having removed holder.pid, so that
   output, status and files compare between the two runs (gpu.exp;
   differential.sh in CI).  */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

#include "show.h"

static int
hold (char **command)
{
  struct flock write_lock = { .l_type = F_WRLCK, .l_whence = SEEK_SET,
			      .l_start = 0, .l_len = 10 };
  struct flock read_lock = { .l_type = F_RDLCK, .l_whence = SEEK_SET,
			     .l_start = 20, .l_len = 10 };
  char bytes[100];
  /* Close-on-exec: a child that kept the open file would keep its
     flock.  */
  int fd = open ("shared", O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  int flocked = open ("shared", O_RDONLY | O_CLOEXEC);
  int status;
  FILE *f;
  pid_t child;

  memset (bytes, 'x', sizeof bytes);
  if (fd < 0 || flocked < 0 || write (fd, bytes, sizeof bytes) != 100
      || fcntl (fd, F_SETLK, &write_lock) != 0
      || fcntl (fd, F_SETLK, &read_lock) != 0
      || flock (flocked, LOCK_EX) != 0
      || (f = fopen ("holder.pid", "w")) == NULL)
    {
      perror ("locks --hold");
      return 99;
    }
  fprintf (f, "%d\n", (int) getpid ());
  fclose (f);
  if ((child = fork ()) == 0)
    {
      execvp (command[0], command);
      perror ("locks --hold: exec");
      _exit (127);
    }
  while (waitpid (child, &status, WNOHANG) == 0)
    {
      if (fd >= 0 && access ("release", F_OK) == 0)
	{
	  usleep (200000);
	  close (fd);
	  close (flocked);
	  fd = -1;
	}
      usleep (5000);
    }
  unlink ("holder.pid");
  return WIFEXITED (status) ? WEXITSTATUS (status)
	 : 128 + WTERMSIG (status);
}

/* F_GETLK of TYPE over LEN bytes from START on FD, printed.  */
static void
get_lock (int fd, short type, off_t start, off_t len, int holder)
{
  struct flock lock = { .l_type = type, .l_whence = SEEK_SET,
			.l_start = start, .l_len = len, .l_pid = 12345 };

  errno = 0;
  if (fcntl (fd, F_GETLK, &lock) != 0)
    printf ("F_GETLK %s %lld+%lld = -1 %s\n", type == F_RDLCK ? "read"
	    : "write", (long long) start, (long long) len, errno_name (errno));
  else
    printf ("F_GETLK %s %lld+%lld: %s, whence %d, %lld+%lld, %s\n",
	    type == F_RDLCK ? "read" : "write", (long long) start,
	    (long long) len,
	    lock.l_type == F_RDLCK ? "F_RDLCK" : lock.l_type == F_WRLCK
	    ? "F_WRLCK" : lock.l_type == F_UNLCK ? "F_UNLCK" : "?",
	    lock.l_whence, (long long) lock.l_start, (long long) lock.l_len,
	    lock.l_pid == holder ? "the holder's pid"
	    : lock.l_type == F_UNLCK && lock.l_pid == 12345 ? "pid untouched"
	    : "another pid");
}

/* F_SETLK (or F_SETLKW when WAIT) of TYPE over LEN bytes from START,
   relative to WHENCE, on FD.  */
static int
set_lock (int fd, bool wait, short type, short whence, off_t start,
	  off_t len)
{
  struct flock lock = { .l_type = type, .l_whence = whence,
			.l_start = start, .l_len = len };

  return fcntl (fd, wait ? F_SETLKW : F_SETLK, &lock);
}

/* The record locks and flocks this process holds, as /proc/locks lists
   them.  */
static void
count_locks (const char *when)
{
  char line[256], kind[16];
  int posix = 0, flocks = 0, pid;
  FILE *f = fopen ("/proc/locks", "r");

  while (f && fgets (line, sizeof line, f))
    if (sscanf (line, "%*s %15s %*s %*s %d", kind, &pid) == 2
	&& pid == getpid ())
      {
	posix += strcmp (kind, "POSIX") == 0;
	flocks += strcmp (kind, "FLOCK") == 0;
      }
  if (f)
    fclose (f);
  printf ("%s: %d record locks, %d flocks\n", when, posix, flocks);
}

int
main (int argc, char **argv)
{
  int fd, ro, wo, other, holder = 0;
  FILE *f;

  if (argc > 2 && strcmp (argv[1], "--hold") == 0)
    return hold (argv + 2);
  if ((f = fopen ("holder.pid", "r")) == NULL || fscanf (f, "%d", &holder) != 1)
    {
      puts ("no holder: run as locks --hold locks");
      return 2;
    }
  fclose (f);
  fd = open ("shared", O_RDWR);
  SHOW (fd >= 0);

  puts ("-- what the holder has");
  get_lock (fd, F_WRLCK, 0, 10, holder);
  get_lock (fd, F_RDLCK, 5, 2, holder);
  get_lock (fd, F_WRLCK, 20, 10, holder);
  get_lock (fd, F_RDLCK, 20, 10, holder);
  get_lock (fd, F_WRLCK, 10, 10, holder);
  get_lock (fd, F_WRLCK, 40, 0, holder);
  SHOW (set_lock (fd, false, F_WRLCK, SEEK_SET, 0, 10));
  SHOW (set_lock (fd, false, F_RDLCK, SEEK_SET, 9, 1));
  SHOW (set_lock (fd, false, F_WRLCK, SEEK_SET, 25, 1));
  SHOW (set_lock (fd, false, F_RDLCK, SEEK_SET, 25, 5));
  SHOW (set_lock (fd, false, F_WRLCK, SEEK_SET, 50, 0));
  puts ("-- our own locks never conflict with ours");
  get_lock (fd, F_WRLCK, 50, 10, holder);
  SHOW (set_lock (fd, false, F_RDLCK, SEEK_SET, 50, 10));
  SHOW (set_lock (fd, false, F_UNLCK, SEEK_SET, 50, 0));
  puts ("-- whence, negative lengths");
  SHOW (lseek (fd, 8, SEEK_SET));
  SHOW (set_lock (fd, false, F_WRLCK, SEEK_CUR, 0, 1));
  SHOW (set_lock (fd, false, F_WRLCK, SEEK_CUR, 5, -3));
  SHOW (set_lock (fd, false, F_WRLCK, SEEK_END, -50, 5));
  SHOW (set_lock (fd, false, F_WRLCK, SEEK_END, -95, -10));
  SHOW (set_lock (fd, false, F_WRLCK, SEEK_SET, 15, -10));
  puts ("-- lockf, from the offset");
  SHOW (lseek (fd, 0, SEEK_SET));
  SHOW (lockf (fd, F_TEST, 10));
  SHOW (lockf (fd, F_TLOCK, 10));
  SHOW (lseek (fd, 60, SEEK_SET));
  SHOW (lockf (fd, F_TEST, 10));
  SHOW (lockf (fd, F_TLOCK, 10));
  SHOW (lockf (fd, F_ULOCK, 10));
  SHOW (lockf (fd, 42, 10));
  puts ("-- flock: the holder's is exclusive");
  SHOW (flock (fd, LOCK_SH | LOCK_NB));
  SHOW (flock (fd, LOCK_EX | LOCK_NB));
  puts ("-- errors");
  ro = open ("shared", O_RDONLY);
  wo = open ("shared", O_WRONLY);
  SHOW (set_lock (ro, false, F_WRLCK, SEEK_SET, 70, 1));
  SHOW (set_lock (wo, false, F_RDLCK, SEEK_SET, 70, 1));
  SHOW (set_lock (ro, false, F_RDLCK, SEEK_SET, 70, 1));
  SHOW (set_lock (wo, false, F_WRLCK, SEEK_SET, 80, 1));
  SHOW (set_lock (fd, false, 42, SEEK_SET, 70, 1));
  SHOW (set_lock (fd, false, F_WRLCK, 7, 70, 1));
  SHOW (set_lock (fd, false, F_WRLCK, SEEK_SET, -1, 1));
  SHOW (set_lock (99, false, F_WRLCK, SEEK_SET, 0, 1));
  SHOW (set_lock (-1, true, F_WRLCK, SEEK_SET, 0, 1));
  SHOW (flock (99, LOCK_SH));
  SHOW (flock (fd, 0));
  SHOW (flock (fd, LOCK_NB));
  SHOW (flock (fd, LOCK_SH | LOCK_EX));
  count_locks ("before a close");
  SHOW (close (ro));
  count_locks ("a descriptor of the file closed");
  SHOW (close (wo));

  puts ("-- waiting for the holder");
  f = fopen ("release", "w");
  SHOW (f != NULL);
  SHOW (fclose (f));
  SHOW (set_lock (fd, true, F_WRLCK, SEEK_SET, 0, 30));
  get_lock (fd, F_WRLCK, 0, 30, holder);
  other = open ("shared", O_RDONLY);
  SHOW (flock (other, LOCK_EX));
  SHOW (flock (fd, LOCK_SH | LOCK_NB));
  SHOW (flock (other, LOCK_UN));
  SHOW (flock (fd, LOCK_SH));
  count_locks ("locked again");
  SHOW (close (other));
  count_locks ("another descriptor of the file closed");
  SHOW (close (fd));
  count_locks ("all closed");
  return 0;
}
