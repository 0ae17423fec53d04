/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* Host test harness for nvptx-rpc; see harness.h.  */

#define _GNU_SOURCE

/* glibc's <dirent.h> names closedir in an attribute, where client-names.h
   cannot rename it: declare the host's closedir first, its name in
   parentheses so that the macro leaves it alone.  */
struct __dirstream;
extern int (closedir) (struct __dirstream *);
#include <dirent.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <utime.h>
#include <linux/openat2.h>

#include "harness.h"

static const char *program_name;
static char scratch[4096];
static int passed, failed;

/* The label of the current run ("w64/") and its transcript.  */
static char run_label[32];
static char *transcript;
static size_t transcript_length, transcript_room;
/* Transcripts of the runs since the last compare_runs.  */
static char *run_transcripts[HARNESS_RUNS_MAX];
static char run_names[HARNESS_RUNS_MAX][32];
static int runs;

/* Bytes after the mailbox's window, checked at stop_server.  */
#define GUARD_SIZE 4096
#define GUARD_BYTE 0x5a

static struct
{
  struct nvptx_rpc_mailbox *mailbox;
  uint32_t window_size;
  struct rpc_server *server;
  bool direct;			/* With host-device.c's copies.  */
  pthread_t thread;
  atomic_bool stop;
  bool running;
} srv;

static void
transcript_add (const char *fmt, va_list ap)
{
  va_list aq;
  int n;

  if (!run_label[0])
    return;
  va_copy (aq, ap);
  n = vsnprintf (NULL, 0, fmt, aq);
  va_end (aq);
  if (n < 0)
    return;
  if (transcript_length + n + 2 > transcript_room)
    {
      transcript_room = (transcript_length + n + 2) * 2;
      transcript = realloc (transcript, transcript_room);
      if (transcript == NULL)
	abort ();
    }
  vsnprintf (transcript + transcript_length, n + 1, fmt, ap);
  transcript_length += n;
  transcript[transcript_length++] = '\n';
  transcript[transcript_length] = '\0';
}

static void
transcript_printf (const char *fmt, ...)
{
  va_list ap;

  va_start (ap, fmt);
  transcript_add (fmt, ap);
  va_end (ap);
}

void
note (const char *fmt, ...)
{
  va_list ap;

  va_start (ap, fmt);
  transcript_add (fmt, ap);
  va_end (ap);
}

bool
check (bool ok, const char *name, const char *detail_fmt, ...)
{
  /* Tests' threads may check at once.  */
  static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
  va_list ap;

  real_pthread_mutex_lock (&lock);
  if (ok)
    {
      passed++;
      printf ("PASS: %s%s\n", run_label, name);
    }
  else
    {
      failed++;
      printf ("FAIL: %s%s: ", run_label, name);
      va_start (ap, detail_fmt);
      vprintf (detail_fmt, ap);
      va_end (ap);
      putchar ('\n');
    }
  fflush (stdout);
  transcript_printf ("%s: %s", name, ok ? "PASS" : "FAIL");
  real_pthread_mutex_unlock (&lock);
  return ok;
}

const char *
name_of (const char *fmt, ...)
{
  static char buffers[8][256];
  static atomic_uint next;
  char *b = buffers[atomic_fetch_add (&next, 1) % 8];
  va_list ap;

  va_start (ap, fmt);
  vsnprintf (b, sizeof buffers[0], fmt, ap);
  va_end (ap);
  return b;
}

const char *
errno_name (int e)
{
  static const struct { int e; const char *name; } names[] = {
#define E(x) { x, #x },
    E (0) NVPTX_RPC_ERRNOS (E)
#undef E
  };
  const char *s = NULL;

  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    if (names[i].e == e)
      s = names[i].name;
  return s ? s : name_of ("errno %d", e);
}

bool
check_bytes (const char *name, const void *got, const void *want, size_t len)
{
  const unsigned char *g = got, *w = want;
  size_t i;

  for (i = 0; i < len && g[i] == w[i]; i++)
    ;
  if (i == len)
    return check (true, name, " ");
  return check (false, name, "of %zu bytes, the first difference is byte "
		"%zu: got 0x%02x, expected 0x%02x", len, i, g[i], w[i]);
}

