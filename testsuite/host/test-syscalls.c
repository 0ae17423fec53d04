/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* POSIX semantics of each call through the client and the real server:
   results, errno values, file contents and metadata, compared with what
   the host's own calls see.  */

#define _GNU_SOURCE		/* posix_openpt, ptsname.  */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "harness.h"

static uint32_t window;

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
  size_t len = 0, want = strlen (content);
  unsigned char *back = slurp (path, &len);
  bool ok = back && len == want && memcmp (back, content, len) == 0;

  check (ok, name, "%s holds %zu bytes \"%.*s\", expected \"%s\"", path,
	 back ? len : 0, back ? (int) (len < 40 ? len : 40) : 0,
	 back ? (const char *) back : "", content);
  free (back);
  return ok;
}

static void
bad_descriptors (void)
{
  struct stat st;
  char c;

  /* Nothing opened yet: fd 3 is free.  */
  CHECK_ERRNO ("fd 3 never opened: close", close (3), EBADF);
  CHECK_ERRNO ("fd 3 never opened: read", read (3, &c, 1), EBADF);
  CHECK_ERRNO ("fd 3 never opened: write", write (3, "x", 1), EBADF);
  CHECK_ERRNO ("fd 3 never opened: fstat", fstat (3, &st), EBADF);
  CHECK_ERRNO ("fd 3 never opened: lseek", lseek (3, 0, SEEK_SET), EBADF);
  CHECK_ERRNO ("fd -1: close", close (-1), EBADF);
  CHECK_ERRNO ("fd 1000: write", write (1000, "x", 1), EBADF);
  errno = 0;
  CHECK_INT ("fd 3 never opened: isatty", isatty (3), 0);
  CHECK_INT ("fd 3 never opened: isatty errno", errno, EBADF);

  int fd = open_ok ("open gets the lowest free fd, 3", "f",
		    O_WRONLY | O_CREAT | O_TRUNC, 0644);
  CHECK_INT ("open gets the lowest free fd, 3: fd", fd, 3);
  CHECK_INT ("write", write (fd, "hello", 5), 5);
  CHECK_INT ("close", close (fd), 0);
  CHECK_ERRNO ("closed fd: close", close (fd), EBADF);
  CHECK_ERRNO ("closed fd: write", write (fd, "x", 1), EBADF);
  CHECK_ERRNO ("closed fd: read", read (fd, &c, 1), EBADF);
  CHECK_ERRNO ("closed fd: fstat", fstat (fd, &st), EBADF);
  file_is ("closed fd: the file has what was written", "f", "hello");

  /* The access mode is enforced by the host.  */
  fd = open_ok ("open O_WRONLY", "f", O_WRONLY, 0);
  CHECK_ERRNO ("read on an O_WRONLY fd: EBADF", read (fd, &c, 1), EBADF);
  close (fd);
  fd = open_ok ("open O_RDONLY", "f", O_RDONLY, 0);
  CHECK_ERRNO ("write on an O_RDONLY fd: EBADF", write (fd, "x", 1), EBADF);
  close (fd);
}

