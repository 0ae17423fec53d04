/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The POSIX calls beyond plain file I/O (links, modes, descriptors,
   directories, the working directory, clocks, sleeps, identities),
   through the client and the real server: results, errno values, and
   their effects as the host's own calls see them.  */

#define _GNU_SOURCE
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/times.h>
#include <sys/wait.h>
#include <utime.h>

#include "harness.h"
/* The client's directory streams, as a program on nvptx sees them, not
   the host's <dirent.h>.  */
#include "include/dirent.h"

static uint32_t window;

/* Requests sent so far in this run.  */
static uint32_t
requests_sent (void)
{
  const struct nvptx_rpc_mailbox *mb
    = (const struct nvptx_rpc_mailbox *) (uintptr_t) __nvptx_rpc_link.mailbox;
  return __atomic_load_n (&mb->request_seq, __ATOMIC_ACQUIRE);
}

/* A client open that is expected to work.  */
static int
open_ok (const char *name, const char *path, int flags, int mode)
{
  errno = 0;
  int fd = open (path, flags, mode);
  check (fd >= 0, name, "open (\"%.40s\") = %d errno %s", path, fd,
	 errno_name (errno));
  return fd;
}

static bool
file_is (const char *name, const char *path, const char *content)
{
  return file_has (name, path, content, strlen (content));
}

/* The host's permission bits of PATH (not following a symlink), or -1.  */
static long
host_mode (const char *path)
{
  struct stat st;

  return real_lstat (path, &st) == 0 ? (long) (st.st_mode & 07777) : -1;
}

static long long
ns_of (struct timespec ts)
{
  return ts.tv_sec * 1000000000ll + ts.tv_nsec;
}

static long long
host_now_ns (clockid_t clock)
{
  struct timespec ts;

  real_clock_gettime (clock, &ts);
  return ns_of (ts);
}

/* lstat, symlink, readlink.  */
static void
symlinks (void)
{
  struct stat st, host;
  char buf[64];

  spit ("target", "0123456789", 10);
  CHECK_INT ("symlink", symlink ("target", "link"), 0);
  CHECK ("symlink: the host sees a symlink",
	 real_lstat ("link", &host) == 0 && S_ISLNK (host.st_mode));
  ssize_t n = real_readlink ("link", buf, sizeof buf);
  check (n == 6 && memcmp (buf, "target", 6) == 0,
	 "symlink: the host reads the target", "%zd bytes", n);
  CHECK_ERRNO ("symlink onto a symlink: EEXIST", symlink ("x", "link"),
	       EEXIST);
  CHECK_ERRNO ("symlink onto a file: EEXIST", symlink ("x", "target"),
	       EEXIST);
  CHECK_ERRNO ("symlink in a missing directory: ENOENT",
	       symlink ("x", "missing/link"), ENOENT);

  /* lstat sees the link, stat what it points to.  */
  CHECK_INT ("lstat a symlink", lstat ("link", &st), 0);
  CHECK ("lstat a symlink: S_ISLNK", S_ISLNK (st.st_mode));
  CHECK_INT ("lstat a symlink: size is the target's length", st.st_size, 6);
  CHECK_INT ("lstat a symlink: st_ino", st.st_ino, host.st_ino);
  CHECK_INT ("lstat a symlink: st_mode", st.st_mode, host.st_mode);
  CHECK_INT ("stat a symlink", stat ("link", &st), 0);
  CHECK ("stat a symlink: S_ISREG", S_ISREG (st.st_mode));
  CHECK_INT ("stat a symlink: the target's size", st.st_size, 10);
  real_stat ("target", &host);
  CHECK_INT ("stat a symlink: the target's inode", st.st_ino, host.st_ino);
  CHECK_INT ("lstat a file", lstat ("target", &st), 0);
  CHECK ("lstat a file: S_ISREG", S_ISREG (st.st_mode));
  CHECK_INT ("lstat a file: st_ino", st.st_ino, host.st_ino);
  CHECK_ERRNO ("lstat a missing file: ENOENT", lstat ("missing", &st),
	       ENOENT);
  CHECK_ERRNO ("lstat target/x: ENOTDIR", lstat ("target/x", &st), ENOTDIR);
  CHECK_INT ("symlink to nowhere", symlink ("nowhere", "dangling"), 0);
  CHECK_ERRNO ("stat a dangling symlink: ENOENT", stat ("dangling", &st),
	       ENOENT);
  CHECK_INT ("lstat a dangling symlink", lstat ("dangling", &st), 0);
  CHECK ("lstat a dangling symlink: S_ISLNK", S_ISLNK (st.st_mode));

  /* readlink: no NUL, and no more than the buffer.  */
  memset (buf, 'x', sizeof buf);
  CHECK_INT ("readlink", readlink ("link", buf, sizeof buf), 6);
  check_bytes ("readlink: the target, no NUL after it", buf, "targetxx", 8);
  memset (buf, 'x', sizeof buf);
  CHECK_INT ("readlink into 3 bytes", readlink ("link", buf, 3), 3);
  check_bytes ("readlink into 3 bytes: truncated", buf, "tarxx", 5);
  memset (buf, 'x', sizeof buf);
  CHECK_INT ("readlink into 6 bytes", readlink ("link", buf, 6), 6);
  check_bytes ("readlink into 6 bytes: all of it", buf, "targetx", 7);
  CHECK_ERRNO ("readlink a file: EINVAL", readlink ("target", buf, 10),
	       EINVAL);
  CHECK_ERRNO ("readlink a directory: EINVAL", readlink (".", buf, 10),
	       EINVAL);
  CHECK_ERRNO ("readlink a missing file: ENOENT",
	       readlink ("missing", buf, 10), ENOENT);

  /* A target of 4000 bytes comes back in many pieces at small windows;
     truncated at a length that is no multiple of any window.  */
  static char long_target[4001], back[4001];
  pattern_fill (long_target, 4000, 7, 0);
  for (int i = 0; i < 4000; i++)
    long_target[i] = 'a' + (unsigned char) long_target[i] % 26;
  long_target[4000] = '\0';
  CHECK_INT ("symlink to a 4000-byte target",
	     symlink (long_target, "longlink"), 0);
  n = real_readlink ("longlink", back, 4001);
  check (n == 4000 && memcmp (back, long_target, 4000) == 0,
	 "symlink to a 4000-byte target: the host reads it", "%zd bytes", n);
  memset (back, 0, 4001);
  CHECK_INT ("readlink a 4000-byte target",
	     readlink ("longlink", back, 4001), 4000);
  check_bytes ("readlink a 4000-byte target: bytes", back, long_target,
	       4001);
  memset (back, 0, 4001);
  CHECK_INT ("readlink a 4000-byte target into 1111 bytes",
	     readlink ("longlink", back, 1111), 1111);
  check_bytes ("readlink into 1111 bytes: bytes, nothing past them", back,
	       long_target, 1111);
  CHECK_INT ("readlink into 1111 bytes: nothing past them", back[1111], 0);
  /* Truncated where a piece ends, at each window size (the reply area is
     never less than NVPTX_RPC_REPLY_MAX, 112).  */
  static const size_t cuts[] = { 112, 224, 1024, 2048 };
  for (size_t i = 0; i < sizeof cuts / sizeof *cuts; i++)
    {
      memset (back, 0, 4001);
      CHECK_INT (name_of ("readlink into %zu bytes", cuts[i]),
		 readlink ("longlink", back, cuts[i]), cuts[i]);
      check_bytes (name_of ("readlink into %zu bytes: bytes", cuts[i]),
		   back, long_target, cuts[i]);
      CHECK_INT (name_of ("readlink into %zu bytes: nothing past them",
			  cuts[i]), back[cuts[i]], 0);
    }
}

