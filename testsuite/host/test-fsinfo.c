/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The calls that ask the host about file systems and descriptors
   (statvfs, fstatvfs, statfs, fstatfs, pathconf, fpathconf, poll,
   select), through the client and the real server: what each gives
   against the host's own call, their errno values, poll's and select's
   waits, and statvfs and pathconf in a sandbox and under --read-only.  */

#define _GNU_SOURCE
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>

#include "harness.h"

extern int real_statfs (const char *path, struct statfs *buf)
  HARNESS_REAL (statfs);
extern int real_fstatfs (int fd, struct statfs *buf) HARNESS_REAL (fstatfs);
extern int real_statvfs (const char *path, struct statvfs *buf)
  HARNESS_REAL (statvfs);
extern int real_fstatvfs (int fd, struct statvfs *buf)
  HARNESS_REAL (fstatvfs);
extern long real_pathconf (const char *path, int name)
  HARNESS_REAL (pathconf);
extern long real_fpathconf (int fd, int name) HARNESS_REAL (fpathconf);
extern int real_poll (struct pollfd *fds, nfds_t nfds, int timeout)
  HARNESS_REAL (poll);
extern int real_select (int nfds, fd_set *r, fd_set *w, fd_set *e,
			struct timeval *timeout) HARNESS_REAL (select);

/* Whether the client's statvfs result MINE is the host's HOST, but for
   the free counts, which other processes change meanwhile.  */
static bool
same_statvfs (const struct statvfs *mine, const struct statvfs *host)
{
  return mine->f_bsize == host->f_bsize && mine->f_frsize == host->f_frsize
	 && mine->f_blocks == host->f_blocks
	 && mine->f_files == host->f_files && mine->f_fsid == host->f_fsid
	 && mine->f_flag == host->f_flag
	 && mine->f_namemax == host->f_namemax;
}

/* A pipe, which the program cannot make (pipe is ENOSYS on the GPU):
   the FIFO NAME opened by the client, the read end first and without
   waiting, in P; the host's own in HOST_P when not null.  */
static void
fifo_pipe (const char *name, int p[2], int host_p[2])
{
  char host_name[64];

  CHECK_INT (name_of ("mkfifo %s", name), mkfifo (name, 0644), 0);
  p[0] = open (name, O_RDONLY | O_NONBLOCK);
  p[1] = open (name, O_WRONLY);
  CHECK (name_of ("open both ends of %s", name), p[0] >= 0 && p[1] >= 0);
  if (host_p == NULL)
    return;
  snprintf (host_name, sizeof host_name, "%s.host", name);
  CHECK_INT (name_of ("mkfifo %s", host_name), real_mkfifo (host_name, 0644),
	     0);
  host_p[0] = real_open (host_name, O_RDONLY | O_NONBLOCK);
  host_p[1] = real_open (host_name, O_WRONLY);
  CHECK (name_of ("the host opens both ends of %s", host_name),
	 host_p[0] >= 0 && host_p[1] >= 0);
}