static void
open_flags (void)
{
  int fd;
  char buf[16];

  spit ("existing", "old contents", 12);
  CHECK_ERRNO ("O_CREAT|O_EXCL on an existing file: EEXIST",
	       open ("existing", O_WRONLY | O_CREAT | O_EXCL, 0644), EEXIST);
  fd = open_ok ("O_CREAT|O_EXCL on a new file", "excl",
		O_WRONLY | O_CREAT | O_EXCL, 0644);
  close (fd);
  CHECK_ERRNO ("open a missing file: ENOENT", open ("missing", O_RDONLY),
	       ENOENT);

  fd = open_ok ("O_TRUNC", "existing", O_WRONLY | O_TRUNC, 0);
  file_is ("O_TRUNC truncates", "existing", "");
  CHECK_INT ("O_TRUNC then write", write (fd, "new", 3), 3);
  close (fd);
  file_is ("O_TRUNC then write: contents", "existing", "new");

  spit ("append", "abc", 3);
  fd = open_ok ("O_APPEND", "append", O_WRONLY | O_APPEND, 0);
  CHECK_INT ("O_APPEND: lseek (0)", lseek (fd, 0, SEEK_SET), 0);
  CHECK_INT ("O_APPEND: write", write (fd, "def", 3), 3);
  CHECK_INT ("O_APPEND: lseek (0) again", lseek (fd, 0, SEEK_SET), 0);
  CHECK_INT ("O_APPEND: write again", write (fd, "gh", 2), 2);
  close (fd);
  file_is ("O_APPEND appends after lseek (0)", "append", "abcdefgh");

  fd = open_ok ("O_RDWR", "append", O_RDWR, 0);
  CHECK_INT ("O_RDWR: read", read (fd, buf, 3), 3);
  CHECK_INT ("O_RDWR: write in the middle", write (fd, "XY", 2), 2);
  CHECK_INT ("O_RDWR: read on", read (fd, buf + 3, 13), 3);
  check_bytes ("O_RDWR: bytes read", buf, "abcfgh", 6);
  close (fd);
  file_is ("O_RDWR: contents", "append", "abcXYfgh");

  /* creat: O_WRONLY|O_CREAT|O_TRUNC.  */
  spit ("creat", "0123456789", 10);
  fd = creat ("creat", 0600);
  CHECK ("creat an existing file", fd >= 0);
  file_is ("creat truncates", "creat", "");
  CHECK_INT ("creat: write", write (fd, "x", 1), 1);
  CHECK_ERRNO ("creat: the fd is write-only", read (fd, buf, 1), EBADF);
  close (fd);
  file_is ("creat: contents", "creat", "x");
  fd = creat ("creat-new", 0600);
  CHECK ("creat a new file", fd >= 0);
  close (fd);
  struct stat st;
  real_stat ("creat-new", &st);
  CHECK_INT ("creat a new file: mode", st.st_mode & 07777, 0600);
}