static void
remove_directories (void)
{
  struct stat st;

  real_mkdir ("empty", 0755);
  CHECK_INT ("rmdir", rmdir ("empty"), 0);
  CHECK_ERRNO ("rmdir: the host sees it gone", real_stat ("empty", &st),
	       ENOENT);
  CHECK_ERRNO ("rmdir again: ENOENT", rmdir ("empty"), ENOENT);
  real_mkdir ("full", 0755);
  spit ("full/f", "x", 1);
  CHECK_ERRNO ("rmdir a directory with a file: ENOTEMPTY", rmdir ("full"),
	       ENOTEMPTY);
  CHECK ("rmdir ENOTEMPTY: still there",
	 real_stat ("full", &st) == 0 && S_ISDIR (st.st_mode));
  spit ("plain", "x", 1);
  CHECK_ERRNO ("rmdir a file: ENOTDIR", rmdir ("plain"), ENOTDIR);
  CHECK_ERRNO ("rmdir plain/x: ENOTDIR", rmdir ("plain/x"), ENOTDIR);
  CHECK ("rmdir ENOTDIR: the file is still there",
	 real_stat ("plain", &st) == 0);
  real_unlink ("full/f");
  CHECK_INT ("rmdir once emptied", rmdir ("full"), 0);
}

static void
modes (void)
{
  spit ("m", "x", 1);
  CHECK_INT ("chmod 0604", chmod ("m", 0604), 0);
  CHECK_INT ("chmod 0604: the host's mode", host_mode ("m"), 0604);
  CHECK_INT ("chmod 0", chmod ("m", 0), 0);
  CHECK_INT ("chmod 0: the host's mode", host_mode ("m"), 0);
  real_mkdir ("sticky", 0755);
  CHECK_INT ("chmod 01777 a directory", chmod ("sticky", 01777), 0);
  CHECK_INT ("chmod 01777: the host's mode", host_mode ("sticky"), 01777);
  CHECK_ERRNO ("chmod a missing file: ENOENT", chmod ("missing", 0644),
	       ENOENT);
  CHECK_ERRNO ("chmod m/x: ENOTDIR", chmod ("m/x", 0644), ENOTDIR);

  int fd = open_ok ("fchmod: open", "m", O_RDONLY, 0);
  CHECK_INT ("fchmod 0711", fchmod (fd, 0711), 0);
  CHECK_INT ("fchmod 0711: the host's mode", host_mode ("m"), 0711);
  CHECK_INT ("fchmod 0640", fchmod (fd, 0640), 0);
  CHECK_INT ("fchmod 0640: the host's mode", host_mode ("m"), 0640);
  close (fd);
  CHECK_ERRNO ("fchmod a closed fd: EBADF", fchmod (fd, 0644), EBADF);
  CHECK_ERRNO ("fchmod fd -1: EBADF", fchmod (-1, 0644), EBADF);
  CHECK_ERRNO ("fchmod fd NVPTX_RPC_FDS: EBADF", fchmod (NVPTX_RPC_FDS, 0644),
	       EBADF);

  /* chown to who owns it already, which needs no privilege.  */
  struct stat st;
  real_stat ("m", &st);
  CHECK_INT ("chown to the owner", chown ("m", st.st_uid, st.st_gid), 0);
  CHECK_INT ("chown -1 -1: nothing changes", chown ("m", -1, -1), 0);
  struct stat after;
  real_stat ("m", &after);
  CHECK ("chown: the host's owner unchanged",
	 after.st_uid == st.st_uid && after.st_gid == st.st_gid);
  CHECK_ERRNO ("chown a missing file: ENOENT", chown ("missing", -1, -1),
	       ENOENT);
}

static void
access_checks (void)
{
  spit ("r", "x", 1);
  real_chmod ("r", 0644);
  spit ("x", "x", 1);
  real_chmod ("x", 0755);
  CHECK_INT ("access F_OK", access ("r", F_OK), 0);
  CHECK_INT ("access R_OK", access ("r", R_OK), 0);
  CHECK_INT ("access W_OK", access ("r", W_OK), 0);
  CHECK_INT ("access R_OK|W_OK", access ("r", R_OK | W_OK), 0);
  CHECK_INT ("access X_OK on a 0755 file", access ("x", X_OK), 0);
  CHECK_INT ("access R_OK|W_OK|X_OK on a 0755 file",
	     access ("x", R_OK | W_OK | X_OK), 0);
  CHECK_INT ("access X_OK on a directory", access (".", X_OK), 0);
  /* No execute bit for anyone: refused even to root.  */
  CHECK_ERRNO ("access X_OK on a 0644 file: EACCES", access ("r", X_OK),
	       EACCES);
  CHECK_ERRNO ("access F_OK, missing: ENOENT", access ("missing", F_OK),
	       ENOENT);
  CHECK_ERRNO ("access r/x: ENOTDIR", access ("r/x", F_OK), ENOTDIR);
  CHECK_ERRNO ("access mode 8: EINVAL", access ("r", 8), EINVAL);
  CHECK_ERRNO ("access mode -1: EINVAL", access ("r", -1), EINVAL);

  /* Root passes read and write checks whatever the mode; CI runs as
     root, and there only that is checked.  */
  spit ("none", "x", 1);
  real_chmod ("none", 0);
  if (geteuid () != 0)
    {
      CHECK_ERRNO ("access R_OK on a 0000 file, not root: EACCES",
		   access ("none", R_OK), EACCES);
      CHECK_ERRNO ("access W_OK on a 0000 file, not root: EACCES",
		   access ("none", W_OK), EACCES);
    }
  else
    {
      CHECK_INT ("access R_OK on a 0000 file, as root: allowed",
		 access ("none", R_OK), 0);
      CHECK_INT ("access W_OK on a 0000 file, as root: allowed",
		 access ("none", W_OK), 0);
    }
  CHECK_INT ("access F_OK on a 0000 file", access ("none", F_OK), 0);
}

