/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* Host test harness for nvptx-rpc: the real server in a thread of this
   process, the real client (newlib-nvptx-rpc/, renamed nvptx_client_* by
   client-names.h) calling it through ordinary memory, and checks.

   Calls spelled open, read, write, stat... in a test go to the client; the
   host's real ones are real_open, real_read... below.  */

#ifndef NVPTX_RPC_TEST_HARNESS_H
#define NVPTX_RPC_TEST_HARNESS_H

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#include "host-device.h"
#include "nvptx-rpc.h"
#include "rpc.h"
#include "rpc-server.h"

/* One run of a test body: the window size, and whether the server
   copies by DMA (NVPTX_RPC_DIRECT, with host-device.c's copies).  */
struct harness_run
{
  uint32_t window;
  bool direct;
};
#define HARNESS_RUNS_MAX 32

/* The runs each test makes: windows NVPTX_RPC_WINDOW_MIN (64), 1024, 8192
   and 65536, or those listed in $NVPTX_RPC_TEST_WINDOWS ("1024" or
   "64,65536"; each from NVPTX_RPC_WINDOW_MIN to NVPTX_RPC_WINDOW_MAX, at
   most 16), each without DMA, then with it, or only as
   $NVPTX_RPC_TEST_DIRECT says ("0" or "1").  Sets *COUNT.  */
const struct harness_run *harness_runs (size_t *count);

/* The first size of a write from a global buffer that goes by DMA,
   through a window of WINDOW bytes, as docs/protocol.md says: 4 KiB, or
   one byte more than the window up to 16 KiB.  From the stack: 4 KiB, or
   one byte more than the window.  */
size_t first_dma_write (uint32_t window, bool from_stack);

/* For a thread that spins in the client while others need the CPU: lower
   its scheduling priority (nice 10), so that the thread holding the client
   lock and the server thread are not starved when there are more spinning
   threads than cores.  10, not 19 or none: the value that stays fast on
   idle cores and busy ones alike (docs/testing.md, "Host tests on a busy
   machine").  */
void harness_spinner_thread (void);

/* The host's own calls.  client-names.h renamed the C library's
   declarations of these names to the client's, so declare the host's
   functions again under other names, bound to the real symbols.  */