static void
seek_and_holes (void)
{
  struct stat st, host;
  static unsigned char buf[100003];
  int fd = open_ok ("hole: open", "hole", O_RDWR | O_CREAT | O_TRUNC, 0640);

  CHECK_INT ("hole: lseek past EOF", lseek (fd, 100000, SEEK_SET), 100000);
  CHECK_INT ("hole: write", write (fd, "end", 3), 3);
  CHECK_INT ("hole: fstat", fstat (fd, &st), 0);
  CHECK_INT ("hole: size", st.st_size, 100003);
  CHECK ("hole: S_ISREG", S_ISREG (st.st_mode));
  CHECK_INT ("hole: permissions", st.st_mode & 07777, 0640);
  CHECK_INT ("SEEK_END", lseek (fd, 0, SEEK_END), 100003);
  CHECK_INT ("SEEK_END -3", lseek (fd, -3, SEEK_END), 100000);
  CHECK_INT ("SEEK_CUR +1", lseek (fd, 1, SEEK_CUR), 100001);
  CHECK_INT ("SEEK_CUR 0", lseek (fd, 0, SEEK_CUR), 100001);
  CHECK_INT ("read after SEEK_CUR", read (fd, buf, 10), 2);
  check_bytes ("read after SEEK_CUR: bytes", buf, "nd", 2);
  CHECK_INT ("SEEK_CUR at EOF", lseek (fd, 0, SEEK_CUR), 100003);
  CHECK_ERRNO ("lseek before 0: EINVAL", lseek (fd, -1, SEEK_SET), EINVAL);
  CHECK_ERRNO ("lseek whence 99: EINVAL", lseek (fd, 0, 99), EINVAL);
  CHECK_INT ("lseek back to 0", lseek (fd, 0, SEEK_SET), 0);
  memset (buf, 0xff, sizeof buf);
  CHECK_INT ("hole: read it all", read (fd, buf, sizeof buf), 100003);
  size_t nonzero = 0;
  for (size_t i = 0; i < 100000; i++)
    nonzero += buf[i] != 0;
  CHECK_INT ("hole: reads as zeros", nonzero, 0);
  check_bytes ("hole: then the data", buf + 100000, "end", 3);
  CHECK_INT ("hole: close", close (fd), 0);

  /* fstat and stat say what the host's stat says.  */
  CHECK_INT ("stat a file", stat ("hole", &st), 0);
  real_stat ("hole", &host);
  CHECK_INT ("stat: st_ino", st.st_ino, host.st_ino);
  CHECK_INT ("stat: st_dev", st.st_dev, host.st_dev);
  CHECK_INT ("stat: st_mode", st.st_mode, host.st_mode);
  CHECK_INT ("stat: st_nlink", st.st_nlink, host.st_nlink);
  CHECK_INT ("stat: st_uid", st.st_uid, host.st_uid);
  CHECK_INT ("stat: st_gid", st.st_gid, host.st_gid);
  CHECK_INT ("stat: st_size", st.st_size, host.st_size);
  CHECK_INT ("stat: st_blksize", st.st_blksize, host.st_blksize);
  CHECK_INT ("stat: st_blocks", st.st_blocks, host.st_blocks);
  CHECK_INT ("stat: st_mtim", st.st_mtim.tv_sec * 1000000000ll
	     + st.st_mtim.tv_nsec,
	     host.st_mtim.tv_sec * 1000000000ll + host.st_mtim.tv_nsec);
  CHECK_INT ("stat: st_ctim", st.st_ctim.tv_sec * 1000000000ll
	     + st.st_ctim.tv_nsec,
	     host.st_ctim.tv_sec * 1000000000ll + host.st_ctim.tv_nsec);

  /* A FIFO cannot seek; an empty one with a writer has nothing yet.  */
  real_mkfifo ("fifo", 0644);
  real_mkfifo ("fifo2", 0644);
  fd = open_ok ("FIFO O_RDWR|O_NONBLOCK", "fifo", O_RDWR | O_NONBLOCK, 0);
  CHECK_ERRNO ("lseek on a FIFO: ESPIPE", lseek (fd, 0, SEEK_SET), ESPIPE);
  CHECK_ERRNO ("read an empty FIFO, O_NONBLOCK: EAGAIN", read (fd, buf, 1),
	       EAGAIN);
  CHECK_ERRNO ("open a FIFO O_WRONLY|O_NONBLOCK, no reader: ENXIO",
	       open ("fifo2", O_WRONLY | O_NONBLOCK), ENXIO);
  CHECK_INT ("fstat a FIFO", fstat (fd, &st), 0);
  CHECK ("fstat a FIFO: S_ISFIFO", S_ISFIFO (st.st_mode));
  close (fd);
}