static uint64_t
splitmix64 (uint64_t x)
{
  x += 0x9e3779b97f4a7c15u;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9u;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebu;
  return x ^ (x >> 31);
}

void
pattern_fill (void *buf, size_t len, uint64_t seed, uint64_t offset)
{
  unsigned char *b = buf;

  for (size_t i = 0; i < len; i++)
    {
      uint64_t at = offset + i;
      b[i] = splitmix64 (seed * 0x100000001b3u + at / 8) >> (at % 8 * 8);
    }
}

unsigned char *
slurp (const char *path, size_t *len)
{
  int fd = real_open (path, O_RDONLY | O_CLOEXEC);
  unsigned char *buf = NULL;
  size_t room = 0, n = 0;

  if (fd < 0)
    return NULL;
  for (;;)
    {
      if (n == room)
	{
	  room = room ? room * 2 : 65536;
	  unsigned char *b = realloc (buf, room);
	  if (b == NULL)
	    break;
	  buf = b;
	}
      ssize_t r = real_read (fd, buf + n, room - n);
      if (r < 0 && errno == EINTR)
	continue;
      if (r <= 0)
	{
	  real_close (fd);
	  if (r < 0)
	    {
	      free (buf);
	      return NULL;
	    }
	  *len = n;
	  return buf ? buf : malloc (1);
	}
      n += r;
    }
  real_close (fd);
  free (buf);
  return NULL;
}

