/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The POSIX calls beyond open/read/write, each with its errors: run
   natively and on the GPU, the output, status and files left behind must
   be identical (gpu.exp; differential.sh in CI).  Only what does not
   depend on the machine is printed: relations, not pids, times or paths;
   errno by name, since each C library has its own numbers and texts.  */

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/times.h>
#include <time.h>
#include <unistd.h>
#include <utime.h>

#include "show.h"

static void
put_file (const char *path, const char *text)
{
  int fd = open (path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

  if (fd < 0 || write (fd, text, strlen (text)) != (ssize_t) strlen (text)
      || close (fd) != 0)
    {
      perror (path);
      exit (1);
    }
}

static long long
size_of (const char *path)
{
  struct stat st;

  return stat (path, &st) == 0 ? (long long) st.st_size : -1;
}

static void
links (void)
{
  struct stat st;
  char buf[64];

  puts ("-- symlink, lstat, readlink");
  SHOW (symlink ("d/f", "link"));
  SHOW (symlink ("elsewhere", "link"));
  SHOW (lstat ("link", &st));
  HOLDS (S_ISLNK (st.st_mode));
  SHOW (stat ("link", &st));
  HOLDS (S_ISREG (st.st_mode) && st.st_size == 5);
  memset (buf, '#', sizeof buf);
  SHOW (readlink ("link", buf, sizeof buf));
  printf ("target: %.4s\n", buf);
  SHOW (readlink ("link", buf, 2));
  SHOW (readlink ("d/f", buf, sizeof buf));
  SHOW (readlink ("missing", buf, sizeof buf));
  SHOW (lstat ("missing", &st));
  SHOW (symlink ("loop", "loop"));
  SHOW (stat ("loop", &st));
}

static void
modes (void)
{
  struct stat st;
  int fd = open ("d/f", O_RDONLY);

  puts ("-- chmod, fchmod, access, umask");
  SHOW (chmod ("d/f", 0600));
  SHOW (stat ("d/f", &st));
  printf ("mode %o\n", (unsigned) (st.st_mode & 07777));
  SHOW (fchmod (fd, 0640));
  SHOW (stat ("d/f", &st));
  printf ("mode %o\n", (unsigned) (st.st_mode & 07777));
  SHOW (chown ("d/f", getuid (), getgid ()));
  SHOW (chown ("d/f", -1, -1));
  SHOW (chown ("missing", -1, -1));
  SHOW (chmod ("missing", 0600));
  SHOW (fchmod (99, 0600));
  SHOW (access ("d/f", F_OK));
  SHOW (access ("d/f", R_OK | W_OK));
  /* No x bit at all: refused even to root.  */
  SHOW (access ("d/f", X_OK));
  SHOW (access ("missing", F_OK));
  SHOW (access ("d/f/x", F_OK));
  mode_t mask = umask (027);
  SHOW (umask (027));
  SHOW (creat ("masked", 0666) >= 0);
  SHOW (stat ("masked", &st));
  printf ("mode %o\n", (unsigned) (st.st_mode & 07777));
  SHOW (umask (mask));
  HOLDS (st.st_uid == getuid () && st.st_uid == geteuid ());
  HOLDS (st.st_gid == getgid () || st.st_gid == getegid ());
  close (fd);
}

static void
sizes (void)
{
  int fd = open ("d/f", O_RDWR);
  char buf[16];

  puts ("-- truncate, ftruncate, fsync, fdatasync");
  SHOW (truncate ("d/f", 10));
  SHOW (size_of ("d/f"));
  SHOW (read (fd, buf, sizeof buf));
  HOLDS (memcmp (buf, "hello\0\0\0\0\0", 10) == 0);
  SHOW (ftruncate (fd, 3));
  SHOW (size_of ("d/f"));
  SHOW (truncate ("missing", 1));
  SHOW (truncate ("d/f", -1));
  SHOW (ftruncate (99, 0));
  SHOW (fsync (fd));
  SHOW (fdatasync (fd));
  SHOW (fsync (99));
  SHOW (fdatasync (99));
  close (fd);
}

static void
file_times (void)
{
  struct utimbuf ut = { 1000000000, 1200000000 };
  struct timeval tv[2] = { { 1300000000, 250000 }, { 1400000000, 500000 } };
  struct stat st;

  puts ("-- utime, utimes");
  SHOW (utime ("d/f", &ut));
  SHOW (stat ("d/f", &st));
  printf ("atime %lld mtime %lld\n", (long long) st.st_atime,
	  (long long) st.st_mtime);
  SHOW (utimes ("d/f", tv));
  SHOW (stat ("d/f", &st));
  printf ("atime %lld mtime %lld\n", (long long) st.st_atime,
	  (long long) st.st_mtime);
  SHOW (utime ("d/f", NULL));
  SHOW (stat ("d/f", &st));
  HOLDS (st.st_mtime > 1400000000);
  SHOW (utime ("missing", &ut));
}

static void
descriptors (void)
{
  int fd = open ("dup.txt", O_RDWR | O_CREAT | O_TRUNC, 0644);
  int other = open ("other.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  int copy = dup (fd);

  puts ("-- dup, dup2, fcntl");
  HOLDS (copy > other);
  SHOW (write (fd, "abc", 3));
  SHOW (lseek (copy, 0, SEEK_CUR));
  SHOW (dup2 (fd, other) == other);
  SHOW (write (other, "def", 3));
  SHOW (dup2 (fd, fd) == fd);
  SHOW (dup2 (fd, -1));
  SHOW (dup (99));
  SHOW (dup2 (99, fd));
  SHOW (fcntl (fd, F_DUPFD, 20));
  SHOW (fcntl (fd, F_GETFD));
  SHOW (fcntl (20, F_GETFD));
  SHOW (close (20));
  SHOW (fcntl (fd, F_DUPFD_CLOEXEC, 20));
  SHOW (fcntl (20, F_GETFD) == FD_CLOEXEC);
  SHOW (fcntl (20, F_SETFD, 0));
  SHOW (fcntl (20, F_GETFD));
  SHOW (close (20));
  SHOW (fcntl (99, F_GETFD));
  SHOW ((fcntl (fd, F_GETFL) & O_ACCMODE) == O_RDWR);
  close (copy);
  close (other);
  close (fd);

  /* Append: set at open, then with F_SETFL.  */
  fd = open ("dup.txt", O_WRONLY | O_APPEND);
  SHOW ((fcntl (fd, F_GETFL) & (O_ACCMODE | O_APPEND))
	== (O_WRONLY | O_APPEND));
  SHOW (write (fd, "ghi", 3));
  close (fd);
  fd = open ("dup.txt", O_WRONLY);
  SHOW (fcntl (fd, F_GETFL) & O_APPEND);
  SHOW (fcntl (fd, F_SETFL, O_APPEND));
  SHOW ((fcntl (fd, F_GETFL) & O_APPEND) != 0);
  SHOW (write (fd, "jkl", 3));
  close (fd);
  SHOW (size_of ("dup.txt"));

  /* Standard output to a file and back, through dup2.  */
  int saved = dup (1);
  fd = open ("stdout.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  fflush (stdout);
  dup2 (fd, 1);
  write (1, "to the file\n", 12);
  dup2 (saved, 1);
  close (saved);
  close (fd);
  SHOW (size_of ("stdout.txt"));
}

static void
directories (void)
{
  char cwd[4096], sub[4096], small[2];
  struct stat st;

  puts ("-- getcwd, chdir, rmdir");
  SHOW (getcwd (cwd, sizeof cwd) == cwd);
  SHOW (mkdir ("d", 0755));
  SHOW (mkdir ("sub", 0755));
  SHOW (chdir ("sub"));
  SHOW (getcwd (sub, sizeof sub) == sub);
  HOLDS (strncmp (sub, cwd, strlen (cwd)) == 0
	 && strcmp (sub + strlen (cwd), "/sub") == 0);
  char *allocated = getcwd (NULL, 0);
  HOLDS (allocated && strcmp (allocated, sub) == 0);
  free (allocated);
  SHOW (getcwd (small, sizeof small) ? 0 : -1);
  SHOW (getcwd (small, 0) ? 0 : -1);
  put_file ("made-in-sub", "x");
  SHOW (chdir (".."));
  SHOW (stat ("sub/made-in-sub", &st));
  SHOW (chdir ("missing"));
  SHOW (chdir ("d/f"));
  SHOW (rmdir ("sub"));
  SHOW (unlink ("sub/made-in-sub"));
  SHOW (rmdir ("sub"));
  SHOW (rmdir ("sub"));
  SHOW (rmdir ("d/f"));
}

static int
by_name (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The entries of PATH, sorted, with their types; the count, or -1.  */
static int
list (const char *path, int show_names)
{
  char *names[64];
  int count = 0;
  DIR *dir = opendir (path);
  struct dirent *e;

  if (dir == NULL)
    return -1;
  errno = 0;
  while ((e = readdir (dir)) != NULL && count < 64)
    {
      names[count] = malloc (strlen (e->d_name) + 3);
      sprintf (names[count], "%c %s", e->d_type == DT_DIR ? 'd'
	       : e->d_type == DT_REG ? 'f' : e->d_type == DT_LNK ? 'l'
	       : e->d_type == DT_UNKNOWN ? '?' : 'o', e->d_name);
      count++;
    }
  HOLDS (errno == 0);
  qsort (names, count, sizeof *names, by_name);
  for (int i = 0; i < count; i++)
    {
      if (show_names)
	printf ("  %.60s%s\n", names[i], strlen (names[i]) > 60 ? "..." : "");
      free (names[i]);
    }
  rewinddir (dir);
  int again = 0;
  while (readdir (dir) != NULL)
    again++;
  HOLDS (again == count);
  HOLDS (dirfd (dir) >= 0);
  SHOW (closedir (dir));
  return count;
}

static void
dir_streams (void)
{
  char name[300];

  puts ("-- opendir, readdir, rewinddir, closedir");
  mkdir ("many", 0755);
  for (int i = 0; i < 40; i++)
    {
      snprintf (name, sizeof name, "many/file-%02d", i);
      put_file (name, "");
    }
  memset (name, 'n', sizeof name);
  memcpy (name, "many/", 5);
  name[5 + 255] = '\0';
  put_file (name, "longest name");
  mkdir ("many/subdir", 0755);
  symlink ("file-00", "many/link");
  SHOW (list ("many", 1));
  SHOW (list ("d", 1));
  SHOW (list ("d/f", 0));
  SHOW (list ("missing", 0));
  SHOW (fdopendir (99) ? 0 : -1);
  int fd = open ("d/f", O_RDONLY);
  SHOW (fdopendir (fd) ? 0 : -1);
  SHOW (close (fd));
}

static void
clocks (void)
{
  struct timespec a, b, nap = { 0, 20000000 }, bad = { 0, 1000000000 };
  struct timeval tv;
  struct tms t;

  puts ("-- clock_gettime, gettimeofday, nanosleep, sleep, usleep, times");
  SHOW (clock_gettime (CLOCK_REALTIME, &a));
  SHOW (gettimeofday (&tv, NULL));
  HOLDS (tv.tv_sec - a.tv_sec >= 0 && tv.tv_sec - a.tv_sec <= 2);
  HOLDS (a.tv_sec > 1700000000 && a.tv_nsec >= 0 && a.tv_nsec < 1000000000);
  SHOW (clock_gettime (CLOCK_MONOTONIC, &a));
  SHOW (nanosleep (&nap, NULL));
  SHOW (clock_gettime (CLOCK_MONOTONIC, &b));
  long long slept = (b.tv_sec - a.tv_sec) * 1000000000LL
		    + b.tv_nsec - a.tv_nsec;
  HOLDS (slept >= 20000000 && slept < 5000000000LL);
  SHOW (nanosleep (&bad, NULL));
  bad.tv_nsec = -1;
  SHOW (nanosleep (&bad, NULL));
  SHOW (clock_gettime ((clockid_t) 99, &a));
  SHOW (sleep (0));
  SHOW (usleep (1000));
  SHOW (times (&t) != (clock_t) -1);
  HOLDS (t.tms_utime >= 0 && t.tms_stime >= 0);
  HOLDS (clock () != (clock_t) -1);
}

static void
limits_and_ids (void)
{
  long page = sysconf (_SC_PAGESIZE);

  puts ("-- sysconf, ids");
  HOLDS (page >= 4096 && (page & (page - 1)) == 0);
  HOLDS (sysconf (_SC_OPEN_MAX) >= 20);
  HOLDS (sysconf (_SC_CLK_TCK) > 0);
  SHOW (sysconf (-12345));
  HOLDS (getppid () > 0);
  HOLDS (getuid () == geteuid () && getgid () == getegid ());
}

int
main (void)
{
  mkdir ("d", 0755);
  put_file ("d/f", "hello");
  links ();
  modes ();
  sizes ();
  file_times ();
  descriptors ();
  directories ();
  dir_streams ();
  clocks ();
  limits_and_ids ();
  unlink ("loop");
  return 0;
}