static void
directories (void)
{
  struct stat st;
  char c;

  CHECK_INT ("mkdir", mkdir ("d", 0750), 0);
  CHECK_ERRNO ("mkdir again: EEXIST", mkdir ("d", 0750), EEXIST);
  CHECK_ERRNO ("mkdir in a missing directory: ENOENT",
	       mkdir ("missing/d", 0750), ENOENT);
  CHECK_INT ("stat a directory", stat ("d", &st), 0);
  CHECK ("stat a directory: S_ISDIR", S_ISDIR (st.st_mode));
  CHECK_INT ("stat a directory: permissions", st.st_mode & 07777, 0750);
  CHECK_ERRNO ("stat a missing file: ENOENT", stat ("missing", &st), ENOENT);
  CHECK_ERRNO ("stat an empty path: ENOENT", stat ("", &st), ENOENT);
  spit ("file", "x", 1);
  CHECK_ERRNO ("stat file/x: ENOTDIR", stat ("file/x", &st), ENOTDIR);
  CHECK_ERRNO ("open a directory O_WRONLY: EISDIR", open ("d", O_WRONLY),
	       EISDIR);
  CHECK_ERRNO ("open a directory O_RDWR: EISDIR", open ("d", O_RDWR), EISDIR);
  CHECK_ERRNO ("open file/x: ENOTDIR", open ("file/x", O_RDONLY), ENOTDIR);
  CHECK_ERRNO ("open file/x O_CREAT: ENOTDIR",
	       open ("file/x", O_WRONLY | O_CREAT, 0644), ENOTDIR);
  CHECK_ERRNO ("open a file O_DIRECTORY: ENOTDIR",
	       open ("file", O_RDONLY | O_DIRECTORY), ENOTDIR);
  int fd = open_ok ("open a directory O_RDONLY", "d", O_RDONLY, 0);
  CHECK_INT ("fstat a directory", fstat (fd, &st), 0);
  CHECK ("fstat a directory: S_ISDIR", S_ISDIR (st.st_mode));
  CHECK_ERRNO ("read a directory: EISDIR", read (fd, &c, 1), EISDIR);
  close (fd);

  /* Permissions: root passes every permission check, so EACCES can only be
     provoked when not root; CI runs as root, and there only the open's
     success is checked.  */
  fd = open_ok ("create a mode-0000 file", "secret",
		O_WRONLY | O_CREAT | O_EXCL, 0);
  close (fd);
  real_stat ("secret", &st);
  CHECK_INT ("mode-0000 file: mode", st.st_mode & 07777, 0);
  errno = 0;
  fd = open ("secret", O_RDONLY);
  if (geteuid () != 0)
    CHECK_ERRNO ("open a mode-0000 file, not root: EACCES", fd, EACCES);
  else
    CHECK ("open a mode-0000 file, as root: allowed", fd >= 0);
  if (fd >= 0)
    close (fd);
}

static void
names (void)
{
  struct stat a, b;

  spit ("gone", "x", 1);
  CHECK_INT ("unlink", unlink ("gone"), 0);
  CHECK_ERRNO ("unlink: the file is gone", real_stat ("gone", &a), ENOENT);
  CHECK_ERRNO ("unlink again: ENOENT", unlink ("gone"), ENOENT);

  spit ("from", "new", 3);
  spit ("to", "old", 3);
  real_stat ("from", &a);
  CHECK_INT ("rename over an existing file", rename ("from", "to"), 0);
  CHECK_ERRNO ("rename: the old name is gone", real_stat ("from", &b),
	       ENOENT);
  file_is ("rename: the new name has the file", "to", "new");
  real_stat ("to", &b);
  CHECK_INT ("rename: the same inode", b.st_ino, a.st_ino);
  CHECK_ERRNO ("rename a missing file: ENOENT", rename ("from", "to2"),
	       ENOENT);

  spit ("l1", "linked", 6);
  CHECK_INT ("link", link ("l1", "l2"), 0);
  CHECK_INT ("link: stat the first name", stat ("l1", &a), 0);
  CHECK_INT ("link: stat the second name", stat ("l2", &b), 0);
  CHECK_INT ("link: the same inode", a.st_ino, b.st_ino);
  CHECK_INT ("link: nlink 2", b.st_nlink, 2);
  file_is ("link: the contents through the new name", "l2", "linked");
  CHECK_ERRNO ("link onto an existing name: EEXIST", link ("l1", "l2"),
	       EEXIST);
  CHECK_ERRNO ("link a missing file: ENOENT", link ("none", "l3"), ENOENT);
  CHECK_INT ("unlink one name", unlink ("l1"), 0);
  CHECK_INT ("stat the other", stat ("l2", &b), 0);
  CHECK_INT ("nlink back to 1", b.st_nlink, 1);
}