static void
truncation (void)
{
  static const char grown[20] = "hello world";

  spit ("t", "hello world", 11);
  CHECK_INT ("truncate to grow", truncate ("t", 20), 0);
  file_has ("truncate to grow: zeros follow", "t", grown, 20);
  CHECK_INT ("truncate to shrink", truncate ("t", 5), 0);
  file_is ("truncate to shrink: contents", "t", "hello");
  CHECK_INT ("truncate to 0", truncate ("t", 0), 0);
  file_is ("truncate to 0: empty", "t", "");
  CHECK_ERRNO ("truncate to -1: EINVAL", truncate ("t", -1), EINVAL);
  CHECK_ERRNO ("truncate a missing file: ENOENT", truncate ("missing", 1),
	       ENOENT);
  CHECK_ERRNO ("truncate a directory: EISDIR", truncate (".", 1), EISDIR);

  spit ("ft", "abcdefgh", 8);
  int fd = open_ok ("ftruncate: open", "ft", O_RDWR, 0);
  CHECK_INT ("ftruncate to shrink", ftruncate (fd, 3), 0);
  file_is ("ftruncate to shrink: contents", "ft", "abc");
  CHECK_INT ("ftruncate to grow", ftruncate (fd, 6), 0);
  file_has ("ftruncate to grow: zeros follow", "ft", "abc\0\0\0", 6);
  CHECK_INT ("ftruncate to 100000", ftruncate (fd, 100000), 0);
  struct stat st;
  CHECK_INT ("ftruncate to 100000: fstat", fstat (fd, &st), 0);
  CHECK_INT ("ftruncate to 100000: size", st.st_size, 100000);
  CHECK_INT ("ftruncate leaves the offset", lseek (fd, 0, SEEK_CUR), 0);
  CHECK_ERRNO ("ftruncate to -1: EINVAL", ftruncate (fd, -1), EINVAL);
  close (fd);
  CHECK_ERRNO ("ftruncate a closed fd: EBADF", ftruncate (fd, 0), EBADF);
  CHECK_ERRNO ("ftruncate fd -1: EBADF", ftruncate (-1, 0), EBADF);
  fd = open_ok ("ftruncate: open read-only", "ft", O_RDONLY, 0);
  CHECK_ERRNO ("ftruncate a read-only fd: EINVAL", ftruncate (fd, 0),
	       EINVAL);
  close (fd);
}

static void
syncs (void)
{
  int fd = open_ok ("fsync: open", "s", O_WRONLY | O_CREAT | O_TRUNC, 0644);

  CHECK_INT ("fsync: write", write (fd, "sync", 4), 4);
  CHECK_INT ("fsync", fsync (fd), 0);
  CHECK_INT ("fdatasync", fdatasync (fd), 0);
  file_is ("fsync: contents", "s", "sync");
  close (fd);
  CHECK_ERRNO ("fsync a closed fd: EBADF", fsync (fd), EBADF);
  CHECK_ERRNO ("fdatasync a closed fd: EBADF", fdatasync (fd), EBADF);
  CHECK_ERRNO ("fsync fd -1: EBADF", fsync (-1), EBADF);
  CHECK_ERRNO ("fdatasync fd 1000: EBADF", fdatasync (1000), EBADF);
}

static void
file_times (void)
{
  struct stat st;
  struct utimbuf ub = { .actime = 1000000000, .modtime = 1234567890 };

  spit ("u", "x", 1);
  CHECK_INT ("utime", utime ("u", &ub), 0);
  real_stat ("u", &st);
  CHECK_INT ("utime: the host's atime", st.st_atim.tv_sec, 1000000000);
  CHECK_INT ("utime: the host's atime ns", st.st_atim.tv_nsec, 0);
  CHECK_INT ("utime: the host's mtime", st.st_mtim.tv_sec, 1234567890);
  CHECK_INT ("utime: the host's mtime ns", st.st_mtim.tv_nsec, 0);
  /* Past 2038.  */
  ub.modtime = 4102444800;
  CHECK_INT ("utime in 2100", utime ("u", &ub), 0);
  real_stat ("u", &st);
  CHECK_INT ("utime in 2100: the host's mtime", st.st_mtim.tv_sec,
	     4102444800);

  struct timeval tv[2] = { { 1100000000, 250000 }, { 1200000000, 999999 } };
  CHECK_INT ("utimes", utimes ("u", tv), 0);
  real_stat ("u", &st);
  CHECK_INT ("utimes: the host's atime",
	     ns_of (st.st_atim), 1100000000250000000ll);
  CHECK_INT ("utimes: the host's mtime",
	     ns_of (st.st_mtim), 1200000000999999000ll);
  tv[0].tv_usec = 1000000;
  CHECK_ERRNO ("utimes, usec 1000000: EINVAL", utimes ("u", tv), EINVAL);
  tv[0].tv_usec = 0;
  tv[1].tv_usec = -1;
  CHECK_ERRNO ("utimes, usec -1: EINVAL", utimes ("u", tv), EINVAL);
  real_stat ("u", &st);
  CHECK_INT ("utimes EINVAL: times unchanged", ns_of (st.st_mtim),
	     1200000000999999000ll);

  /* NULL: now, on the host's clock.  */
  long long before = host_now_ns (CLOCK_REALTIME);
  CHECK_INT ("utime (NULL)", utime ("u", NULL), 0);
  real_stat ("u", &st);
  long long after = host_now_ns (CLOCK_REALTIME);
  /* The file system's clock may lag the host's by a tick.  */
  check (ns_of (st.st_mtim) >= before - 20000000
	 && ns_of (st.st_mtim) <= after,
	 "utime (NULL): mtime is now", "%lld ns from the call",
	 ns_of (st.st_mtim) - before);
  check (ns_of (st.st_atim) >= before - 20000000
	 && ns_of (st.st_atim) <= after,
	 "utime (NULL): atime is now", "%lld ns from the call",
	 ns_of (st.st_atim) - before);
  utime ("u", &ub);
  before = host_now_ns (CLOCK_REALTIME);
  CHECK_INT ("utimes (NULL)", utimes ("u", NULL), 0);
  real_stat ("u", &st);
  after = host_now_ns (CLOCK_REALTIME);
  check (ns_of (st.st_mtim) >= before - 20000000
	 && ns_of (st.st_mtim) <= after,
	 "utimes (NULL): mtime is now", "%lld ns from the call",
	 ns_of (st.st_mtim) - before);
  CHECK_ERRNO ("utime a missing file: ENOENT", utime ("missing", &ub),
	       ENOENT);
  CHECK_ERRNO ("utimes a missing file: ENOENT", utimes ("missing", NULL),
	       ENOENT);
}