static double
now (void)
{
  struct timespec t;

  real_clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

static void
statvfs_is_hosts (const char *path)
{
  struct statvfs mine, host;

  memset (&mine, 0x55, sizeof mine);
  CHECK_INT (name_of ("statvfs %s", path), statvfs (path, &mine), 0);
  CHECK_INT (name_of ("statvfs %s: the host's", path),
	     real_statvfs (path, &host), 0);
  check (same_statvfs (&mine, &host), name_of ("statvfs %s: as the host's",
					       path),
	 "bsize %lu/%lu blocks %llu/%llu flag %#lx/%#lx namemax %lu/%lu",
	 mine.f_bsize, host.f_bsize, (unsigned long long) mine.f_blocks,
	 (unsigned long long) host.f_blocks, mine.f_flag, host.f_flag,
	 mine.f_namemax, host.f_namemax);
}

static void
statvfs_calls (void)
{
  struct statvfs mine, host;
  int fd, hfd, p[2];

  CHECK_INT ("mkdir d", mkdir ("d", 0755), 0);
  close (open ("d/f", O_WRONLY | O_CREAT, 0644));
  statvfs_is_hosts (".");
  statvfs_is_hosts ("d/f");
  statvfs_is_hosts ("/");
  statvfs_is_hosts ("/proc");
  statvfs_is_hosts ("/dev/null");
  CHECK_ERRNO ("statvfs a missing file: ENOENT",
	       statvfs ("d/missing", &mine), ENOENT);
  CHECK_ERRNO ("statvfs \"\": ENOENT", statvfs ("", &mine), ENOENT);
  CHECK_ERRNO ("statvfs through a file: ENOTDIR", statvfs ("d/f/x", &mine),
	       ENOTDIR);

  fd = open ("d/f", O_RDONLY);
  hfd = real_open ("d/f", O_RDONLY);
  memset (&mine, 0x55, sizeof mine);
  CHECK_INT ("fstatvfs", fstatvfs (fd, &mine), 0);
  CHECK_INT ("fstatvfs: the host's", real_fstatvfs (hfd, &host), 0);
  CHECK ("fstatvfs: as the host's", same_statvfs (&mine, &host));
  CHECK ("fstatvfs: the same as statvfs's",
	 statvfs ("d/f", &host) == 0 && same_statvfs (&mine, &host));
  fifo_pipe ("sfifo", p, NULL);
  CHECK_INT ("fstatvfs a FIFO", fstatvfs (p[0], &mine), 0);
  CHECK ("fstatvfs a FIFO: its directory's file system",
	 statvfs (".", &host) == 0 && same_statvfs (&mine, &host));
  close (p[0]);
  close (p[1]);
  close (fd);
  real_close (hfd);
  CHECK_ERRNO ("fstatvfs a closed fd: EBADF", fstatvfs (fd, &mine), EBADF);
  CHECK_ERRNO ("fstatvfs -1: EBADF", fstatvfs (-1, &mine), EBADF);
  CHECK_ERRNO ("fstatvfs 1000000: EBADF", fstatvfs (1000000, &mine), EBADF);

  /* statfs and fstatfs: the host's, but for the free counts.  */
  static const char *const paths[] = { ".", "d/f", "/", "/proc", "/dev/null" };
  for (size_t i = 0; i < sizeof paths / sizeof *paths; i++)
    {
      struct statfs a, b;
      memset (&a, 0x55, sizeof a);
      CHECK_INT (name_of ("statfs %s", paths[i]), statfs (paths[i], &a), 0);
      real_statfs (paths[i], &b);
      CHECK (name_of ("statfs %s: the host's", paths[i]),
	     a.f_type == b.f_type && a.f_bsize == b.f_bsize
	     && a.f_blocks == b.f_blocks && a.f_files == b.f_files
	     && memcmp (&a.f_fsid, &b.f_fsid, sizeof a.f_fsid) == 0
	     && a.f_namelen == b.f_namelen && a.f_frsize == b.f_frsize
	     && a.f_flags == b.f_flags);
    }
  struct statfs sf, host_sf;
  fd = open ("d/f", O_RDONLY);
  hfd = real_open ("d/f", O_RDONLY);
  CHECK_INT ("fstatfs", fstatfs (fd, &sf), 0);
  real_fstatfs (hfd, &host_sf);
  CHECK ("fstatfs: the host's type and fsid", sf.f_type == host_sf.f_type
	 && memcmp (&sf.f_fsid, &host_sf.f_fsid, sizeof sf.f_fsid) == 0);
  close (fd);
  real_close (hfd);
  CHECK_ERRNO ("statfs a missing file: ENOENT", statfs ("d/missing", &sf),
	       ENOENT);
  CHECK_ERRNO ("fstatfs a closed fd: EBADF", fstatfs (fd, &sf), EBADF);
}

static const struct
{
  int name;
  const char *text;
} pc_names[] = {
#define PC(name) { name, #name },
  PC (_PC_LINK_MAX) PC (_PC_MAX_CANON) PC (_PC_MAX_INPUT) PC (_PC_NAME_MAX)
  PC (_PC_PATH_MAX) PC (_PC_PIPE_BUF) PC (_PC_CHOWN_RESTRICTED)
  PC (_PC_NO_TRUNC) PC (_PC_VDISABLE) PC (_PC_SYNC_IO) PC (_PC_ASYNC_IO)
  PC (_PC_PRIO_IO) PC (_PC_SOCK_MAXBUF) PC (_PC_FILESIZEBITS)
  PC (_PC_REC_INCR_XFER_SIZE) PC (_PC_REC_MAX_XFER_SIZE)
  PC (_PC_REC_MIN_XFER_SIZE) PC (_PC_REC_XFER_ALIGN) PC (_PC_ALLOC_SIZE_MIN)
  PC (_PC_SYMLINK_MAX) PC (_PC_2_SYMLINKS)
#undef PC
};

/* The client's answer (value and errno, errno set to a mark first, so
   that "unchanged" shows) against the host's, for every name: pathconf
   of PATH, or fpathconf of FD and the host's HOST_FD when PATH is
   NULL.  errno counts only with -1, where it tells an error from no
   limit: after a value, POSIX leaves it unspecified, and glibc 2.41
   leaves ENOENT there after _PC_LINK_MAX.  */
static void
pathconf_is_hosts (const char *what, const char *path, int fd, int host_fd)
{
  for (size_t i = 0; i < sizeof pc_names / sizeof *pc_names; i++)
    {
      long mine, host;
      int mine_errno, host_errno;
      errno = 12345;
      mine = path ? pathconf (path, pc_names[i].name)
	     : fpathconf (fd, pc_names[i].name);
      mine_errno = errno;
      errno = 12345;
      host = path ? real_pathconf (path, pc_names[i].name)
	     : real_fpathconf (host_fd, pc_names[i].name);
      host_errno = errno;
      check (mine == host && (mine != -1 || mine_errno == host_errno),
	     name_of ("%s %s: as the host's", what, pc_names[i].text),
	     "%ld errno %d, the host's %ld errno %d", mine, mine_errno, host,
	     host_errno);
    }
}

static void
pathconf_calls (void)
{
  int fd, hfd, p[2], hp[2];

  CHECK_INT ("mkdir e", mkdir ("e", 0755), 0);
  close (open ("e/f", O_WRONLY | O_CREAT, 0644));
  CHECK_INT ("symlink e/l -> f", symlink ("f", "e/l"), 0);
  CHECK_INT ("mkfifo e/fifo", real_mkfifo ("e/fifo", 0644), 0);
  pathconf_is_hosts ("pathconf .", ".", -1, -1);
  pathconf_is_hosts ("pathconf e/f", "e/f", -1, -1);
  pathconf_is_hosts ("pathconf e/l", "e/l", -1, -1);
  pathconf_is_hosts ("pathconf e/fifo", "e/fifo", -1, -1);
  pathconf_is_hosts ("pathconf /dev/null", "/dev/null", -1, -1);
  pathconf_is_hosts ("pathconf /proc", "/proc", -1, -1);
  fd = open ("e/f", O_RDONLY);
  hfd = real_open ("e/f", O_RDONLY);
  pathconf_is_hosts ("fpathconf of a file", NULL, fd, hfd);
  close (fd);
  real_close (hfd);
  fifo_pipe ("pfifo", p, hp);
  pathconf_is_hosts ("fpathconf of a FIFO", NULL, p[0], hp[0]);
  close (p[0]);
  close (p[1]);
  real_close (hp[0]);
  real_close (hp[1]);

  long v;
  errno = 12345;
  v = pathconf (".", _PC_SYMLINK_MAX);
  CHECK ("pathconf _PC_SYMLINK_MAX: -1 with errno unchanged, as glibc's",
	 v == -1 && errno == 12345);
  CHECK_ERRNO ("pathconf a missing file: ENOENT",
	       pathconf ("e/missing", _PC_NAME_MAX), ENOENT);
  CHECK_ERRNO ("pathconf a missing file, _PC_PIPE_BUF: ENOENT",
	       pathconf ("e/missing", _PC_PIPE_BUF), ENOENT);
  CHECK_ERRNO ("pathconf through a file: ENOTDIR",
	       pathconf ("e/f/x", _PC_NAME_MAX), ENOTDIR);
  CHECK_ERRNO ("pathconf an unknown name: EINVAL", pathconf (".", 999),
	       EINVAL);
  CHECK_ERRNO ("pathconf an unknown name: the host's EINVAL",
	       real_pathconf (".", 999), EINVAL);
  CHECK_ERRNO ("pathconf -1: EINVAL", pathconf (".", -1), EINVAL);
  CHECK_ERRNO ("pathconf \"\", an unknown name: ENOENT, as glibc's",
	       pathconf ("", 999), ENOENT);
  CHECK_ERRNO ("pathconf \"\", an unknown name: the host's ENOENT",
	       real_pathconf ("", 999), ENOENT);
  CHECK_ERRNO ("fpathconf a closed fd: EBADF", fpathconf (fd, _PC_NAME_MAX),
	       EBADF);
  CHECK_ERRNO ("fpathconf -1, an unknown name: EBADF, as glibc's",
	       fpathconf (-1, 999), EBADF);
  CHECK_ERRNO ("fpathconf -1, an unknown name: the host's EBADF",
	       real_fpathconf (-1, 999), EBADF);
  CHECK_ERRNO ("fpathconf 1, an unknown name: EINVAL", fpathconf (1, 999),
	       EINVAL);
}

/* The host fd, its client fd and a delay for the thread that writes to
   a FIFO while the client's poll waits.  */
struct late_writer
{
  const char *path;
  int delay_ms;
};

static void *
write_late (void *arg)
{
  struct late_writer *w = arg;
  struct timespec t = { 0, w->delay_ms * 1000000L };

  nanosleep (&t, NULL);
  int fd = real_open (w->path, O_WRONLY);
  real_write (fd, "late", 4);
  real_close (fd);
  return NULL;
}

/* Poll ONE entry of the client's FD and of the host's HOST_FD for
   EVENTS: the same count and revents.  */
static void
poll_one_is_hosts (const char *what, int fd, int host_fd, short events)
{
  struct pollfd mine = { fd, events, 0x5555 }, host = { host_fd, events, 0 };
  int n = poll (&mine, 1, 0), h = real_poll (&host, 1, 0);

  check (n == h && mine.revents == host.revents, what,
	 "%d revents %#x, the host's %d revents %#x", n, mine.revents, h,
	 host.revents);
}

static void
poll_calls (void)
{
  int p[2], hp[2];
  double t0;

  fifo_pipe ("fifo1", p, hp);
  poll_one_is_hosts ("poll an empty pipe: nothing", p[0], hp[0], POLLIN);
  poll_one_is_hosts ("poll a pipe's write end: POLLOUT", p[1], hp[1],
		     POLLOUT | POLLWRNORM);
  CHECK_INT ("write 3 bytes", write (p[1], "abc", 3), 3);
  CHECK_INT ("the host's write", real_write (hp[1], "abc", 3), 3);
  poll_one_is_hosts ("poll a pipe with data: POLLIN", p[0], hp[0],
		     POLLIN | POLLRDNORM | POLLPRI);

  /* Negative fds skipped, fds not open POLLNVAL, and counted.  */
  struct pollfd set[5] = {
    { p[0], POLLIN, 0x77 }, { p[1], POLLOUT, 0x77 }, { -1, POLLIN, 0x77 },
    { -5, 0, 0x77 }, { 999, POLLIN, 0x77 },
  };
  struct pollfd hset[5] = {
    { hp[0], POLLIN, 0 }, { hp[1], POLLOUT, 0 }, { -1, POLLIN, 0 },
    { -5, 0, 0 }, { 60000, POLLIN, 0 },
  };
  CHECK_INT ("poll 5 entries: 3 ready", poll (set, 5, 0), 3);
  CHECK_INT ("poll 5 entries: the host's 3", real_poll (hset, 5, 0), 3);
  for (int i = 0; i < 5; i++)
    check (set[i].revents == hset[i].revents,
	   name_of ("poll 5 entries: entry %d as the host's", i),
	   "revents %#x, the host's %#x", set[i].revents, hset[i].revents);
  CHECK ("poll 5 entries: POLLNVAL for 999", set[4].revents == POLLNVAL);
  CHECK ("poll 5 entries: negative fds, revents 0",
	 set[2].revents == 0 && set[3].revents == 0);
  CHECK ("poll 5 entries: fds and events unchanged",
	 set[0].fd == p[0] && set[0].events == POLLIN && set[4].fd == 999);

  /* More entries than one request holds.  */
  static struct pollfd many[3000];
  for (int i = 0; i < 3000; i++)
    many[i] = (struct pollfd) { i % 3 == 2 ? -1 : p[i % 3],
				i % 3 == 1 ? POLLOUT : POLLIN, 0 };
  CHECK_INT ("poll 3000 entries: 2000 ready", poll (many, 3000, 0), 2000);
  bool right = true;
  for (int i = 0; i < 3000; i++)
    right &= many[i].revents == (i % 3 == 0 ? POLLIN
				 : i % 3 == 1 ? POLLOUT : 0);
  CHECK ("poll 3000 entries: each entry's revents", right);
  struct pollfd *volatile nowhere = NULL;
  CHECK_ERRNO ("poll of entries at NULL: EFAULT", poll (nowhere, 1, 0),
	       EFAULT);
  CHECK_ERRNO ("poll of entries at NULL: the host's EFAULT",
	       real_poll (nowhere, 1, 0), EFAULT);
  volatile nfds_t too_many = NVPTX_RPC_FDS + 1;
  CHECK_ERRNO ("poll more entries than fds: EINVAL",
	       poll (many, too_many, 0), EINVAL);

  /* The writer gone: POLLHUP with the data, then alone.  */
  close (p[1]);
  real_close (hp[1]);
  poll_one_is_hosts ("poll, writer closed, data left: POLLIN | POLLHUP",
		     p[0], hp[0], POLLIN);
  char buf[8];
  CHECK_INT ("read the data", read (p[0], buf, sizeof buf), 3);
  CHECK_INT ("the host's read", real_read (hp[0], buf, sizeof buf), 3);
  poll_one_is_hosts ("poll, writer closed, empty: POLLHUP", p[0], hp[0],
		     POLLIN);
  close (p[0]);
  real_close (hp[0]);
  fifo_pipe ("fifo2", p, hp);
  close (p[0]);
  real_close (hp[0]);
  poll_one_is_hosts ("poll, reader closed: POLLERR", p[1], hp[1], POLLOUT);
  close (p[1]);
  real_close (hp[1]);
  poll_one_is_hosts ("poll a closed fd: POLLNVAL", p[1], 1000, POLLIN);

  /* Timeouts: nothing ready.  */
  fifo_pipe ("fifo3", p, NULL);
  struct pollfd one = { p[0], POLLIN, 0 };
  t0 = now ();
  CHECK_INT ("poll, timeout 0: at once", poll (&one, 1, 0), 0);
  t0 = now ();
  CHECK_INT ("poll, timeout 50 ms: nothing", poll (&one, 1, 50), 0);
  double waited = now () - t0;
  check (waited >= 0.050 && waited < 5, "poll, timeout 50 ms: waited",
	 "%.3f s", waited);
  CHECK ("poll, timeout: revents 0", one.revents == 0);
  t0 = now ();
  CHECK_INT ("poll of no fds, timeout 20 ms", poll (NULL, 0, 20), 0);
  waited = now () - t0;
  check (waited >= 0.020 && waited < 5, "poll of no fds: waited 20 ms",
	 "%.3f s", waited);
  close (p[0]);
  close (p[1]);

  /* Data that comes while the client waits, for ever or for long.  */
  struct late_writer w = { "fifo", 30 };
  pthread_t thread;
  CHECK_INT ("mkfifo fifo", real_mkfifo ("fifo", 0644), 0);
  int fd = open ("fifo", O_RDONLY | O_NONBLOCK);
  CHECK ("open the FIFO to read", fd >= 0);
  /* A writer of its own, so that the late writer's close is no
     POLLHUP.  */
  int writer = open ("fifo", O_WRONLY);
  CHECK ("open the FIFO to write", writer >= 0);
  for (int timeout = -1; timeout <= 10000; timeout += 10001)
    {
      one = (struct pollfd) { fd, POLLIN, 0 };
      /* Before the writer starts its sleep: on a busy machine the
	 thread may sleep before this one goes on.  */
      t0 = now ();
      real_pthread_create (&thread, NULL, write_late, &w);
      int n = poll (&one, 1, timeout);
      waited = now () - t0;
      real_pthread_join (thread, NULL);
      CHECK_INT (name_of ("poll, timeout %d: the data that came", timeout),
		 n, 1);
      CHECK (name_of ("poll, timeout %d: POLLIN", timeout),
	     one.revents & POLLIN);
      check (waited >= 0.025 && waited < 5,
	     name_of ("poll, timeout %d: woke when it came", timeout),
	     "%.3f s", waited);
      CHECK_INT ("read it", read (fd, buf, sizeof buf), 4);
    }
  close (fd);
  close (writer);
  real_unlink ("fifo");
}

static void
select_calls (void)
{
  int p[2], hp[2];
  fd_set r, w, e, hr, hw;
  struct timeval tv, htv;

  fifo_pipe ("fifo4", p, hp);
  FD_ZERO (&r);
  FD_ZERO (&w);
  FD_SET (p[0], &r);
  FD_SET (p[1], &w);
  FD_SET (p[0], &w);
  tv = (struct timeval) { 5, 0 };
  CHECK_INT ("select: the write end writable", select (p[1] + 1, &r, &w,
						      NULL, &tv), 1);
  CHECK ("select: only the write end set",
	 !FD_ISSET (p[0], &r) && FD_ISSET (p[1], &w) && !FD_ISSET (p[0], &w));
  check (tv.tv_sec == 4 || (tv.tv_sec == 5 && tv.tv_usec == 0),
	 "select: the time left in the timeval, as Linux's",
	 "%ld.%06ld", (long) tv.tv_sec, (long) tv.tv_usec);
  FD_ZERO (&hr);
  FD_ZERO (&hw);
  FD_SET (hp[1], &hw);
  htv = (struct timeval) { 5, 0 };
  real_select (hp[1] + 1, &hr, &hw, NULL, &htv);
  CHECK ("select: the host's timeval too", htv.tv_sec == 4
	 || (htv.tv_sec == 5 && htv.tv_usec == 0));

  CHECK_INT ("write", write (p[1], "x", 1), 1);
  FD_ZERO (&r);
  FD_ZERO (&w);
  FD_ZERO (&e);
  FD_SET (p[0], &r);
  FD_SET (p[1], &w);
  FD_SET (p[0], &e);
  CHECK_INT ("select read, write, except: 2", select (p[1] + 1, &r, &w, &e,
						     NULL), 2);
  CHECK ("select: readable and writable, nothing exceptional",
	 FD_ISSET (p[0], &r) && FD_ISSET (p[1], &w) && !FD_ISSET (p[0], &e));

  char buf[4];
  CHECK_INT ("read", read (p[0], buf, 1), 1);
  FD_ZERO (&r);
  FD_SET (p[0], &r);
  tv = (struct timeval) { 0, 50000 };
  double t0 = now ();
  CHECK_INT ("select, timeout 50 ms: nothing", select (p[0] + 1, &r, NULL,
						       NULL, &tv), 0);
  double waited = now () - t0;
  check (waited >= 0.050 && waited < 5, "select, timeout 50 ms: waited",
	 "%.3f s", waited);
  CHECK ("select, timeout: the set emptied", !FD_ISSET (p[0], &r));
  CHECK ("select, timeout: no time left", tv.tv_sec == 0 && tv.tv_usec == 0);
  FD_SET (hp[0], &hr);
  htv = (struct timeval) { 0, 20000 };
  CHECK_INT ("select, timeout: the host's nothing",
	     real_select (hp[0] + 1, &hr, NULL, NULL, &htv), 0);
  CHECK ("select, timeout: the host's no time left",
	 htv.tv_sec == 0 && htv.tv_usec == 0);

  /* A descriptor not open: EBADF, the sets and the descriptors as they
     were.  */
  FD_ZERO (&r);
  FD_SET (p[0], &r);
  FD_SET (50, &r);
  tv = (struct timeval) { 1, 0 };
  CHECK_ERRNO ("select a closed fd: EBADF", select (51, &r, NULL, NULL, &tv),
	       EBADF);
  CHECK ("select a closed fd: the set unchanged",
	 FD_ISSET (50, &r) && FD_ISSET (p[0], &r));
  int closed = real_open ("/dev/null", O_RDONLY);
  real_close (closed);
  FD_ZERO (&hr);
  FD_SET (closed, &hr);
  htv = (struct timeval) { 1, 0 };
  CHECK_ERRNO ("select a closed fd: the host's EBADF",
	       real_select (closed + 1, &hr, NULL, NULL, &htv), EBADF);
  CHECK_ERRNO ("select nfds above FD_SETSIZE: EINVAL",
	       select (FD_SETSIZE + 1, NULL, NULL, NULL, NULL), EINVAL);
  CHECK_ERRNO ("select nfds -1: EINVAL",
	       select (-1, NULL, NULL, NULL, NULL), EINVAL);
  CHECK_ERRNO ("select nfds -1: the host's EINVAL",
	       real_select (-1, NULL, NULL, NULL, NULL), EINVAL);
  tv = (struct timeval) { 0, -1 };
  CHECK_ERRNO ("select a negative timeout: EINVAL",
	       select (0, NULL, NULL, NULL, &tv), EINVAL);
  htv = (struct timeval) { 0, -1 };
  CHECK_ERRNO ("select a negative timeout: the host's EINVAL",
	       real_select (0, NULL, NULL, NULL, &htv), EINVAL);
  tv = (struct timeval) { -1, 1100000 };
  CHECK_ERRNO ("select negative seconds: EINVAL",
	       select (0, NULL, NULL, NULL, &tv), EINVAL);
  htv = (struct timeval) { -1, 1100000 };
  CHECK_ERRNO ("select negative seconds: the host's EINVAL",
	       real_select (0, NULL, NULL, NULL, &htv), EINVAL);
  /* Microseconds past a second: carried into the seconds, as glibc's.  */
  FD_ZERO (&w);
  FD_SET (p[1], &w);
  tv = (struct timeval) { 0, 1500000 };
  CHECK_INT ("select, 1500000 us: writable", select (p[1] + 1, NULL, &w,
						      NULL, &tv), 1);
  CHECK ("select, 1500000 us: 1 s and some left, as the host's",
	 tv.tv_sec == 1 && tv.tv_usec <= 500000);
  FD_ZERO (&hw);
  FD_SET (hp[1], &hw);
  htv = (struct timeval) { 0, 1500000 };
  CHECK_INT ("select, 1500000 us: the host's",
	     real_select (hp[1] + 1, NULL, &hw, NULL, &htv), 1);
  CHECK ("select, 1500000 us: the host's 1 s and some",
	 htv.tv_sec == 1 && htv.tv_usec <= 500000);
  close (p[0]);
  close (p[1]);
  real_close (hp[0]);
  real_close (hp[1]);
}

/* statvfs and pathconf in a sandbox: of what is in it, as the host's;
   a path that leads outside refused as every call refuses it.  Under
   --read-only, ST_RDONLY.  */
static void
sandboxed (bool read_only)
{
  char cwd[PATH_MAX], box[PATH_MAX + 8];
  const char *dir = read_only ? "robox" : "box";
  struct statvfs mine, host;

  real_getcwd (cwd, sizeof cwd);
  CHECK_INT ("sandbox: mkdir box", mkdir (dir, 0755), 0);
  close (open (name_of ("%s/f", dir), O_WRONLY | O_CREAT, 0644));
  CHECK_INT ("sandbox: symlink box/out -> ..",
	     symlink ("..", name_of ("%s/out", dir)), 0);
  CHECK_INT ("sandbox: symlink box/etc -> /etc",
	     symlink ("/etc", name_of ("%s/etc", dir)), 0);
  snprintf (box, sizeof box, "%s/%s", cwd, dir);
  if (!kernel_has_openat2 ())
    {
      note ("no openat2: sandbox checks skipped");
      return;
    }
  CHECK_INT ("sandbox: confine", rpc_server_confine (harness_server (), box,
						     read_only), 0);
  CHECK_INT ("sandbox: statvfs .", statvfs (".", &mine), 0);
  real_statvfs (box, &host);
  host.f_flag |= read_only ? ST_RDONLY : 0;
  CHECK ("sandbox: statvfs .: the sandbox's file system",
	 same_statvfs (&mine, &host));
  if (read_only)
    CHECK ("sandbox: statvfs: ST_RDONLY under --read-only",
	   mine.f_flag & ST_RDONLY);
  int fd = open ("f", O_RDONLY);
  CHECK_INT ("sandbox: fstatvfs", fstatvfs (fd, &mine), 0);
  CHECK ("sandbox: fstatvfs: the same", same_statvfs (&mine, &host));
  CHECK_INT ("sandbox: fstatvfs of stdout", fstatvfs (1, &mine), 0);
  CHECK_INT ("sandbox: pathconf f", pathconf ("f", _PC_NAME_MAX),
	     real_pathconf (box, _PC_NAME_MAX));
  CHECK_INT ("sandbox: fpathconf", fpathconf (fd, _PC_NAME_MAX),
	     real_pathconf (box, _PC_NAME_MAX));
  close (fd);
  CHECK_ERRNO ("sandbox: statvfs ..: EACCES", statvfs ("..", &mine), EACCES);
  CHECK_ERRNO ("sandbox: statvfs /etc: EACCES", statvfs ("/etc", &mine),
	       EACCES);
  CHECK_ERRNO ("sandbox: statvfs /: EACCES", statvfs ("/", &mine), EACCES);
  CHECK_ERRNO ("sandbox: statvfs of a symlink to ..: EACCES",
	       statvfs ("out", &mine), EACCES);
  CHECK_ERRNO ("sandbox: statvfs of a symlink to /etc: EACCES",
	       statvfs ("etc/passwd", &mine), EACCES);
  CHECK_ERRNO ("sandbox: statvfs /proc/self/cwd: EACCES",
	       statvfs ("/proc/self/cwd", &mine), EACCES);
  CHECK_ERRNO ("sandbox: statvfs the sandbox's parent by its host path: "
	       "EACCES", statvfs (cwd, &mine), EACCES);
  CHECK_ERRNO ("sandbox: pathconf ..: EACCES", pathconf ("..", _PC_NAME_MAX),
	       EACCES);
  CHECK_ERRNO ("sandbox: pathconf /etc: EACCES",
	       pathconf ("/etc", _PC_LINK_MAX), EACCES);
  CHECK_ERRNO ("sandbox: pathconf of a symlink to ..: EACCES",
	       pathconf ("out", _PC_PIPE_BUF), EACCES);
}

int
main (void)
{
  harness_begin ("test-fsinfo");
  size_t nruns;
  const struct harness_run *runs = harness_runs (&nruns);
  for (size_t r = 0; r < nruns; r++)
    {
      run_begin (&runs[r], NULL);
      statvfs_calls ();
      pathconf_calls ();
      poll_calls ();
      select_calls ();
      run_end ();
    }
  compare_runs ("results");
  run_begin (&runs[0], NULL);
  sandboxed (false);
  run_end ();
  run_begin (&runs[0], NULL);
  sandboxed (true);
  run_end ();
  return harness_end ();
}