/* A path of exactly LENGTH bytes in DIR (of DIR_LENGTH bytes): DIR, '/',
   then a last component of the rest, made of LETTER.  */
static char *
path_in (const char *dir, size_t length, char letter)
{
  size_t dir_length = strlen (dir);
  char *p = malloc (length + 1);

  memcpy (p, dir, dir_length);
  p[dir_length] = '/';
  memset (p + dir_length + 1, letter, length - dir_length - 1);
  p[length] = '\0';
  return p;
}

/* Paths near the host's PATH_MAX (4096 with the NUL), which the client
   sends in many pieces: a 4000-byte one, and two of 4095 bytes whose
   rename block is NVPTX_RPC_ARG_MAX exactly.  */
static void
long_paths (void)
{
  const size_t dir_length = 3899;
  char *dir = malloc (dir_length + 1);
  size_t at = 0;
  int made = 0, failed_mkdir = 0;
  struct stat st;
  unsigned char data[1000], back[1001];

  /* Components of 194 bytes: "d/ddd.../ddd..." to 3899 bytes.  */
  while (at < dir_length)
    {
      size_t n = dir_length - at - (at ? 1 : 0);
      if (n > 194)
	n = 194;
      if (at)
	dir[at++] = '/';
      memset (dir + at, 'a' + made % 26, n);
      at += n;
      dir[at] = '\0';
      made++;
      failed_mkdir += mkdir (dir, 0755) != 0;
    }
  CHECK_INT ("long dir: mkdir each level", failed_mkdir, 0);
  note ("long dir: %d levels", made);
  CHECK_INT ("long dir: stat", stat (dir, &st), 0);
  CHECK ("long dir: S_ISDIR", S_ISDIR (st.st_mode));

  char *p4000 = path_in (dir, 4000, 'f');
  pattern_fill (data, sizeof data, 6, 0);
  int fd = open_ok ("4000-byte path: create", p4000,
		    O_WRONLY | O_CREAT | O_EXCL, 0644);
  CHECK_INT ("4000-byte path: write", write (fd, data, sizeof data),
	     sizeof data);
  CHECK_INT ("4000-byte path: close", close (fd), 0);
  CHECK_INT ("4000-byte path: stat", stat (p4000, &st), 0);
  CHECK_INT ("4000-byte path: size", st.st_size, sizeof data);
  CHECK ("4000-byte path: S_ISREG", S_ISREG (st.st_mode));
  fd = open_ok ("4000-byte path: open to read", p4000, O_RDONLY, 0);
  CHECK_INT ("4000-byte path: read", read (fd, back, sizeof back),
	     sizeof data);
  check_bytes ("4000-byte path: bytes", back, data, sizeof data);
  close (fd);
  CHECK_INT ("4000-byte path: unlink", unlink (p4000), 0);
  CHECK_ERRNO ("4000-byte path: gone", stat (p4000, &st), ENOENT);

  char *a = path_in (dir, 4095, 'A'), *b = path_in (dir, 4095, 'B');
  char *c = path_in (dir, 4096, 'C');
  fd = open_ok ("4095-byte path: create", a, O_WRONLY | O_CREAT, 0644);
  CHECK_INT ("4095-byte path: write", write (fd, "4095", 4), 4);
  close (fd);
  CHECK_INT ("rename 4095-byte paths (a block of ARG_MAX)", rename (a, b), 0);
  CHECK_ERRNO ("rename 4095-byte paths: old name gone", stat (a, &st),
	       ENOENT);
  CHECK_INT ("rename 4095-byte paths: new name there", stat (b, &st), 0);
  CHECK_INT ("rename 4095-byte paths: size", st.st_size, 4);
  CHECK_INT ("link 4095-byte paths (a block of ARG_MAX)", link (b, a), 0);
  CHECK_INT ("link 4095-byte paths: stat", stat (a, &st), 0);
  CHECK_INT ("link 4095-byte paths: nlink", st.st_nlink, 2);
  const volatile uint32_t *request_seq
    = &((struct nvptx_rpc_mailbox *) (uintptr_t)
	__nvptx_rpc_link.mailbox)->request_seq;
  uint32_t before = *request_seq;
  CHECK_ERRNO ("rename to a 4096-byte path: ENAMETOOLONG", rename (a, c),
	       ENAMETOOLONG);
  /* The block (4096 + 4097 bytes) is over NVPTX_RPC_ARG_MAX: the client
     refuses it without sending a piece.  */
  CHECK_INT ("rename block over ARG_MAX: no request sent",
	     *request_seq - before, 0);
  char *huge = path_in (dir, NVPTX_RPC_ARG_MAX, 'H');
  before = *request_seq;
  CHECK_ERRNO ("stat a path of ARG_MAX bytes: ENAMETOOLONG",
	       stat (huge, &st), ENAMETOOLONG);
  CHECK_INT ("stat a path of ARG_MAX bytes: no request sent",
	     *request_seq - before, 0);
  free (huge);
  CHECK_ERRNO ("open a 4096-byte path: ENAMETOOLONG", open (c, O_RDONLY),
	       ENAMETOOLONG);
  CHECK_INT ("unlink 4095-byte path", unlink (a), 0);
  CHECK_INT ("unlink 4095-byte path again", unlink (b), 0);
  free (a);
  free (b);
  free (c);
  free (p4000);
  free (dir);
}