static void
duplicates (void)
{
  struct stat st, host;
  char buf[16];

  int fd = open_ok ("dup: open", "dupf", O_RDWR | O_CREAT | O_TRUNC, 0644);
  int d = dup (fd);
  check (d >= 0 && d != fd, "dup", "dup (%d) = %d errno %s", fd, d,
	 errno_name (errno));
  CHECK_INT ("dup: the lowest free number", d, fd + 1);
  CHECK_INT ("write through the first", write (fd, "abc", 3), 3);
  CHECK_INT ("the dup shares the offset", lseek (d, 0, SEEK_CUR), 3);
  CHECK_INT ("lseek through the dup", lseek (d, 1, SEEK_SET), 1);
  CHECK_INT ("write through the first again", write (fd, "X", 1), 1);
  file_is ("the write lands at the dup's offset", "dupf", "aXc");
  CHECK_INT ("close the first", close (fd), 0);
  CHECK_INT ("the dup still writes", write (d, "yz", 2), 2);
  file_is ("the dup still writes: contents", "dupf", "aXyz");
  CHECK_INT ("the dup reads", lseek (d, 0, SEEK_SET), 0);
  CHECK_INT ("the dup reads: count", read (d, buf, sizeof buf), 4);
  check_bytes ("the dup reads: bytes", buf, "aXyz", 4);

  /* The lowest free number, with a hole below the highest.  */
  int a = open_ok ("dup: hole a", "dupf", O_RDONLY, 0);
  int b = open_ok ("dup: hole b", "dupf", O_RDONLY, 0);
  int c = open_ok ("dup: hole c", "dupf", O_RDONLY, 0);
  CHECK_INT ("close the middle one", close (b), 0);
  CHECK_INT ("dup takes the hole", dup (c), b);
  close (a);
  close (b);
  close (c);

  /* dup2 onto an open descriptor closes what it held, on the host too.  */
  spit ("other", "other", 5);
  int o = open_ok ("dup2: open another file", "other", O_RDWR, 0);
  int before = host_fds_open ();
  CHECK_INT ("dup2 onto an open fd", dup2 (d, o), o);
  CHECK_INT ("dup2 onto an open fd: the old host fd is closed",
	     host_fds_open (), before);
  CHECK_INT ("dup2 onto an open fd: fstat", fstat (o, &st), 0);
  real_stat ("dupf", &host);
  CHECK_INT ("dup2 onto an open fd: now the dup's file", st.st_ino,
	     host.st_ino);
  CHECK_INT ("dup2: the offset is shared", lseek (o, 0, SEEK_CUR), 4);
  CHECK_INT ("dup2: write through it", write (o, "!", 1), 1);
  file_is ("dup2: the write went to the dup's file", "dupf", "aXyz!");
  file_is ("dup2: the other file is untouched", "other", "other");
  CHECK_INT ("dup2 (fd, fd)", dup2 (d, d), d);
  CHECK_INT ("dup2 (fd, fd): still open", fstat (d, &st), 0);
  CHECK_INT ("dup2 onto a free number, 100", dup2 (d, 100), 100);
  CHECK_INT ("dup2 onto 100: offset", lseek (100, 0, SEEK_CUR), 5);
  CHECK_INT ("dup2 onto the last fd", dup2 (d, NVPTX_RPC_FDS - 1),
	     NVPTX_RPC_FDS - 1);
  CHECK_ERRNO ("dup2 onto -1: EBADF", dup2 (d, -1), EBADF);
  CHECK_ERRNO ("dup2 past the last fd: EBADF", dup2 (d, NVPTX_RPC_FDS), EBADF);
  CHECK_ERRNO ("dup2 onto 100000: EBADF", dup2 (d, 100000), EBADF);
  CHECK_ERRNO ("dup2 of a free fd: EBADF", dup2 (99, 10), EBADF);
  CHECK_ERRNO ("dup2 (free fd, itself): EBADF", dup2 (99, 99), EBADF);
  CHECK_ERRNO ("dup2 of fd -1: EBADF", dup2 (-1, 10), EBADF);
  CHECK_ERRNO ("dup of a free fd: EBADF", dup (99), EBADF);
  CHECK_ERRNO ("dup of fd -1: EBADF", dup (-1), EBADF);
  CHECK_ERRNO ("dup past the last fd: EBADF", dup (NVPTX_RPC_FDS), EBADF);
  close (100);
  close (NVPTX_RPC_FDS - 1);
  close (o);
  close (d);
  CHECK_INT ("every descriptor of this test closed on the host",
	     host_fds_open (), before - 2);
}

static void
fcntl_checks (void)
{
  int fd = open_ok ("fcntl: open", "fc", O_WRONLY | O_CREAT | O_TRUNC, 0644);

  int d = fcntl (fd, F_DUPFD, 10);
  CHECK_INT ("F_DUPFD 10", d, 10);
  CHECK_INT ("F_DUPFD 10 again", fcntl (fd, F_DUPFD, 10), 11);
  CHECK_INT ("F_DUPFD: write through it", write (d, "ab", 2), 2);
  CHECK_INT ("F_DUPFD: the offset is shared", lseek (fd, 0, SEEK_CUR), 2);
  CHECK_INT ("F_DUPFD: the dup has no FD_CLOEXEC", fcntl (d, F_GETFD), 0);
  int c = fcntl (fd, F_DUPFD_CLOEXEC, 20);
  CHECK_INT ("F_DUPFD_CLOEXEC 20", c, 20);
  CHECK_INT ("F_DUPFD_CLOEXEC: F_GETFD", fcntl (c, F_GETFD), FD_CLOEXEC);
  CHECK_INT ("F_DUPFD_CLOEXEC: the original's F_GETFD",
	     fcntl (fd, F_GETFD), 0);
  CHECK_INT ("F_SETFD 0", fcntl (c, F_SETFD, 0), 0);
  CHECK_INT ("F_SETFD 0: F_GETFD", fcntl (c, F_GETFD), 0);
  CHECK_INT ("F_SETFD FD_CLOEXEC", fcntl (fd, F_SETFD, FD_CLOEXEC), 0);
  CHECK_INT ("F_SETFD FD_CLOEXEC: F_GETFD", fcntl (fd, F_GETFD), FD_CLOEXEC);
  CHECK_INT ("F_SETFD is per descriptor: the dup's", fcntl (d, F_GETFD), 0);
  int e = dup (fd);
  CHECK_INT ("dup clears FD_CLOEXEC", fcntl (e, F_GETFD), 0);
  close (e);
  e = open_ok ("open O_CLOEXEC", "fc", O_RDONLY | O_CLOEXEC, 0);
  CHECK_INT ("open O_CLOEXEC: F_GETFD", fcntl (e, F_GETFD), FD_CLOEXEC);
  CHECK_INT ("open O_CLOEXEC: F_GETFL", fcntl (e, F_GETFL), O_RDONLY);
  close (e);
  CHECK_INT ("F_DUPFD onto a busy minimum: the next free",
	     fcntl (fd, F_DUPFD, c), 21);
  CHECK_INT ("F_DUPFD the last fd", fcntl (fd, F_DUPFD, NVPTX_RPC_FDS - 1),
	     NVPTX_RPC_FDS - 1);
  CHECK_ERRNO ("F_DUPFD the last fd with it taken: EMFILE",
	       fcntl (fd, F_DUPFD, NVPTX_RPC_FDS - 1), EMFILE);
  close (NVPTX_RPC_FDS - 1);
  close (21);
  close (c);
  close (11);
  close (d);
  CHECK_INT ("F_GETFL O_WRONLY", fcntl (fd, F_GETFL), O_WRONLY);
  close (fd);

  spit ("fa", "abc", 3);
  fd = open_ok ("F_GETFL: open O_WRONLY|O_APPEND", "fa",
		O_WRONLY | O_APPEND, 0);
  CHECK_INT ("F_GETFL O_WRONLY|O_APPEND", fcntl (fd, F_GETFL),
	     O_WRONLY | O_APPEND);
  close (fd);
  fd = open_ok ("F_GETFL: open O_RDWR|O_NONBLOCK", "fa",
		O_RDWR | O_NONBLOCK, 0);
  CHECK_INT ("F_GETFL O_RDWR|O_NONBLOCK", fcntl (fd, F_GETFL),
	     O_RDWR | O_NONBLOCK);
  close (fd);

  fd = open_ok ("F_SETFL: open O_WRONLY", "fa", O_WRONLY, 0);
  CHECK_INT ("F_SETFL O_APPEND", fcntl (fd, F_SETFL, O_APPEND), 0);
  CHECK_INT ("F_SETFL O_APPEND: F_GETFL", fcntl (fd, F_GETFL),
	     O_WRONLY | O_APPEND);
  CHECK_INT ("F_SETFL O_APPEND: the offset still 0", lseek (fd, 0, SEEK_CUR),
	     0);
  CHECK_INT ("F_SETFL O_APPEND: write", write (fd, "d", 1), 1);
  file_is ("F_SETFL O_APPEND: the write appends", "fa", "abcd");
  CHECK_INT ("F_SETFL 0", fcntl (fd, F_SETFL, 0), 0);
  CHECK_INT ("F_SETFL 0: F_GETFL", fcntl (fd, F_GETFL), O_WRONLY);
  CHECK_INT ("F_SETFL 0: lseek 0", lseek (fd, 0, SEEK_SET), 0);
  CHECK_INT ("F_SETFL 0: write", write (fd, "Z", 1), 1);
  file_is ("F_SETFL 0: the write no longer appends", "fa", "Zbcd");
  /* The access mode is not changed by F_SETFL.  */
  CHECK_INT ("F_SETFL O_RDWR", fcntl (fd, F_SETFL, O_RDWR), 0);
  CHECK_INT ("F_SETFL O_RDWR: still O_WRONLY", fcntl (fd, F_GETFL), O_WRONLY);

  CHECK_ERRNO ("fcntl, unknown command: EINVAL", fcntl (fd, 12345, 0),
	       EINVAL);
  CHECK_ERRNO ("F_DUPFD past the last fd: EINVAL",
	       fcntl (fd, F_DUPFD, NVPTX_RPC_FDS), EINVAL);
  CHECK_ERRNO ("F_DUPFD -1: EINVAL", fcntl (fd, F_DUPFD, -1), EINVAL);
  close (fd);
  CHECK_ERRNO ("F_GETFD on a closed fd: EBADF", fcntl (fd, F_GETFD), EBADF);
  CHECK_ERRNO ("F_SETFD on a closed fd: EBADF",
	       fcntl (fd, F_SETFD, FD_CLOEXEC), EBADF);
  CHECK_ERRNO ("F_GETFL on fd -1: EBADF", fcntl (-1, F_GETFL), EBADF);
  CHECK_ERRNO ("F_SETFL past the last fd: EBADF",
	       fcntl (NVPTX_RPC_FDS, F_SETFL, 0), EBADF);
  CHECK_ERRNO ("F_DUPFD of a closed fd: EBADF", fcntl (fd, F_DUPFD, 0),
	       EBADF);
  CHECK_ERRNO ("F_DUPFD_CLOEXEC of a closed fd: EBADF",
	       fcntl (fd, F_DUPFD_CLOEXEC, 0), EBADF);
}

