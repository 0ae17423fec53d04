/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* statvfs, fstatvfs, statfs, fstatfs, pathconf, fpathconf, poll and
   select: run natively and on the GPU, the output, status and files
   left behind must be identical (gpu.exp; differential.sh in CI).  Only what does not change
   from run to run is printed: statvfs's block size, name length and
   flags, not its free counts; poll's and select's results on FIFOs, the
   program's pipes (pipe is ENOSYS on the GPU).  */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/select.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <sys/time.h>
#include <unistd.h>

#include "show.h"

/* pathconf's or fpathconf's value, and whether errno changed.  */
#define SHOW_LIMIT(expr)						\
  do									\
    {									\
      errno = 0;							\
      long value_ = (expr);						\
      printf ("%s = %ld%s%s%s\n", #expr, value_,				\
	      value_ == -1 && errno == 0 ? " errno unchanged" : "",	\
	      value_ == -1 && errno ? " " : "",				\
	      value_ == -1 && errno ? errno_name (errno) : "");		\
    }									\
  while (0)

static void
show_poll (const char *what, struct pollfd *fds, int nfds, int timeout)
{
  int n = poll (fds, nfds, timeout);

  printf ("%s: poll = %d", what, n);
  if (n < 0)
    printf (" %s", errno_name (errno));
  for (int i = 0; i < nfds; i++)
    printf (" %#x", (unsigned) (unsigned short) fds[i].revents);
  putchar ('\n');
}