bool
spit (const char *path, const void *buf, size_t len)
{
  int fd = real_open (path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  const unsigned char *b = buf;
  size_t done = 0;

  if (fd < 0)
    return false;
  while (done < len)
    {
      ssize_t r = real_write (fd, b + done, len - done);
      if (r < 0 && errno == EINTR)
	continue;
      if (r <= 0)
	break;
      done += r;
    }
  return real_close (fd) == 0 && done == len;
}

bool
file_has (const char *name, const char *path, const void *content,
	  size_t length)
{
  size_t len = 0;
  unsigned char *back = slurp (path, &len);
  bool ok = back && len == length && memcmp (back, content, len) == 0;

  check (ok, name, "%s holds %zu bytes, expected %zu (or other bytes)",
	 path, back ? len : 0, length);
  free (back);
  return ok;
}

size_t
first_dma_write (uint32_t window, bool from_stack)
{
  size_t fits = from_stack || window < NVPTX_RPC_WINDOW_WRITE_MAX
		? window : NVPTX_RPC_WINDOW_WRITE_MAX;

  return fits < NVPTX_RPC_DIRECT_MIN ? NVPTX_RPC_DIRECT_MIN : fits + 1;
}

const struct harness_run *
harness_runs (size_t *count)
{
  static struct harness_run runs[HARNESS_RUNS_MAX];
  static size_t n;

  if (n == 0)
    {
      /* The smallest window the launcher accepts (64 as of this
	 writing), the default, one between NVPTX_RPC_DIRECT_MIN and
	 NVPTX_RPC_WINDOW_WRITE_MAX (a write that fits in it goes through
	 it), and a window larger than most transfers.  */
      uint32_t windows[HARNESS_RUNS_MAX / 2] = { NVPTX_RPC_WINDOW_MIN, 1024,
						 8192, 65536 };
      size_t nwindows = 4;
      const char *list = getenv ("NVPTX_RPC_TEST_WINDOWS");
      const char *direct = getenv ("NVPTX_RPC_TEST_DIRECT");
      bool first_direct = false, last_direct = true;

      if (list && *list)
	{
	  char *end;
	  nwindows = 0;
	  for (const char *p = list; *p; p = *end ? end + 1 : end)
	    {
	      unsigned long w = strtoul (p, &end, 10);
	      if (end == p || w < NVPTX_RPC_WINDOW_MIN
		  || w > NVPTX_RPC_WINDOW_MAX || (*end && *end != ',')
		  || nwindows == HARNESS_RUNS_MAX / 2)
		{
		  fprintf (stderr, "bad NVPTX_RPC_TEST_WINDOWS: %s\n", list);
		  exit (1);
		}
	      windows[nwindows++] = w;
	    }
	}
      if (direct && *direct)
	{
	  if (strcmp (direct, "0") != 0 && strcmp (direct, "1") != 0)
	    {
	      fprintf (stderr, "bad NVPTX_RPC_TEST_DIRECT: %s\n", direct);
	      exit (1);
	    }
	  first_direct = last_direct = direct[0] == '1';
	}
      for (size_t w = 0; w < nwindows; w++)
	for (int d = first_direct; d <= last_direct; d++)
	  runs[n++] = (struct harness_run) { windows[w], d };
    }
  *count = n;
  return runs;
}

void
harness_spinner_thread (void)
{
  /* On Linux, PRIO_PROCESS with a thread id sets that thread's nice.  */
  setpriority (PRIO_PROCESS, gettid (), 10);
}

/* The launcher's loop, in a thread: poll, and yield when idle.  Never
   sleep: a server that naps when idle makes each request of threads that
   take turns on the client lock wait for its wake-up (docs/testing.md,
   "Host tests on a busy machine").  */
static void *
server_main (void *arg)
{
  (void) arg;
  while (!atomic_load_explicit (&srv.stop, memory_order_acquire))
    if (!rpc_server_poll (srv.server))
      sched_yield ();
  return NULL;
}

struct nvptx_rpc_mailbox *
start_server (uint32_t window_size, bool direct, FILE *trace)
{
  void *mailbox;
  int e;

  if (srv.running)
    {
      fprintf (stderr, "start_server: already running\n");
      abort ();
    }
  if (posix_memalign (&mailbox, 64,
		      NVPTX_RPC_MAILBOX_SIZE (window_size) + GUARD_SIZE))
    {
      perror ("start_server: posix_memalign");
      abort ();
    }
  srv.mailbox = mailbox;
  srv.direct = direct;
  srv.server = rpc_server_new (srv.mailbox, window_size, trace,
			       direct ? host_device_begin (HOST_DEVICE_STAGING)
			       : NULL);
  if (srv.server == NULL)
    {
      perror ("start_server: rpc_server_new");
      abort ();
    }
  /* Past the window: bytes that nobody may write.  */
  memset ((char *) mailbox + NVPTX_RPC_MAILBOX_SIZE (window_size), GUARD_BYTE,
	  GUARD_SIZE);
  srv.window_size = window_size;
  atomic_store (&srv.stop, false);
  __nvptx_rpc_link = (struct nvptx_rpc_link) {
    NVPTX_RPC_VERSION, window_size, (uintptr_t) srv.mailbox,
    srv.mailbox->features };
  /* A fresh mailbox: the sequence numbers start over.  */
  __nvptx_rpc_lock = 0;
  e = real_pthread_create (&srv.thread, NULL, server_main, NULL);
  if (e)
    {
      fprintf (stderr, "start_server: pthread_create: %s\n", strerror (e));
      abort ();
    }
  srv.running = true;
  return srv.mailbox;
}

void
stop_server (void)
{
  if (!srv.running)
    return;
  atomic_store_explicit (&srv.stop, true, memory_order_release);
  real_pthread_join (srv.thread, NULL);
  __nvptx_rpc_link.mailbox = 0;
  const unsigned char *guard
    = (const unsigned char *) srv.mailbox
      + NVPTX_RPC_MAILBOX_SIZE (srv.window_size);
  size_t at = 0;
  while (at < GUARD_SIZE && guard[at] == GUARD_BYTE)
    at++;
  check (at == GUARD_SIZE, "mailbox: nothing written past the window",
	 "the byte at window + %zu was overwritten", at);
  unsigned long misuses = srv.direct ? host_device_stats ().misuses : 0;
  check (misuses == 0, "device: one copy at a time, from a staging buffer, "
	 "each waited for", "%lu breaches", misuses);
  rpc_server_free (srv.server);
  if (srv.direct)
    host_device_end ();
  free (srv.mailbox);
  srv.server = NULL;
  srv.mailbox = NULL;
  srv.running = false;
}

struct rpc_server *
harness_server (void)
{
  return srv.server;
}

void
run_begin (const struct harness_run *run, FILE *trace)
{
  char dir[32];

  snprintf (dir, sizeof dir, "w%u%s", (unsigned) run->window,
	    run->direct ? "-direct" : "");
  if ((real_mkdir (dir, 0755) != 0 && errno != EEXIST)
      || real_chdir (dir) != 0)
    {
      perror (dir);
      abort ();
    }
  snprintf (run_label, sizeof run_label, "%s/", dir);
  transcript_room = 256;
  transcript_length = 0;
  transcript = calloc (1, transcript_room);
  if (transcript == NULL)
    abort ();
  start_server (run->window, run->direct, trace);
}

void
run_end (void)
{
  stop_server ();
  if (real_chdir (scratch) != 0)
    {
      perror (scratch);
      abort ();
    }
  if (runs < HARNESS_RUNS_MAX)
    {
      run_transcripts[runs] = transcript;
      snprintf (run_names[runs], sizeof run_names[0], "%.*s",
		(int) strlen (run_label) - 1, run_label);
      runs++;
    }
  else
    free (transcript);
  transcript = NULL;
  run_label[0] = '\0';
}

void
compare_runs (const char *what)
{
  for (int i = 1; i < runs; i++)
    {
      const char *a = run_transcripts[0], *b = run_transcripts[i];
      size_t at = 0, line = 1;
      while (a[at] && a[at] == b[at])
	line += a[at++] == '\n';
      if (!check (a[at] == b[at],
		  name_of ("%s: %s and %s alike", what, run_names[0],
			   run_names[i]),
		  "transcripts differ from line %zu on", line))
	{
	  /* Show the first difference.  */
	  size_t start = at;
	  while (start > 0 && a[start - 1] != '\n')
	    start--;
	  printf ("  %s: %.*s\n  %s: %.*s\n", run_names[0],
		  (int) strcspn (a + start, "\n"), a + start, run_names[i],
		  (int) strcspn (b + start, "\n"), b + start);
	}
    }
  for (int i = 0; i < runs; i++)
    free (run_transcripts[i]);
  runs = 0;
}

/* The host's directory streams, for remove_tree (the names are the
   client's).  */
extern DIR *real_fdopendir (int fd) HARNESS_REAL (fdopendir);
extern struct dirent *real_readdir (DIR *dir) HARNESS_REAL (readdir);
extern void real_rewinddir (DIR *dir) HARNESS_REAL (rewinddir);
extern int real_closedir (DIR *dir) HARNESS_REAL (closedir);
extern int real_dirfd (DIR *dir) HARNESS_REAL (dirfd);

/* Remove NAME under DIRFD and everything below it, with relative names
   only: the tests make paths longer than PATH_MAX is from here.  */
static void
remove_tree (int parent, const char *name)
{
  int fd = real_openat (parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW
			| O_CLOEXEC);
  if (fd < 0)
    {
      real_unlinkat (parent, name, 0);
      return;
    }
  DIR *d = real_fdopendir (fd);
  if (d == NULL)
    {
      real_close (fd);
      return;
    }
  for (bool again = true; again;)
    {
      struct dirent *e;
      again = false;
      real_rewinddir (d);
      while ((e = real_readdir (d)) != NULL)
	if (strcmp (e->d_name, ".") != 0 && strcmp (e->d_name, "..") != 0)
	  {
	    remove_tree (real_dirfd (d), e->d_name);
	    again = true;
	  }
    }
  real_closedir (d);
  real_unlinkat (parent, name, AT_REMOVEDIR);
}

static void
on_alarm (int sig)
{
  static const char msg[] = "FAIL: timeout (NVPTX_RPC_TEST_TIMEOUT)\n";
  (void) sig;
  if (real_write (STDOUT_FILENO, msg, sizeof msg - 1) < 0)
    _exit (1);
  _exit (1);
}

/* The names in client-names.h must reach the client, not the host's C
   library (see there, _FORTIFY_SOURCE).  With no mailbox yet, each client
   call takes its fallback, which the host's own would not.  */
static void
check_client_names (void)
{
  int host_fd = real_open ("/dev/null", O_RDWR | O_CLOEXEC);
  struct stat st;
  struct timeval tv;
  struct timespec ts;
  int fds[2];
  char c;

  CHECK_INT ("names: no mailbox before start_server",
	     __nvptx_rpc_link.mailbox, 0);
  CHECK_ERRNO ("names: open", open (".", O_RDONLY), ENOSYS);
  CHECK_ERRNO ("names: creat", creat ("names-creat", 0644), ENOSYS);
  CHECK_INT ("names: read", read (host_fd, &c, 1), 0);
  CHECK_ERRNO ("names: write", write (host_fd, "x", 1), EBADF);
  CHECK_ERRNO ("names: close", close (host_fd), EBADF);
  CHECK_INT ("names: lseek", lseek (host_fd, 5, SEEK_SET), 0);
  CHECK_ERRNO ("names: fstat", fstat (host_fd, &st), ENOSYS);
  CHECK_ERRNO ("names: stat", stat (".", &st), ENOSYS);
  CHECK_INT ("names: isatty", isatty (host_fd), 0);
  CHECK_ERRNO ("names: unlink", unlink ("names-none"), ENOSYS);
  CHECK_ERRNO ("names: rename", rename ("names-a", "names-b"), ENOSYS);
  CHECK_ERRNO ("names: link", link ("names-a", "names-b"), ENOSYS);
  CHECK_ERRNO ("names: mkdir", mkdir ("names-d", 0755), ENOSYS);
  CHECK_ERRNO ("names: gettimeofday", gettimeofday (&tv, NULL), ENOSYS);
  CHECK_INT ("names: getpid", getpid (), 1);
  CHECK_ERRNO ("names: kill", kill (real_getpid (), 0), ENOSYS);
  CHECK_ERRNO ("names: lstat", lstat (".", &st), ENOSYS);
  CHECK_ERRNO ("names: symlink", symlink ("names-a", "names-b"), ENOSYS);
  CHECK_ERRNO ("names: readlink", readlink ("names-a", &c, 1), ENOSYS);
  CHECK_ERRNO ("names: rmdir", rmdir ("names-d"), ENOSYS);
  CHECK_ERRNO ("names: chmod", chmod (".", 0755), ENOSYS);
  CHECK_ERRNO ("names: access", access (".", F_OK), ENOSYS);
  CHECK_ERRNO ("names: truncate", truncate ("names-a", 0), ENOSYS);
  CHECK_ERRNO ("names: fsync", fsync (host_fd), ENOSYS);
  CHECK_ERRNO ("names: dup", dup (host_fd), ENOSYS);
  CHECK_ERRNO ("names: dup2", dup2 (host_fd, 100), ENOSYS);
  CHECK_ERRNO ("names: fcntl", fcntl (host_fd, F_GETFD), ENOSYS);
  CHECK_ERRNO ("names: getcwd", getcwd (&c, 1) ? 0 : -1, ENOSYS);
  CHECK_ERRNO ("names: chdir", chdir ("/"), ENOSYS);
  CHECK_ERRNO ("names: utime", utime (".", NULL), ENOSYS);
  CHECK_ERRNO ("names: opendir", opendir (".") ? 0 : -1, ENOSYS);
  CHECK_ERRNO ("names: clock_gettime",
	       clock_gettime (CLOCK_REALTIME, &ts), ENOSYS);
  CHECK_ERRNO ("names: sysconf", sysconf (_SC_PAGESIZE), ENOSYS);
  CHECK_ERRNO ("names: getppid", getppid (), ENOSYS);
  CHECK_ERRNO ("names: pipe", pipe (fds), ENOSYS);
  CHECK_ERRNO ("names: pread", pread (host_fd, &c, 1, 0), ENOSYS);
  CHECK_ERRNO ("names: pwrite", pwrite (host_fd, &c, 1, 0), ENOSYS);
  CHECK_ERRNO ("names: dup3", dup3 (host_fd, 100, 0), ENOSYS);
  CHECK_ERRNO ("names: fchown", fchown (host_fd, -1, -1), ENOSYS);
  CHECK_ERRNO ("names: lchown", lchown (".", -1, -1), ENOSYS);
  CHECK_ERRNO ("names: futimens", futimens (host_fd, NULL), ENOSYS);
  CHECK_ERRNO ("names: utimensat", utimensat (AT_FDCWD, ".", NULL, 0),
	       ENOSYS);
  CHECK_ERRNO ("names: fchdir", fchdir (host_fd), ENOSYS);
  CHECK_ERRNO ("names: mkfifo", mkfifo ("names-f", 0644), ENOSYS);
  CHECK_ERRNO ("names: mknod", mknod ("names-f", S_IFREG | 0644, 0),
	       ENOSYS);
  CHECK_ERRNO ("names: openat", openat (AT_FDCWD, ".", O_RDONLY), ENOSYS);
  CHECK_ERRNO ("names: fstatat", fstatat (AT_FDCWD, ".", &st, 0), ENOSYS);
  CHECK_ERRNO ("names: mkdirat", mkdirat (AT_FDCWD, "names-d", 0755),
	       ENOSYS);
  CHECK_ERRNO ("names: unlinkat", unlinkat (AT_FDCWD, "names-a", 0),
	       ENOSYS);
  CHECK_ERRNO ("names: renameat",
	       renameat (AT_FDCWD, "names-a", AT_FDCWD, "names-b"), ENOSYS);
  CHECK_ERRNO ("names: faccessat", faccessat (AT_FDCWD, ".", F_OK, 0),
	       ENOSYS);
  CHECK_ERRNO ("names: fchmodat", fchmodat (AT_FDCWD, ".", 0755, 0),
	       ENOSYS);
  CHECK_ERRNO ("names: fchownat", fchownat (AT_FDCWD, ".", -1, -1, 0),
	       ENOSYS);
  CHECK_ERRNO ("names: linkat",
	       linkat (AT_FDCWD, "names-a", AT_FDCWD, "names-b", 0), ENOSYS);
  CHECK_ERRNO ("names: symlinkat", symlinkat ("names-a", AT_FDCWD,
					      "names-b"), ENOSYS);
  CHECK_ERRNO ("names: readlinkat", readlinkat (AT_FDCWD, "names-a", &c, 1),
	       ENOSYS);
  /* nanosleep runs on the client's own clock: no server needed.  */
  ts = (struct timespec) { 0, 1000 };
  CHECK_INT ("names: nanosleep", nanosleep (&ts, NULL), 0);
  real_close (host_fd);
}

void
harness_begin (const char *program)
{
  const char *tmp = getenv ("TMPDIR");
  const char *timeout = getenv ("NVPTX_RPC_TEST_TIMEOUT");

  program_name = program;
  setvbuf (stdout, NULL, _IOLBF, 0);
  signal (SIGALRM, on_alarm);
  alarm (timeout && atoi (timeout) > 0 ? atoi (timeout) : 900);
  /* A pipe whose reader went away must fail the write, not kill us.  */
  signal (SIGPIPE, SIG_IGN);
  real_umask (022);
  snprintf (scratch, sizeof scratch, "%s/nvptx-rpc-%s-XXXXXX",
	    tmp && *tmp ? tmp : "/tmp", program);
  if (mkdtemp (scratch) == NULL || real_chdir (scratch) != 0)
    {
      perror (scratch);
      exit (1);
    }
  check_client_names ();
}

int
harness_end (void)
{
  stop_server ();
  for (int i = 0; i < runs; i++)
    free (run_transcripts[i]);
  runs = 0;
  if (real_chdir ("/") == 0)
    remove_tree (AT_FDCWD, scratch);
  printf ("%s: %d passed, %d failed\n", program_name, passed, failed);
  return failed ? 1 : 0;
}

int
host_fds_open (void)
{
  int n = 0;

  for (int fd = 0; fd < 1024; fd++)
    n += real_fcntl (fd, F_GETFD) != -1;
  return n;
}

/* Whether the kernel has openat2 (Linux 5.6; valgrind 3.19 does not pass
   it through): without it there is no sandbox, and magic links are not
   refused.  */
bool
kernel_has_openat2 (void)
{
  struct open_how how = { .flags = O_PATH | O_CLOEXEC };
  int fd = syscall (SYS_openat2, AT_FDCWD, ".", &how, sizeof how);

  if (fd >= 0)
    real_close (fd);
  return fd >= 0 || (errno != ENOSYS && errno != EPERM);
}