static void
working_directory (void)
{
  /* Room for START and a name after it.  */
  char host[PATH_MAX], buf[PATH_MAX + 16], start[PATH_MAX];
  struct stat st;

  real_getcwd (start, sizeof start);
  memset (buf, 0, sizeof buf);
  CHECK ("getcwd", getcwd (buf, sizeof buf) == buf);
  check (strcmp (buf, start) == 0, "getcwd: the host's", "\"%s\" vs \"%s\"",
	 buf, start);
  size_t length = strlen (start);
  CHECK ("getcwd, room for exactly the path and NUL",
	 getcwd (buf, length + 1) == buf && strcmp (buf, start) == 0);
  CHECK_ERRNO ("getcwd, room for the path but not its NUL: ERANGE",
	       getcwd (buf, length) ? 0 : -1, ERANGE);
  CHECK_ERRNO ("getcwd, 1 byte: ERANGE", getcwd (buf, 1) ? 0 : -1, ERANGE);
  CHECK_ERRNO ("getcwd, size 0: EINVAL", getcwd (buf, 0) ? 0 : -1, EINVAL);
  char *p = getcwd (NULL, 0);
  check (p && strcmp (p, start) == 0, "getcwd (NULL, 0) allocates",
	 "%s", p ? p : "NULL");
  free (p);
  p = getcwd (NULL, sizeof buf);
  check (p && strcmp (p, start) == 0, "getcwd (NULL, PATH_MAX) allocates",
	 "%s", p ? p : "NULL");
  free (p);
  CHECK_ERRNO ("getcwd (NULL, 2): ERANGE", getcwd (NULL, 2) ? 0 : -1,
	       ERANGE);

  /* chdir moves the host's working directory: relative paths follow.  */
  real_mkdir ("sub", 0755);
  CHECK_INT ("chdir", chdir ("sub"), 0);
  real_getcwd (host, sizeof host);
  snprintf (buf, sizeof buf, "%s/sub", start);
  check (strcmp (host, buf) == 0, "chdir: the host's cwd", "\"%s\"", host);
  CHECK ("chdir: getcwd", getcwd (buf, sizeof buf) && !strcmp (buf, host));
  int fd = open_ok ("chdir: create a relative path", "inner",
		    O_WRONLY | O_CREAT | O_TRUNC, 0644);
  close (fd);
  snprintf (buf, sizeof buf, "%s/sub/inner", start);
  CHECK_INT ("chdir: the file is in the new directory", real_stat (buf, &st),
	     0);
  CHECK_ERRNO ("chdir: not in the old one", access ("../inner", F_OK),
	       ENOENT);
  CHECK_INT ("chdir ..", chdir (".."), 0);
  CHECK ("chdir ..: back", real_getcwd (host, sizeof host)
	 && strcmp (host, start) == 0);
  CHECK_INT ("after chdir ..: relative paths", access ("sub/inner", F_OK),
	     0);
  spit ("notdir", "x", 1);
  CHECK_ERRNO ("chdir a missing directory: ENOENT", chdir ("missing"),
	       ENOENT);
  CHECK_ERRNO ("chdir a file: ENOTDIR", chdir ("notdir"), ENOTDIR);
  CHECK ("chdir failures: cwd unchanged", real_getcwd (host, sizeof host)
	 && strcmp (host, start) == 0);
  CHECK_INT ("chdir /", chdir ("/"), 0);
  CHECK ("chdir /: getcwd", getcwd (buf, sizeof buf) && !strcmp (buf, "/"));
  CHECK_INT ("chdir back by absolute path", chdir (start), 0);
  CHECK ("chdir back: the host's cwd", real_getcwd (host, sizeof host)
	 && strcmp (host, start) == 0);

  /* A working directory whose name is longer than every window but the
     largest: getcwd's reply in pieces, chdir's path too.  */
  char deep[3300];
  size_t at = 0;
  for (int level = 0; level < 16; level++)
    {
      if (at)
	deep[at++] = '/';
      memset (deep + at, 'k' + level % 10, 199);
      at += 199;
      deep[at] = '\0';
      real_mkdir (deep, 0755);
    }
  CHECK_INT ("chdir into a 3199-byte relative path", chdir (deep), 0);
  real_getcwd (host, sizeof host);
  length = strlen (start);
  check (strncmp (host, start, length) == 0 && host[length] == '/'
	 && strcmp (host + length + 1, deep) == 0,
	 "chdir deep: the host's cwd", "%.60s...", host);
  memset (buf, 0, sizeof buf);
  CHECK ("getcwd deep", getcwd (buf, sizeof buf) == buf);
  check (strcmp (buf, host) == 0, "getcwd deep: the host's",
	 "%zu bytes vs %zu", strlen (buf), strlen (host));
  length = strlen (host);
  memset (buf, 0, sizeof buf);
  CHECK ("getcwd deep, room for exactly the path and NUL",
	 getcwd (buf, length + 1) == buf && strcmp (buf, host) == 0);
  CHECK_ERRNO ("getcwd deep, room for the path but not its NUL: ERANGE",
	       getcwd (buf, length) ? 0 : -1, ERANGE);
  CHECK_ERRNO ("getcwd deep, 1000 bytes: ERANGE",
	       getcwd (buf, 1000) ? 0 : -1, ERANGE);
  /* Longer than the first guess of its own buffer (and than newlib's
     PATH_MAX, 1024): the buffer grows to what the reply says.  */
  char *grown = getcwd (NULL, 0);
  check (grown && strcmp (grown, host) == 0,
	 "getcwd (NULL, 0) deep: allocates as much as needed", "%s",
	 grown ? "another path" : "NULL");
  free (grown);
  p = getcwd (NULL, 0);
  check (p && strcmp (p, host) == 0, "getcwd deep (NULL, 0)",
	 "%.60s", p ? p : "NULL");
  free (p);
  CHECK_INT ("chdir back from deep", chdir (start), 0);
}