int
main (void)
{
  struct statvfs sv, fsv;
  char buf[16];
  int fd, rd, wr;

  umask (022);
  puts ("-- statvfs, fstatvfs");
  SHOW (mkdir ("d", 0755));
  fd = open ("d/f", O_WRONLY | O_CREAT, 0644);
  SHOW (fd >= 0);
  SHOW (statvfs (".", &sv));
  HOLDS (sv.f_bsize > 0 && sv.f_frsize > 0 && sv.f_blocks > 0);
  HOLDS (sv.f_bfree <= sv.f_blocks && sv.f_bavail <= sv.f_bfree);
  printf ("f_namemax %lu, ST_RDONLY %d, ST_NOSUID %d\n",
	  (unsigned long) sv.f_namemax, !!(sv.f_flag & ST_RDONLY),
	  !!(sv.f_flag & ST_NOSUID));
  SHOW (fstatvfs (fd, &fsv));
  HOLDS (fsv.f_bsize == sv.f_bsize && fsv.f_fsid == sv.f_fsid
	 && fsv.f_blocks == sv.f_blocks && fsv.f_namemax == sv.f_namemax);
  SHOW (statvfs ("d/f", &fsv));
  HOLDS (fsv.f_fsid == sv.f_fsid);
  SHOW (statvfs ("d/missing", &sv));
  SHOW (statvfs ("", &sv));
  SHOW (statvfs ("d/f/x", &sv));
  SHOW (fstatvfs (-1, &sv));
  SHOW (fstatvfs (999, &sv));

  puts ("-- statfs, fstatfs");
  struct statfs sf, fsf;
  SHOW (statfs (".", &sf));
  printf ("f_type %#lx, f_namelen %ld\n", (unsigned long) sf.f_type,
	  (long) sf.f_namelen);
  HOLDS (sf.f_bsize > 0 && sf.f_blocks > 0 && sf.f_bfree <= sf.f_blocks);
  SHOW (fstatfs (fd, &fsf));
  HOLDS (fsf.f_type == sf.f_type && fsf.f_blocks == sf.f_blocks
	 && memcmp (&fsf.f_fsid, &sf.f_fsid, sizeof sf.f_fsid) == 0);
  SHOW (statfs ("/proc", &fsf));
  printf ("/proc's f_type %#lx\n", (unsigned long) fsf.f_type);
  SHOW (statfs ("d/missing", &sf));
  SHOW (fstatfs (-1, &sf));

  puts ("-- pathconf, fpathconf");
  SHOW_LIMIT (pathconf (".", _PC_NAME_MAX));
  SHOW_LIMIT (pathconf (".", _PC_PATH_MAX));
  SHOW_LIMIT (pathconf (".", _PC_PIPE_BUF));
  SHOW_LIMIT (pathconf (".", _PC_LINK_MAX));
  SHOW_LIMIT (pathconf (".", _PC_NO_TRUNC));
  SHOW_LIMIT (pathconf (".", _PC_CHOWN_RESTRICTED));
  SHOW_LIMIT (pathconf (".", _PC_FILESIZEBITS));
  SHOW_LIMIT (pathconf (".", _PC_SYMLINK_MAX));
  SHOW_LIMIT (pathconf (".", _PC_2_SYMLINKS));
  SHOW_LIMIT (pathconf ("d/f", _PC_SYNC_IO));
  SHOW_LIMIT (pathconf ("d/f", _PC_ASYNC_IO));
  SHOW_LIMIT (pathconf ("d/f", _PC_NAME_MAX));
  SHOW_LIMIT (fpathconf (fd, _PC_NAME_MAX));
  SHOW_LIMIT (fpathconf (fd, _PC_FILESIZEBITS));
  SHOW_LIMIT (fpathconf (fd, _PC_REC_XFER_ALIGN));
  SHOW_LIMIT (pathconf ("d/missing", _PC_NAME_MAX));
  SHOW_LIMIT (pathconf ("d/f/x", _PC_LINK_MAX));
  SHOW_LIMIT (pathconf (".", 9999));
  SHOW_LIMIT (pathconf ("", 9999));
  SHOW_LIMIT (fpathconf (fd, 9999));
  SHOW_LIMIT (fpathconf (-1, 9999));
  SHOW_LIMIT (fpathconf (999, _PC_NAME_MAX));
  SHOW (close (fd));

  puts ("-- poll");
  SHOW (mkfifo ("fifo", 0644));
  rd = open ("fifo", O_RDONLY | O_NONBLOCK);
  wr = open ("fifo", O_WRONLY);
  SHOW (rd >= 0 && wr >= 0);
  struct pollfd p[4] = {
    { rd, POLLIN, 0 }, { wr, POLLOUT, 0 }, { -1, POLLIN, 0 }, { 999, POLLIN, 0 },
  };
  show_poll ("empty", p, 1, 0);
  show_poll ("empty, 20 ms", p, 1, 20);
  show_poll ("four entries", p, 4, 0);
  SHOW (write (wr, "data", 4));
  show_poll ("data", p, 1, -1);
  show_poll ("four entries, data", p, 4, 100);
  SHOW (close (wr));
  show_poll ("writer closed, data left", p, 1, 0);
  SHOW (read (rd, buf, sizeof buf));
  show_poll ("writer closed, empty", p, 1, 0);
  SHOW (close (rd));
  show_poll ("closed", p, 1, 0);
  show_poll ("no entries, 10 ms", NULL, 0, 10);
  rd = open ("fifo", O_RDONLY | O_NONBLOCK);
  wr = open ("fifo", O_WRONLY);
  SHOW (close (rd));
  p[0] = (struct pollfd) { wr, POLLOUT, 0 };
  show_poll ("reader closed", p, 1, 0);
  SHOW (close (wr));

  puts ("-- select");
  rd = open ("fifo", O_RDONLY | O_NONBLOCK);
  wr = open ("fifo", O_WRONLY);
  fd_set r, w;
  struct timeval tv = { 0, 20000 };
  FD_ZERO (&r);
  FD_ZERO (&w);
  FD_SET (rd, &r);
  FD_SET (wr, &w);
  SHOW (select (wr + 1, &r, &w, NULL, &tv));
  HOLDS (!FD_ISSET (rd, &r) && FD_ISSET (wr, &w));
  FD_ZERO (&w);
  tv = (struct timeval) { 0, 20000 };
  SHOW (select (wr + 1, &r, &w, NULL, &tv));
  printf ("timed out: %ld.%06ld left\n", (long) tv.tv_sec,
	  (long) tv.tv_usec);
  SHOW (write (wr, "x", 1));
  FD_SET (rd, &r);
  FD_SET (wr, &w);
  SHOW (select (wr + 1, &r, &w, NULL, NULL));
  HOLDS (FD_ISSET (rd, &r) && FD_ISSET (wr, &w));
  FD_SET (61, &r);
  SHOW (select (62, &r, NULL, NULL, NULL));
  HOLDS (FD_ISSET (61, &r));
  SHOW (select (-1, NULL, NULL, NULL, NULL));
  tv = (struct timeval) { 0, -1 };
  SHOW (select (0, NULL, NULL, NULL, &tv));
  SHOW (close (rd));
  SHOW (close (wr));
  SHOW (unlink ("fifo"));
  return 0;
}