#define HARNESS_STR_(x) #x
#define HARNESS_STR(x) HARNESS_STR_ (x)
#define HARNESS_REAL(name) \
  __asm__ (HARNESS_STR (__USER_LABEL_PREFIX__) #name)
extern int real_open (const char *path, int flags, ...) HARNESS_REAL (open);
extern int real_close (int fd) HARNESS_REAL (close);
extern ssize_t real_read (int fd, void *buf, size_t n) HARNESS_REAL (read);
extern ssize_t real_write (int fd, const void *buf, size_t n)
  HARNESS_REAL (write);
extern off_t real_lseek (int fd, off_t offset, int whence)
  HARNESS_REAL (lseek);
extern int real_fstat (int fd, struct stat *st) HARNESS_REAL (fstat);
extern int real_stat (const char *path, struct stat *st) HARNESS_REAL (stat);
extern int real_unlink (const char *path) HARNESS_REAL (unlink);
extern int real_mkdir (const char *path, mode_t mode) HARNESS_REAL (mkdir);
extern pid_t real_getpid (void) HARNESS_REAL (getpid);
extern int real_gettimeofday (struct timeval *tv, void *tz)
  HARNESS_REAL (gettimeofday);
extern int real_lstat (const char *path, struct stat *st) HARNESS_REAL (lstat);
extern int real_chdir (const char *path) HARNESS_REAL (chdir);
extern char *real_getcwd (char *buf, size_t size) HARNESS_REAL (getcwd);
extern mode_t real_umask (mode_t mask) HARNESS_REAL (umask);
/* The server's thread and the tests' own: the client's pthread_create
   makes none, as on the GPU (posix/pthread_thread.c).  */
extern int real_pthread_create (pthread_t *thread, const pthread_attr_t *attr,
				void *(*routine) (void *), void *arg)
  HARNESS_REAL (pthread_create);
extern int real_pthread_join (pthread_t thread, void **result)
  HARNESS_REAL (pthread_join);
extern int real_pthread_mutex_lock (pthread_mutex_t *mutex)
  HARNESS_REAL (pthread_mutex_lock);
extern int real_pthread_mutex_unlock (pthread_mutex_t *mutex)
  HARNESS_REAL (pthread_mutex_unlock);
extern int real_fcntl (int fd, int command, ...) HARNESS_REAL (fcntl);
extern int real_dup2 (int fd, int new_fd) HARNESS_REAL (dup2);
extern int real_access (const char *path, int mode) HARNESS_REAL (access);
extern int real_symlink (const char *target, const char *path)
  HARNESS_REAL (symlink);
extern ssize_t real_readlink (const char *path, char *buf, size_t size)
  HARNESS_REAL (readlink);
extern int real_chmod (const char *path, mode_t mode) HARNESS_REAL (chmod);
extern int real_rmdir (const char *path) HARNESS_REAL (rmdir);
extern pid_t real_getppid (void) HARNESS_REAL (getppid);
extern uid_t real_getuid (void) HARNESS_REAL (getuid);
extern gid_t real_getgid (void) HARNESS_REAL (getgid);
struct rlimit;
extern int real_getrlimit (int resource, struct rlimit *limit)
  HARNESS_REAL (getrlimit);
extern int real_setrlimit (int resource, const struct rlimit *limit)
  HARNESS_REAL (setrlimit);
extern int real_clock_gettime (clockid_t clock, struct timespec *ts)
  HARNESS_REAL (clock_gettime);
extern uid_t real_geteuid (void) HARNESS_REAL (geteuid);
extern gid_t real_getegid (void) HARNESS_REAL (getegid);
extern long real_sysconf (int name) HARNESS_REAL (sysconf);
extern void *real_mmap (void *address, size_t length, int protection,
			int flags, int fd, off_t offset) HARNESS_REAL (mmap);
extern int real_munmap (void *address, size_t length) HARNESS_REAL (munmap);
/* <sys/mman.h> is nvptx's here, without mprotect.  */
extern int real_mprotect (void *address, size_t length, int protection)
  HARNESS_REAL (mprotect);
extern int real_mkfifo (const char *path, mode_t mode) HARNESS_REAL (mkfifo);
extern int real_openat (int dirfd, const char *path, int flags, ...)
  HARNESS_REAL (openat);
extern int real_unlinkat (int dirfd, const char *path, int flags)
  HARNESS_REAL (unlinkat);

/* Descriptors open in this process on the host.  */
int host_fds_open (void);

/* Start of a test program: a time limit (NVPTX_RPC_TEST_TIMEOUT seconds,
   default 900), umask 022, a fresh scratch directory (made by mkdtemp
   under $TMPDIR or /tmp) as the working directory, and a check that the
   names really reach the client (client-names.h).  */
void harness_begin (const char *program);
/* End: remove the scratch directory, print "PROGRAM: N passed, N failed"
   and return the exit status (1 if any check failed).  */
int harness_end (void);

/* The server, serving from a thread until stop_server.  start_server
   points the client's __nvptx_rpc_link at a fresh mailbox of
   NVPTX_RPC_MAILBOX_SIZE (WINDOW_SIZE) bytes and returns it; when
   DIRECT, the server has host-device.c's copies, with
   HOST_DEVICE_STAGING-byte staging buffers.  A guard area follows the
   window; stop_server checks that nothing wrote there ("mailbox: nothing
   written past the window") and that the server used the copies as
   rpc-server.h says.  */
struct nvptx_rpc_mailbox *start_server (uint32_t window_size, bool direct,
					FILE *trace);
void stop_server (void);
/* The server start_server made, for its setters (rpc_server_confine...),
   called between the client's requests.  */
struct rpc_server *harness_server (void);

/* One run of a test body: start_server, chdir into a subdirectory of its
   own; checks are named "w<WINDOW>/..." ("w<WINDOW>-direct/..." with DMA)
   and recorded in a transcript.  run_end stops the server and goes
   back.  */
void run_begin (const struct harness_run *run, FILE *trace);
void run_end (void);
/* Check that every run since the last call recorded the same transcript:
   the same checks with the same outcomes and the same notes, whatever
   the window and whether by DMA.  */
void compare_runs (const char *what);
/* Add a line to this run's transcript: a value that must not depend on
   the window size, or on DMA.  */
void note (const char *fmt, ...) __attribute__ ((format (printf, 1, 2)));

/* Print PASS: NAME or FAIL: NAME: DETAIL and count.  Returns OK.  */
bool check (bool ok, const char *name, const char *detail_fmt, ...)
  __attribute__ ((format (printf, 3, 4)));
/* A check name built with printf: a rotating static buffer.  */
const char *name_of (const char *fmt, ...)
  __attribute__ ((format (printf, 1, 2)));
/* Whether the kernel has openat2, without which the server has no
   sandbox.  */
bool kernel_has_openat2 (void);
const char *errno_name (int e);

#define CHECK(name, cond) check ((cond), (name), "%s", #cond)

#define CHECK_INT(name, got, want)					\
  do									\
    {									\
      long long got_ = (got), want_ = (want);				\
      check (got_ == want_, (name), "%s = %lld, expected %lld", #got,	\
	     got_, want_);						\
    }									\
  while (0)

/* EXPR must return -1 with errno WANT.  */
#define CHECK_ERRNO(name, expr, want)					\
  do									\
    {									\
      errno = 0;							\
      long long got_ = (expr);						\
      int errno_ = errno;						\
      check (got_ == -1 && errno_ == (want), (name),			\
	     "%s = %lld errno %s, expected -1 errno %s", #expr, got_,	\
	     errno_name (errno_), errno_name (want));			\
    }									\
  while (0)

/* LEN bytes at GOT equal those at WANT.  */
bool check_bytes (const char *name, const void *got, const void *want,
		  size_t len);

/* Deterministic pseudo-random bytes: the stream for SEED, from byte
   OFFSET on.  */
void pattern_fill (void *buf, size_t len, uint64_t seed, uint64_t offset);

/* Real-libc helpers.  */
/* The whole of PATH, malloc'd (*LEN set), or NULL.  */
unsigned char *slurp (const char *path, size_t *len);
/* Write LEN bytes to PATH (created or truncated, mode 0644).  */
bool spit (const char *path, const void *buf, size_t len);
/* Check NAME: PATH holds exactly the LENGTH bytes at CONTENT, as the
   host reads it.  */
bool file_has (const char *name, const char *path, const void *content,
	       size_t length);

#endif /* NVPTX_RPC_TEST_HARNESS_H */