/* Names in the big directory: NUMBER as 3 digits, then a letter to the
   length; every tenth is 255 bytes, the most a name may have.  */
#define BIG_ENTRIES 300

static void
big_name (char *name, int number)
{
  size_t length = number % 10 == 0 ? 255 : 4 + number % 60;

  snprintf (name, 4, "%03d", number);
  memset (name + 3, 'a' + number % 26, length - 3);
  name[length] = '\0';
}

/* The type each entry should have: a few directories and symlinks.  */
static int
big_type (int number)
{
  return number % 100 == 1 ? DT_DIR : number % 100 == 2 ? DT_LNK : DT_REG;
}

static void
make_big_directory (void)
{
  char name[256], path[300];

  real_mkdir ("big", 0755);
  for (int i = 0; i < BIG_ENTRIES; i++)
    {
      big_name (name, i);
      snprintf (path, sizeof path, "big/%s", name);
      if (big_type (i) == DT_DIR)
	real_mkdir (path, 0755);
      else if (big_type (i) == DT_LNK)
	real_symlink ("nowhere", path);
      else
	spit (path, name, 3);
    }
}

/* Read DIR to its end: each of the big directory's names once, with its
   type and inode, and "." and "..".  */
static void
read_big_directory (const char *what, DIR *dir)
{
  static int seen[BIG_ENTRIES];
  int dots = 0, dotdots = 0, strangers = 0, wrong_name = 0, wrong_type = 0;
  int wrong_ino = 0, twice = 0, missing = 0;
  struct dirent *e;
  char name[256], path[300];
  struct stat st;

  memset (seen, 0, sizeof seen);
  errno = 0;
  while ((e = readdir (dir)) != NULL)
    {
      if (strcmp (e->d_name, ".") == 0)
	{
	  dots++;
	  wrong_type += e->d_type != DT_DIR;
	  continue;
	}
      if (strcmp (e->d_name, "..") == 0)
	{
	  dotdots++;
	  wrong_type += e->d_type != DT_DIR;
	  continue;
	}
      int number = atoi (e->d_name);
      if (number < 0 || number >= BIG_ENTRIES)
	{
	  strangers++;
	  continue;
	}
      big_name (name, number);
      if (strcmp (e->d_name, name) != 0)
	{
	  wrong_name++;
	  continue;
	}
      twice += seen[number]++ == 1;
      wrong_type += e->d_type != big_type (number);
      snprintf (path, sizeof path, "big/%s", name);
      wrong_ino += real_lstat (path, &st) != 0 || st.st_ino != e->d_ino;
    }
  CHECK_INT (name_of ("%s: the end, errno untouched", what), errno, 0);
  for (int i = 0; i < BIG_ENTRIES; i++)
    missing += seen[i] == 0;
  CHECK_INT (name_of ("%s: every name", what), missing, 0);
  CHECK_INT (name_of ("%s: no name twice", what), twice, 0);
  CHECK_INT (name_of ("%s: no other name", what), strangers, 0);
  CHECK_INT (name_of ("%s: no damaged name", what), wrong_name, 0);
  CHECK_INT (name_of ("%s: \".\" once", what), dots, 1);
  CHECK_INT (name_of ("%s: \"..\" once", what), dotdots, 1);
  CHECK_INT (name_of ("%s: d_type", what), wrong_type, 0);
  CHECK_INT (name_of ("%s: d_ino", what), wrong_ino, 0);
  errno = 0;
  CHECK (name_of ("%s: readdir at the end again: NULL", what),
	 readdir (dir) == NULL && errno == 0);
}

static void
directory_streams (void)
{
  DIR *dir;
  struct dirent *e;

  make_big_directory ();
  uint32_t before = requests_sent ();
  dir = opendir ("big");
  CHECK ("opendir", dir != NULL);
  if (dir == NULL)
    return;
  int fd = dirfd (dir);
  CHECK ("dirfd", fd >= 0);
  read_big_directory ("readdir", dir);
  /* 300 entries of 24 to 272 bytes, in blocks of at most the client's
     2048: many fetches, each in several pieces at small windows.  */
  check (requests_sent () - before > 10, "readdir: many requests",
	 "%u", requests_sent () - before);
  rewinddir (dir);
  read_big_directory ("rewinddir", dir);
  /* A rewind in the middle starts over too.  */
  rewinddir (dir);
  int n = 0;
  while (n < 50 && readdir (dir) != NULL)
    n++;
  CHECK_INT ("rewinddir, read 50", n, 50);
  rewinddir (dir);
  read_big_directory ("rewinddir after 50", dir);
  CHECK_INT ("closedir", closedir (dir), 0);
  CHECK_ERRNO ("closedir closed its fd", fcntl (fd, F_GETFD), EBADF);

  /* fdopendir takes a descriptor opened by the program.  */
  fd = open_ok ("fdopendir: open", "big", O_RDONLY | O_DIRECTORY, 0);
  dir = fdopendir (fd);
  CHECK ("fdopendir", dir != NULL);
  if (dir == NULL)
    return;
  CHECK_INT ("fdopendir: dirfd", dirfd (dir), fd);
  read_big_directory ("fdopendir", dir);
  CHECK_INT ("fdopendir: closedir", closedir (dir), 0);
  CHECK_ERRNO ("fdopendir: closedir closed the fd", close (fd), EBADF);

  real_mkdir ("nothing", 0755);
  dir = opendir ("nothing");
  CHECK ("opendir an empty directory", dir != NULL);
  if (dir != NULL)
    {
      n = 0;
      while ((e = readdir (dir)) != NULL)
	n += strcmp (e->d_name, ".") == 0 || strcmp (e->d_name, "..") == 0
	     ? 1 : 100;
      CHECK_INT ("an empty directory: \".\" and \"..\" only", n, 2);
      closedir (dir);
    }

  spit ("afile", "x", 1);
  errno = 0;
  CHECK ("opendir a file: ENOTDIR",
	 opendir ("afile") == NULL && errno == ENOTDIR);
  errno = 0;
  CHECK ("opendir a missing path: ENOENT",
	 opendir ("missing") == NULL && errno == ENOENT);
  /* readdir on a descriptor that is no directory: the host's error.  */
  fd = open_ok ("fdopendir a file: open", "afile", O_RDONLY, 0);
  dir = fdopendir (fd);
  if (dir != NULL)
    {
      errno = 0;
      CHECK ("readdir of a file: ENOTDIR",
	     readdir (dir) == NULL && errno == ENOTDIR);
      closedir (dir);
    }
  else
    {
      CHECK_INT ("fdopendir a file: ENOTDIR", errno, ENOTDIR);
      CHECK_INT ("fdopendir a file: the fd stays open", close (fd), 0);
    }
}