static void
descriptor_table (void)
{
  static int fds[NVPTX_RPC_FDS];
  int n = 0, e = 0, bad = 0;
  struct stat st;

  spit ("many", "m", 1);
  for (; n < NVPTX_RPC_FDS; n++)
    {
      errno = 0;
      fds[n] = open ("many", O_RDONLY);
      if (fds[n] < 0)
	{
	  e = errno;
	  break;
	}
    }
  check (n < NVPTX_RPC_FDS && e == EMFILE, "open until EMFILE",
	 "stopped after %d with errno %s", n, errno_name (e));
  check (n >= 100, "open until EMFILE: plausibly many", "only %d", n);
  note ("open until EMFILE: %d opened", n);
  for (int i = 0; i < n; i++)
    bad += close (fds[i]) != 0;
  CHECK_INT ("close them all", bad, 0);
  int fd = open_ok ("then open works again", "many", O_RDONLY, 0);
  CHECK_INT ("then open works again: lowest fd", fd, 3);
  close (fd);

  /* Closing 1 frees guest fd 1 (the host's stdout stays open): an open
     takes it, and writes to 1 go to the file.  The program's stdout is
     gone for the rest of the run; nothing here writes to it.  */
  int lowest = fstat (0, &st) == 0 ? 1 : 0;
  CHECK_INT ("close 1", close (1), 0);
  fd = open_ok ("open after close (1)", "one", O_WRONLY | O_CREAT, 0644);
  CHECK_INT ("open after close (1): gets the lowest fd", fd, lowest);
  CHECK_INT ("write to it", write (fd, "one", 3), 3);
  CHECK_INT ("close it", close (fd), 0);
  file_is ("the write went to the file", "one", "one");

  fd = open_ok ("isatty: open a file", "one", O_RDONLY, 0);
  errno = 0;
  CHECK_INT ("isatty (a file)", isatty (fd), 0);
  CHECK_INT ("isatty (a file): errno", errno, ENOTTY);
  close (fd);
}

/* A terminal: isatty says so, and a read returns the line typed, not a
   full buffer.  Where the machine has no pseudo-terminals, say so and
   check nothing.  */