static void
file_mode_mask (void)
{
  CHECK_INT ("umask returns the old mask", umask (077), 022);
  int fd = creat ("um", 0666);
  CHECK ("creat under umask 077", fd >= 0);
  close (fd);
  CHECK_INT ("creat under umask 077: the host's mode", host_mode ("um"),
	     0600);
  CHECK_INT ("mkdir under umask 077", mkdir ("umd", 0777), 0);
  CHECK_INT ("mkdir under umask 077: the host's mode", host_mode ("umd"),
	     0700);
  CHECK_INT ("umask only takes permission bits", umask (0777 | 07000), 077);
  CHECK_INT ("umask 0777: then", umask (0), 0777);
  fd = creat ("um0", 0666);
  close (fd);
  CHECK_INT ("creat under umask 0: the host's mode", host_mode ("um0"),
	     0666);
  CHECK_INT ("umask restored", umask (022), 0);
  CHECK_INT ("the host's umask is 022 again", real_umask (022), 022);
}

static void
clocks (void)
{
  struct timespec ts, prev;
  struct timeval tv;

  CHECK_INT ("clock_gettime REALTIME", clock_gettime (CLOCK_REALTIME, &ts), 0);
  long long diff = host_now_ns (CLOCK_REALTIME) - ns_of (ts);
  check (diff >= 0 && diff < 2000000000, "REALTIME: the host's",
	 "%lld ns apart", diff);
  check (ts.tv_nsec >= 0 && ts.tv_nsec < 1000000000, "REALTIME: tv_nsec",
	 "%ld", (long) ts.tv_nsec);
  CHECK_INT ("clock_gettime MONOTONIC", clock_gettime (CLOCK_MONOTONIC, &prev),
	     0);
  diff = host_now_ns (CLOCK_MONOTONIC) - ns_of (prev);
  check (diff >= 0 && diff < 2000000000, "MONOTONIC: the host's",
	 "%lld ns apart", diff);
  int backwards = 0;
  for (int i = 0; i < 100; i++)
    {
      clock_gettime (CLOCK_MONOTONIC, &ts);
      backwards += ns_of (ts) < ns_of (prev);
      prev = ts;
    }
  CHECK_INT ("MONOTONIC never goes back", backwards, 0);
  CHECK_ERRNO ("clock_gettime CLOCK_PROCESS_CPUTIME_ID: EINVAL",
	       clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts), EINVAL);
  CHECK_ERRNO ("clock_gettime clock 99: EINVAL", clock_gettime (99, &ts),
	       EINVAL);

  CHECK_INT ("gettimeofday", gettimeofday (&tv, NULL), 0);
  diff = host_now_ns (CLOCK_REALTIME)
	 - (tv.tv_sec * 1000000000ll + tv.tv_usec * 1000);
  check (diff >= 0 && diff < 2000000000, "gettimeofday: the host's",
	 "%lld ns apart", diff);
  check (tv.tv_usec >= 0 && tv.tv_usec < 1000000, "gettimeofday: tv_usec",
	 "%ld", (long) tv.tv_usec);

  /* times: the elapsed time is the host's monotonic clock, in ticks of
     CLOCKS_PER_SEC; the process times only grow.  (clock is newlib's own,
     their sum, and is not the client's.)  */
  struct tms t1, t2;
  clock_t e1 = times (&t1);
  long long mono = host_now_ns (CLOCK_MONOTONIC)
		   / (1000000000 / CLOCKS_PER_SEC);
  check (e1 != (clock_t) -1 && mono - e1 >= 0
	 && mono - e1 < 2 * CLOCKS_PER_SEC,
	 "times: elapsed is the host's monotonic clock", "%lld ticks apart",
	 mono - (long long) e1);
  CHECK ("times: non-negative", t1.tms_utime >= 0 && t1.tms_stime >= 0
	 && t1.tms_cutime >= 0 && t1.tms_cstime >= 0);
  /* Burn a little CPU so that the process times may move.  */
  volatile unsigned sink = 0;
  for (unsigned i = 0; i < 20000000; i++)
    sink += i;
  clock_t e2 = times (&t2);
  CHECK ("times: elapsed does not go back", e2 >= e1);
  CHECK ("times: process times do not go back",
	 t2.tms_utime + t2.tms_stime >= t1.tms_utime + t1.tms_stime);
  CHECK ("times: children's times do not go back",
	 t2.tms_cutime >= t1.tms_cutime && t2.tms_cstime >= t1.tms_cstime);
}

static void
system_values (void)
{
  CHECK_INT ("sysconf _SC_PAGESIZE", sysconf (_SC_PAGESIZE),
	     real_sysconf (_SC_PAGESIZE));
  CHECK_INT ("sysconf _SC_PAGE_SIZE", sysconf (_SC_PAGE_SIZE),
	     real_sysconf (_SC_PAGESIZE));
  CHECK_INT ("sysconf _SC_OPEN_MAX", sysconf (_SC_OPEN_MAX), NVPTX_RPC_FDS);
  CHECK_INT ("sysconf _SC_CLK_TCK", sysconf (_SC_CLK_TCK), CLOCKS_PER_SEC);
  CHECK_ERRNO ("sysconf 99999: EINVAL", sysconf (99999), EINVAL);
  CHECK_ERRNO ("sysconf -1: EINVAL", sysconf (-1), EINVAL);

  CHECK_INT ("getpid", getpid (), real_getpid ());
  CHECK_INT ("getppid", getppid (), real_getppid ());
  CHECK_INT ("getuid", getuid (), real_getuid ());
  CHECK_INT ("geteuid", geteuid (), real_geteuid ());
  CHECK_INT ("getgid", getgid (), real_getgid ());
  CHECK_INT ("getegid", getegid (), real_getegid ());
}

/* Milliseconds CALL took on the host's monotonic clock; *RC its result.  */
#define TIMED_MS(rc, call) \
  ({ long long t0_ = host_now_ns (CLOCK_MONOTONIC); \
     (rc) = (call); \
     (host_now_ns (CLOCK_MONOTONIC) - t0_) / 1000000; })

static void
sleeps (void)
{
  struct timespec ts = { 0, 20000000 };
  long long rc, ms;

  uint32_t before = requests_sent ();
  ms = TIMED_MS (rc, nanosleep (&ts, NULL));
  CHECK_INT ("nanosleep 20 ms", rc, 0);
  check (ms >= 20, "nanosleep 20 ms: at least 20 ms", "%lld ms", ms);
  /* On the GPU it runs on the GPU's clock, never asking the host.  */
  CHECK_INT ("nanosleep: no request", requests_sent () - before, 0);
  ts = (struct timespec) { 0, 0 };
  CHECK_INT ("nanosleep 0", nanosleep (&ts, NULL), 0);
  ts = (struct timespec) { 0, 1000000000 };
  CHECK_ERRNO ("nanosleep, tv_nsec 1e9: EINVAL", nanosleep (&ts, NULL),
	       EINVAL);
  ts = (struct timespec) { 0, -1 };
  CHECK_ERRNO ("nanosleep, tv_nsec -1: EINVAL", nanosleep (&ts, NULL),
	       EINVAL);
  ts = (struct timespec) { -1, 0 };
  CHECK_ERRNO ("nanosleep, tv_sec -1: EINVAL", nanosleep (&ts, NULL),
	       EINVAL);
  ms = TIMED_MS (rc, usleep (20000));
  CHECK_INT ("usleep 20000", rc, 0);
  check (ms >= 20, "usleep 20000: at least 20 ms", "%lld ms", ms);
  ms = TIMED_MS (rc, usleep (1000000));
  CHECK_INT ("usleep 1000000", rc, 0);
  check (ms >= 1000, "usleep 1000000: at least 1 s", "%lld ms", ms);
  ms = TIMED_MS (rc, sleep (1));
  CHECK_INT ("sleep 1", rc, 0);
  check (ms >= 1000, "sleep 1: at least 1 s", "%lld ms", ms);
  CHECK_INT ("sleep 0", sleep (0), 0);
}

static void
unsupported (void)
{
  int fds[2] = { -7, -7 }, status;
  char *argv[] = { "/bin/true", NULL }, *envp[] = { NULL };

  uint32_t before = requests_sent ();
  CHECK_ERRNO ("pipe: ENOSYS", pipe (fds), ENOSYS);
  CHECK ("pipe: the array untouched", fds[0] == -7 && fds[1] == -7);
  CHECK_ERRNO ("fork: ENOSYS", fork (), ENOSYS);
  CHECK_ERRNO ("execve: ENOSYS", execve ("/bin/true", argv, envp), ENOSYS);
  CHECK_ERRNO ("wait: ENOSYS", wait (&status), ENOSYS);
  CHECK_ERRNO ("waitpid: ENOSYS", waitpid (-1, &status, 0), ENOSYS);
  CHECK_ERRNO ("execvp: ENOSYS", execvp ("true", argv), ENOSYS);
  CHECK_INT ("pipe fork execve wait waitpid execvp: no request",
	     requests_sent () - before, 0);
}

/* Threads fetching reply blocks at once, each of many pieces at small
   windows: the client lock must cover a call's pieces, or one thread's
   request would drop another's block.  */
#define READLINKERS 2
#define LISTERS 2

static int concurrent_errors[READLINKERS + LISTERS];

static void *
readlinker (void *arg)
{
  int thread = (int) (intptr_t) arg;
  static char want[READLINKERS][4001];
  char back[4001];
  ssize_t n = real_readlink ("longlink", want[thread], 4001);

  harness_spinner_thread ();
  for (int i = 0; i < 40; i++)
    if (readlink ("longlink", back, sizeof back) != n
	|| memcmp (back, want[thread], n) != 0)
      concurrent_errors[thread]++;
  return NULL;
}

static void *
lister (void *arg)
{
  int thread = (int) (intptr_t) arg;

  harness_spinner_thread ();
  for (int i = 0; i < 4; i++)
    {
      DIR *dir = opendir ("big");
      int n = 0;
      if (dir == NULL)
	{
	  concurrent_errors[thread]++;
	  continue;
	}
      while (readdir (dir) != NULL)
	n++;
      concurrent_errors[thread] += n != BIG_ENTRIES + 2;
      closedir (dir);
    }
  return NULL;
}

static void
concurrent_reply_blocks (void)
{
  pthread_t threads[READLINKERS + LISTERS];

  memset (concurrent_errors, 0, sizeof concurrent_errors);
  for (int t = 0; t < READLINKERS + LISTERS; t++)
    real_pthread_create (&threads[t], NULL, t < READLINKERS ? readlinker : lister,
		    (void *) (intptr_t) t);
  int errors = 0;
  for (int t = 0; t < READLINKERS + LISTERS; t++)
    {
      real_pthread_join (threads[t], NULL);
      errors += concurrent_errors[t];
    }
  CHECK_INT ("threads readlink and readdir at once: every result right",
	     errors, 0);
}

/* The launcher's own standard streams: the program may dup and replace
   its descriptors 1 and 2, never the launcher's.  Last: it takes guest
   fd 2 away from the host's stderr for the rest of the run.  */
static void
standard_streams (void)
{
  struct stat st;

  if (fstat (2, &st) != 0)
    {
      note ("no standard error: standard stream checks not run");
      return;
    }
  int before = host_fds_open ();
  int d = dup (2);
  CHECK ("dup (2)", d > 2);
  CHECK_INT ("dup (2): a host descriptor more", host_fds_open (), before + 1);
  CHECK_INT ("close the dup of 2", close (d), 0);
  CHECK_INT ("close the dup of 2: the host's stderr stays open",
	     real_fcntl (2, F_GETFD) != -1, 1);
  int fd = open_ok ("open a file for 2", "err", O_WRONLY | O_CREAT | O_TRUNC,
		    0644);
  CHECK_INT ("dup2 onto 2", dup2 (fd, 2), 2);
  CHECK_INT ("dup2 onto 2: the host's stderr stays open",
	     real_fcntl (2, F_GETFD) != -1, 1);
  CHECK_INT ("write to 2", write (2, "to the file", 11), 11);
  file_is ("write to 2: it went to the file", "err", "to the file");
  close (fd);
  CHECK_INT ("close 2", close (2), 0);
  CHECK_INT ("close 2: the host's stderr stays open",
	     real_fcntl (2, F_GETFD) != -1, 1);
}

int
main (void)
{
  harness_begin ("test-posix");
  size_t nruns;
  const struct harness_run *runs = harness_runs (&nruns);
  for (size_t r = 0; r < nruns; r++)
    {
      window = runs[r].window;
      run_begin (&runs[r], NULL);
      symlinks ();
      remove_directories ();
      modes ();
      access_checks ();
      truncation ();
      syncs ();
      file_times ();
      duplicates ();
      fcntl_checks ();
      working_directory ();
      directory_streams ();
      file_mode_mask ();
      clocks ();
      system_values ();
      sleeps ();
      unsupported ();
      concurrent_reply_blocks ();
      standard_streams ();
      run_end ();
    }
  compare_runs ("results");
  return harness_end ();
}