static void
terminal (void)
{
  int master = posix_openpt (O_RDWR | O_NOCTTY | O_CLOEXEC);
  const char *slave;
  char buf[100];

  if (master < 0 || grantpt (master) != 0 || unlockpt (master) != 0
      || (slave = ptsname (master)) == NULL)
    {
      printf ("note: no pseudo-terminal (%s): terminal checks not run\n",
	      errno_name (errno));
      note ("no pseudo-terminal");
      if (master >= 0)
	real_close (master);
      return;
    }
  int fd = open_ok ("terminal: open", slave, O_RDWR | O_NOCTTY, 0);
  CHECK_INT ("terminal: isatty", isatty (fd), 1);
  CHECK_INT ("terminal: the host types a line",
	     real_write (master, "abc\n", 4), 4);
  memset (buf, 0, sizeof buf);
  CHECK_INT ("terminal: read returns the line", read (fd, buf, sizeof buf), 4);
  check_bytes ("terminal: the line", buf, "abc\n", 4);
  CHECK_INT ("terminal: close", close (fd), 0);
  real_close (master);
}

static void
process (void)
{
  struct timeval tv, host;

  CHECK_INT ("gettimeofday", gettimeofday (&tv, NULL), 0);
  real_gettimeofday (&host, NULL);
  long long diff = (host.tv_sec - tv.tv_sec) * 1000000ll
		   + host.tv_usec - tv.tv_usec;
  check (diff > -2000000 && diff < 2000000,
	 "gettimeofday within 2 s of the host's", "%lld us apart", diff);
  check (tv.tv_usec >= 0 && tv.tv_usec < 1000000, "gettimeofday: tv_usec",
	 "%ld", (long) tv.tv_usec);
  CHECK_INT ("gettimeofday (NULL)", gettimeofday (NULL, NULL), 0);
  CHECK_INT ("getpid", getpid (), real_getpid ());
  CHECK_INT ("kill (self, 0)", kill (real_getpid (), 0), 0);
  CHECK_ERRNO ("kill (another, 0): EPERM", kill (real_getpid () + 1, 0),
	       EPERM);
  CHECK_ERRNO ("kill (self, 12345): EINVAL", kill (real_getpid (), 12345),
	       EINVAL);
}

/* A launcher started with a standard descriptor closed (run <&-): the
   host gives the program's files the free numbers 0, 1 or 2 too, and the
   program's close must release them like any other -- or the file stays
   open in the launcher (a FIFO's reader would never see EOF).  */
static void
closed_host_stdin (void)
{
  int saved = real_fcntl (0, F_DUPFD_CLOEXEC, 10);
  struct stat host, file;

  real_close (0);
  start_server (1024, false, NULL);
  int fd = open ("stdin-closed", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  CHECK_INT ("host fd 0 closed: open gets guest fd 0", fd, 0);
  bool on_host_0 = real_fstat (0, &host) == 0
		   && real_stat ("stdin-closed", &file) == 0
		   && host.st_ino == file.st_ino;
  CHECK ("host fd 0 closed: the file is on host fd 0", on_host_0);
  CHECK_INT ("host fd 0 closed: close", close (fd), 0);
  errno = 0;
  check (real_fcntl (0, F_GETFD) == -1 && errno == EBADF,
	 "host fd 0 closed: the program's close releases host fd 0",
	 "host fd 0 still open after the program closed it");
  stop_server ();
  if (real_fcntl (0, F_GETFD) != -1)
    real_close (0);
  if (saved >= 0)
    {
      real_dup2 (saved, 0);
      real_close (saved);
    }
}

int
main (void)
{

  harness_begin ("test-syscalls");
  size_t nruns;
  const struct harness_run *runs = harness_runs (&nruns);
  for (size_t r = 0; r < nruns; r++)
    {
      window = runs[r].window;
      run_begin (&runs[r], NULL);
      bad_descriptors ();
      open_flags ();
      seek_and_holes ();
      directories ();
      names ();
      long_paths ();
      process ();
      terminal ();
      descriptor_table ();	/* Last: it closes guest fd 1.  */
      run_end ();
    }
  compare_runs ("results");
  closed_host_stdin ();
  return harness_end ();
}
