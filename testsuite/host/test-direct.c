/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* read and write by DMA (NVPTX_RPC_DIRECT) through the client, against
   host-device.c's stand-in for the GPU: which transfers take it, in one
   request; the window taking over when the host cannot reach the buffer,
   with nothing lost; what a failure part way leaves (the count moved, a
   file offset just after it); short reads, pipes, errors; the trace.  */

#include <pthread.h>
#include <semaphore.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "harness.h"

/* Larger than two staging buffers, and no multiple of one.  */
#define BIG (1048576 + 12345)

static uint32_t window;
static unsigned char *want, *got;

/* What a transfer cost: requests, and bytes by DMA.  */
struct cost
{
  uint32_t requests;
  unsigned long long dma;
};

static struct cost
cost_now (void)
{
  struct host_device_stats stats = host_device_stats ();
  return (struct cost) { (uint32_t) __nvptx_rpc_lock,
			 stats.to_host + stats.to_device };
}

/* Since BEFORE: REQUESTS requests and DMA bytes by DMA.  */
static void
check_cost (const char *name, struct cost before, uint32_t requests,
	    unsigned long long dma)
{
  struct cost now = cost_now ();
  CHECK_INT (name_of ("%s: requests", name), now.requests - before.requests,
	     requests);
  CHECK_INT (name_of ("%s: bytes by DMA", name), now.dma - before.dma, dma);
}

/* Requests for N bytes through the window.  */
static uint32_t
window_requests (size_t n)
{
  return (n + window - 1) / window;
}

/* The same for a write, which goes in pieces of half a window of 16 KiB
   or more when longer than it (docs/protocol.md, "Streams").  */
static size_t
write_requests (size_t n)
{
  size_t piece = window >= 16384 && n > window ? window / 2 / 16 * 16
		 : window;
  return (n + piece - 1) / piece;
}

/* Requests for a transfer of N bytes through the stage.  */
static size_t
stage_requests (size_t n)
{
  size_t piece = NVPTX_RPC_STAGE_SIZE / 2;
  return (n + piece - 1) / piece;
}

/* The host's view of guest FD's offset.  */
static off_t
offset_of (int fd)
{
  return lseek (fd, 0, SEEK_CUR);
}

/* Reads below NVPTX_RPC_DIRECT_READ_MIN through the window, from it on
   one request; writes the same from the first size that goes by DMA
   (first_dma_write), from the heap and from the stack.  */
static void
threshold (void)
{
  int fd = open ("threshold", O_RDWR | O_CREAT | O_TRUNC, 0644);
  struct cost before;
  size_t n = first_dma_write (window, false);
  size_t r = NVPTX_RPC_DIRECT_READ_MIN;

  pattern_fill (want, 2 * n, 1, 0);
  before = cost_now ();
  CHECK_INT ("write of the first DMA size - 1", write (fd, want, n - 1),
	     n - 1);
  check_cost ("write of the first DMA size - 1", before,
	      write_requests (n - 1), 0);
  before = cost_now ();
  CHECK_INT ("write of the first DMA size", write (fd, want + n - 1, n), n);
  check_cost ("write of the first DMA size", before, 1, n);
  CHECK_INT ("lseek to 0", lseek (fd, 0, SEEK_SET), 0);
  memset (got, 0, 2 * n);
  before = cost_now ();
  CHECK_INT ("read of DIRECT_READ_MIN", read (fd, got, r), r);
  check_cost ("read of DIRECT_READ_MIN", before, 1, r);
  before = cost_now ();
  CHECK_INT ("read of DIRECT_READ_MIN - 1", read (fd, got + r, r - 1),
	     r - 1);
  check_cost ("read of DIRECT_READ_MIN - 1", before, window_requests (r - 1),
	      0);
  CHECK_INT ("read of the rest", read (fd, got + 2 * r - 1, 2 * n),
	     2 * n - 2 * r);
  check_bytes ("threshold: bytes", got, want, 2 * n - 1);

  /* From the stack: a write that fits the window stays there at any
     size; the stage takes the rest.  */
  unsigned char stack[NVPTX_RPC_WINDOW_WRITE_MAX + 1];
  size_t s = sizeof stack;
  memcpy (stack, want, s);
  before = cost_now ();
  CHECK_INT ("stack write above WINDOW_WRITE_MAX", write (fd, stack, s), s);
  bool staged = s >= first_dma_write (window, true);
  check_cost ("stack write above WINDOW_WRITE_MAX", before,
	      staged ? stage_requests (s) : write_requests (s),
	      staged ? s : 0);
  CHECK_INT ("close", close (fd), 0);
}

/* BIG bytes out and back, a request each; then a short read at EOF.  */
static void
big_file (void)
{
  int fd = open ("big", O_RDWR | O_CREAT | O_TRUNC, 0644);
  struct cost before = cost_now ();
  size_t len;

  pattern_fill (want, BIG, 2, 0);
  CHECK_INT ("big write", write (fd, want, BIG), BIG);
  check_cost ("big write", before, 1, BIG);
  unsigned char *back = slurp ("big", &len);
  CHECK_INT ("big write: the host's size", back ? len : 0, BIG);
  if (back && len == BIG)
    check_bytes ("big write: the host's bytes", back, want, BIG);
  free (back);

  CHECK_INT ("lseek to 100", lseek (fd, 100, SEEK_SET), 100);
  memset (got, 0xa5, BIG + 1);
  before = cost_now ();
  CHECK_INT ("big read from 100: short at EOF", read (fd, got, BIG),
	     BIG - 100);
  check_cost ("big read from 100", before, 1, BIG - 100);
  check_bytes ("big read from 100: bytes", got, want + 100, BIG - 100);
  CHECK_INT ("big read from 100: nothing stored past the result",
	     got[BIG - 100], 0xa5);
  CHECK_INT ("then EOF", read (fd, got, BIG), 0);
  CHECK_INT ("close", close (fd), 0);
}

/* Memory the host cannot reach, as the driver may refuse the GPU's
   heap: the one direct request gets EFAULT, and the window moves all of
   it, nothing lost or repeated.  */
static void
unreachable (void)
{
  int fd = open ("unreachable", O_RDWR | O_CREAT | O_TRUNC, 0644);
  struct cost before = cost_now ();
  size_t n = 100000, len;

  host_device_memory (0, 0);
  pattern_fill (want, n, 3, 0);
  CHECK_INT ("unreachable: write", write (fd, want, n), n);
  check_cost ("unreachable: write", before, 1 + write_requests (n), 0);
  unsigned char *back = slurp ("unreachable", &len);
  CHECK_INT ("unreachable: the host's size", back ? len : 0, n);
  if (back && len == n)
    check_bytes ("unreachable: the host's bytes", back, want, n);
  free (back);
  CHECK_INT ("lseek to 0", lseek (fd, 0, SEEK_SET), 0);
  memset (got, 0, n);
  before = cost_now ();
  CHECK_INT ("unreachable: read", read (fd, got, n), n);
  check_cost ("unreachable: read", before, 1 + window_requests (n), 0);
  check_bytes ("unreachable: read, bytes", got, want, n);
  CHECK_INT ("unreachable: read, offset", offset_of (fd), n);
  /* Longer than half a 64 KiB window, but not than the window: one
     request there.  */
  before = cost_now ();
  CHECK_INT ("unreachable: write of 40000", write (fd, want, 40000), 40000);
  check_cost ("unreachable: write of 40000", before,
	      1 + write_requests (40000), 0);
  host_device_memory (0, UINTPTR_MAX);
  CHECK_INT ("close", close (fd), 0);
}

/* Copies that fail once the buffer was accepted, a driver's error.
   From the first chunk: EFAULT, then the window, which must find the
   file's offset where it was (the bytes read for the failed copies go
   back).  Later: the count moved so far, the offset after it, nothing
   stored past it.  */
static void
broken_copies (void)
{
  static const struct
  {
    const char *name;
    size_t at;			/* The first broken byte.  */
    size_t moved;		/* What a transfer of BIG moves.  */
  } cases[] = {
    /* The first copy does not start.  */
    { "broken from byte 0", 0, BIG },
    /* It starts, and fails; a read has read the second chunk meanwhile.  */
    { "broken at byte 100", 100, BIG },
    /* The fifth chunk's copy fails: four came through.  */
    { "broken at byte 600000", 600000, 4 * HOST_DEVICE_STAGING },
  };
  int fd = open ("broken", O_RDWR | O_CREAT | O_TRUNC, 0644);
  struct stat st;

  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    {
      const char *name = cases[i].name;
      size_t moved = cases[i].moved;

      /* The host's file holds the pattern; the write overwrites it with
	 another, as far as it gets.  */
      pattern_fill (want, BIG, 4, 0);
      spit ("broken", want, BIG);
      CHECK_INT (name_of ("%s: lseek to 0", name), lseek (fd, 0, SEEK_SET),
		 0);
      memset (got, 0xa5, BIG);
      host_device_break (got + cases[i].at, 1);
      CHECK_INT (name_of ("%s: read", name), read (fd, got, BIG), moved);
      host_device_break (NULL, 0);
      check_bytes (name_of ("%s: read, bytes", name), got, want, moved);
      CHECK_INT (name_of ("%s: read, offset after them", name),
		 offset_of (fd), moved);
      if (moved < BIG)
	{
	  CHECK_INT (name_of ("%s: read, nothing stored past them", name),
		     got[moved] == 0xa5 && got[BIG - 1] == 0xa5, 1);
	  CHECK_INT (name_of ("%s: read, then the rest", name),
		     read (fd, got + moved, BIG - moved), BIG - moved);
	  check_bytes (name_of ("%s: read, all bytes", name), got, want, BIG);
	}

      CHECK_INT (name_of ("%s: lseek to 0 again", name),
		 lseek (fd, 0, SEEK_SET), 0);
      pattern_fill (want, BIG, 5, 0);
      host_device_break (want + cases[i].at, 1);
      CHECK_INT (name_of ("%s: write", name), write (fd, want, BIG), moved);
      host_device_break (NULL, 0);
      CHECK_INT (name_of ("%s: write, offset after them", name),
		 offset_of (fd), moved);
      size_t len;
      unsigned char *back = slurp ("broken", &len);
      if (check (back && len == BIG, name_of ("%s: host reads", name),
		 "size %zu", back ? len : 0))
	{
	  check_bytes (name_of ("%s: write, bytes", name), back, want, moved);
	  pattern_fill (want, BIG, 4, 0);
	  check_bytes (name_of ("%s: write, nothing written past them",
				name), back + moved, want + moved,
		       BIG - moved);
	}
      free (back);
    }
  CHECK_INT ("broken: close", close (fd), 0);
  CHECK_INT ("broken: the file's size", real_stat ("broken", &st) == 0
	     ? st.st_size : -1, BIG);
}

/* Linux's, which glibc declares only with _GNU_SOURCE.  */
#ifndef F_SETPIPE_SZ
# define F_SETPIPE_SZ 1031
#endif

/* The host's end of a FIFO: makes its pipe 1 MiB, writes LENGTH bytes of
   OUT, says so (WRITTEN), then waits for HOLD before it closes.  */
struct fifo_writer
{
  const char *path;
  const unsigned char *out;
  size_t length;
  sem_t written, hold;
};

static void *
fifo_writer (void *arg)
{
  struct fifo_writer *w = arg;
  int fd = real_open (w->path, O_WRONLY | O_CLOEXEC);
  size_t done = 0;

  if (fd >= 0)
    real_fcntl (fd, F_SETPIPE_SZ, 1 << 20);
  while (fd >= 0 && done < w->length)
    {
      ssize_t n = real_write (fd, w->out + done, w->length - done);
      if (n < 0 && errno == EINTR)
	continue;
      if (n <= 0)
	break;
      done += n;
    }
  sem_post (&w->written);
  sem_wait (&w->hold);
  if (fd >= 0)
    real_close (fd);
  return NULL;
}

/* A pipe returns what one read gives, by DMA as well: LENGTH bytes
   waiting, the writer still there, and each read of BIG into INTO
   returns at once, one request, at most PIECE bytes (a piece of the
   stage: the host says a pipe's read is done).  */
static void
pipe_read (const char *name, unsigned char *into, size_t length,
	   size_t piece)
{
  struct fifo_writer w = { .path = "fifo", .out = want, .length = length };
  pthread_t thread;
  size_t done = 0;
  int bad = 0;

  pattern_fill (want, w.length, 6, 0);
  if (!CHECK (name_of ("%s: mkfifo", name), real_mkfifo (w.path, 0644) == 0))
    return;
  sem_init (&w.written, 0, 0);
  sem_init (&w.hold, 0, 0);
  real_pthread_create (&thread, NULL, fifo_writer, &w);
  int fd = open (w.path, O_RDONLY);
  CHECK (name_of ("%s: open", name), fd >= 0);
  sem_wait (&w.written);
  while (done < w.length)
    {
      struct cost before = cost_now ();
      ssize_t n = read (fd, into + done, BIG);
      struct cost after = cost_now ();
      if (n <= 0 || (size_t) n > piece
	  || after.requests - before.requests != 1
	  || after.dma - before.dma != (unsigned long long) n)
	{
	  bad++;
	  break;
	}
      done += n;
    }
  CHECK_INT (name_of ("%s: each read of BIG one request by DMA, returning "
		      "what is there", name), bad, 0);
  CHECK_INT (name_of ("%s: all of it", name), done, w.length);
  check_bytes (name_of ("%s: bytes", name), into, want, w.length);
  sem_post (&w.hold);
  CHECK_INT (name_of ("%s: EOF when the writer leaves", name),
	     read (fd, into, BIG), 0);
  CHECK_INT (name_of ("%s: close", name), close (fd), 0);
  real_pthread_join (thread, NULL);
  sem_destroy (&w.written);
  sem_destroy (&w.hold);
  unlink (w.path);
}

/* The device's memory is the stage alone, so that a transfer that took
   the stack buffer itself for global memory would be refused.  */
static void
stage_only (void)
{
  host_device_memory ((uintptr_t) __nvptx_rpc_stage,
		      (uintptr_t) __nvptx_rpc_stage
		      + sizeof __nvptx_rpc_stage);
}

/* The same into a buffer on the stack: through the stage, 300000 bytes
   waiting, a piece of it a read.  */
static void
pipe_read_stack (void)
{
  unsigned char buf[BIG];

  stage_only ();
  pipe_read ("pipe, stack", buf, 300000, NVPTX_RPC_STAGE_SIZE / 2);
  host_device_memory (0, UINTPTR_MAX);
}

/* Three pieces of the stage and a tail.  */
#define STAGED (3 * (NVPTX_RPC_STAGE_SIZE / 2) + 777)

/* A buffer on the stack, which DMA cannot reach, goes by DMA through the
   stage, a request per piece, every byte intact from buffers at any
   address; a read stops short at EOF and stores nothing past what it
   read; a copy that fails part way leaves the count moved and the offset
   after it; where the host cannot reach the stage, the window moves it
   all.  */
static void
staged (void)
{
  unsigned char buf[STAGED + 32];
  int fd = open ("staged", O_RDWR | O_CREAT | O_TRUNC, 0644);
  size_t n = STAGED, len, piece = NVPTX_RPC_STAGE_SIZE / 2;
  struct cost before;

  stage_only ();

  for (size_t at = 0; at < 16; at += 5)
    {
      char name[32];
      unsigned char *p = buf + at;
      snprintf (name, sizeof name, "staged from +%zu", at);
      pattern_fill (want, n, 7 + at, 0);
      memcpy (p, want, n);
      CHECK_INT (name_of ("%s: lseek to 0", name), lseek (fd, 0, SEEK_SET),
		 0);
      before = cost_now ();
      CHECK_INT (name_of ("%s: write", name), write (fd, p, n), n);
      check_cost (name_of ("%s: write", name), before, stage_requests (n),
		  n);
      unsigned char *back = slurp ("staged", &len);
      CHECK_INT (name_of ("%s: the host's size", name), back ? len : 0, n);
      if (back && len == n)
	check_bytes (name_of ("%s: the host's bytes", name), back, want, n);
      free (back);

      memset (buf, 0xa5, sizeof buf);
      CHECK_INT (name_of ("%s: lseek to 100", name),
		 lseek (fd, 100, SEEK_SET), 100);
      before = cost_now ();
      CHECK_INT (name_of ("%s: read, short at EOF", name),
		 read (fd, p, n), n - 100);
      check_cost (name_of ("%s: read", name), before,
		  stage_requests (n - 100), n - 100);
      check_bytes (name_of ("%s: read, bytes", name), p, want + 100,
		   n - 100);
      CHECK_INT (name_of ("%s: read, nothing stored past them", name),
		 p[n - 100] == 0xa5 && (at == 0 || p[-1] == 0xa5), 1);
    }

  /* The second piece's copy fails (its 17th byte, past the first piece
     at any offset): the first one's bytes count.  */
  host_device_break (__nvptx_rpc_stage + NVPTX_RPC_STAGE_SIZE / 2 + 16, 1);
  CHECK_INT ("staged, broken: lseek to 0", lseek (fd, 0, SEEK_SET), 0);
  memset (buf, 0xa5, sizeof buf);
  CHECK_INT ("staged, broken: read", read (fd, buf + 1, n), piece);
  check_bytes ("staged, broken: read, bytes", buf + 1, want, piece);
  CHECK_INT ("staged, broken: read, offset after them", offset_of (fd),
	     piece);
  CHECK_INT ("staged, broken: read, nothing stored past them",
	     buf[1 + piece], 0xa5);
  CHECK_INT ("staged, broken: lseek to 0 again", lseek (fd, 0, SEEK_SET),
	     0);
  CHECK_INT ("staged, broken: write", write (fd, buf + 1, n), piece);
  CHECK_INT ("staged, broken: write, offset after them", offset_of (fd),
	     piece);
  host_device_break (NULL, 0);

  /* The host cannot reach the stage: the window, nothing lost.  */
  host_device_memory (0, 0);
  pattern_fill (want, n, 8, 0);
  memcpy (buf, want, n);
  CHECK_INT ("staged, unreachable: lseek to 0", lseek (fd, 0, SEEK_SET), 0);
  before = cost_now ();
  CHECK_INT ("staged, unreachable: write", write (fd, buf, n), n);
  check_cost ("staged, unreachable: write", before, 1 + write_requests (n),
	      0);
  CHECK_INT ("staged, unreachable: lseek to 0 again",
	     lseek (fd, 0, SEEK_SET), 0);
  memset (buf, 0, sizeof buf);
  before = cost_now ();
  CHECK_INT ("staged, unreachable: read", read (fd, buf, n), n);
  check_cost ("staged, unreachable: read", before, 1 + window_requests (n),
	      0);
  check_bytes ("staged, unreachable: bytes", buf, want, n);
  host_device_memory (0, UINTPTR_MAX);
  CHECK_INT ("staged: close", close (fd), 0);
}

/* Two writes of the N bytes at OUT to a new file PATH under a file size
   limit of 100000 bytes (the server is this process): the bytes up to
   it, then EFBIG.  The limit holds for every file, this log and the trace
   too: nothing but the two writes while it holds.  */
static void
limited_writes (const char *name, const char *path, const unsigned char *out,
		size_t n)
{
  struct rlimit saved, limit;
  int fd = open (path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

  real_getrlimit (RLIMIT_FSIZE, &saved);
  limit = saved;
  limit.rlim_cur = 100000;
  signal (SIGXFSZ, SIG_IGN);
  fflush (NULL);
  real_setrlimit (RLIMIT_FSIZE, &limit);
  ssize_t part = write (fd, out, n);
  errno = 0;
  ssize_t then = write (fd, out, n);
  int then_errno = errno;
  real_setrlimit (RLIMIT_FSIZE, &saved);
  signal (SIGXFSZ, SIG_DFL);
  CHECK_INT (name_of ("%s past RLIMIT_FSIZE: the bytes up to it", name),
	     part, 100000);
  check (then == -1 && then_errno == EFBIG, name_of ("%s: then EFBIG", name),
	 "%lld errno %s", (long long) then, errno_name (then_errno));
  CHECK_INT (name_of ("%s: close", name), close (fd), 0);
}

/* pread and pwrite take read's and write's ways: BIG bytes from a global
   buffer in one request by DMA each, a stack buffer's through the stage,
   one the host cannot reach through the window; each at its offset, the
   file's own offset left where it was.  */
static void
positioned (void)
{
  int fd = open ("positioned", O_RDWR | O_CREAT | O_TRUNC, 0644);
  unsigned char stack[STAGED];
  struct cost before;
  size_t len, n = 100000;

  pattern_fill (want, BIG, 7, 0);
  CHECK_INT ("positioned: write 10", write (fd, "0123456789", 10), 10);
  before = cost_now ();
  CHECK_INT ("pwrite of BIG at 1000", pwrite (fd, want, BIG, 1000), BIG);
  check_cost ("pwrite of BIG at 1000", before, 1, BIG);
  CHECK_INT ("pwrite: the offset stays", offset_of (fd), 10);
  unsigned char *back = slurp ("positioned", &len);
  CHECK_INT ("pwrite: the host's size", back ? len : 0, 1000 + BIG);
  if (back && len == 1000 + BIG)
    check_bytes ("pwrite: the host's bytes", back + 1000, want, BIG);
  free (back);
  memset (got, 0xa5, BIG + 1);
  before = cost_now ();
  CHECK_INT ("pread of BIG at 1100: short at EOF",
	     pread (fd, got, BIG, 1100), BIG - 100);
  check_cost ("pread of BIG at 1100", before, 1, BIG - 100);
  check_bytes ("pread of BIG at 1100: bytes", got, want + 100, BIG - 100);
  CHECK_INT ("pread: nothing stored past the result", got[BIG - 100], 0xa5);
  CHECK_INT ("pread: the offset stays", offset_of (fd), 10);

  /* The stack: through the stage, each piece at its own offset.  */
  before = cost_now ();
  CHECK_INT ("pread into the stack", pread (fd, stack, STAGED, 1001),
	     STAGED);
  check_cost ("pread into the stack", before, stage_requests (STAGED),
	      STAGED);
  check_bytes ("pread into the stack: bytes", stack, want + 1, STAGED);
  before = cost_now ();
  CHECK_INT ("pwrite from the stack", pwrite (fd, stack, STAGED, 3),
	     STAGED);
  check_cost ("pwrite from the stack", before, stage_requests (STAGED),
	      STAGED);
  CHECK_INT ("pread back", pread (fd, got, STAGED, 3), STAGED);
  check_bytes ("pwrite from the stack: bytes", got, want + 1, STAGED);

  /* Unreachable: EFAULT, then the window, a piece at a time at the
     right offsets.  */
  host_device_memory (0, 0);
  before = cost_now ();
  CHECK_INT ("unreachable pwrite", pwrite (fd, want + 5, n, 50), n);
  check_cost ("unreachable pwrite", before, 1 + write_requests (n), 0);
  memset (got, 0, n);
  before = cost_now ();
  CHECK_INT ("unreachable pread", pread (fd, got, n, 50), n);
  check_cost ("unreachable pread", before, 1 + window_requests (n), 0);
  check_bytes ("unreachable pread: bytes", got, want + 5, n);
  host_device_memory (0, UINTPTR_MAX);
  CHECK_INT ("pread, pwrite: the offset stays", offset_of (fd), 10);
  CHECK_ERRNO ("pread at -1: EINVAL", pread (fd, got, BIG, -1), EINVAL);
  CHECK_ERRNO ("pwrite at -1: EINVAL", pwrite (fd, want, BIG, -1), EINVAL);
  CHECK_INT ("close", close (fd), 0);
}

/* The host's errors, before any progress (-1, errno) and after some (the
   count so far).  */
static void
errors (void)
{
  CHECK_ERRNO ("read of fd 99: EBADF", read (99, got, BIG), EBADF);
  CHECK_ERRNO ("write of fd 99: EBADF", write (99, want, BIG), EBADF);
  int fd = open ("errors", O_RDONLY | O_CREAT | O_TRUNC, 0644);
  CHECK_ERRNO ("write to an O_RDONLY fd: EBADF", write (fd, want, BIG),
	       EBADF);
  CHECK_INT ("close", close (fd), 0);
  fd = open (".", O_RDONLY | O_DIRECTORY);
  CHECK_ERRNO ("read of a directory: EISDIR", read (fd, got, BIG), EISDIR);
  CHECK_INT ("close the directory", close (fd), 0);
  limited_writes ("write", "limited", want, BIG);
}

/* The same through the stage: an error before any progress is -1 and
   errno, the window not tried; one part way (in the second piece), the
   count so far.  */
static void
staged_errors (void)
{
  unsigned char buf[STAGED];
  struct cost before = cost_now ();

  stage_only ();
  memset (buf, 's', sizeof buf);
  CHECK_ERRNO ("staged read of fd 99: EBADF", read (99, buf, STAGED), EBADF);
  CHECK_ERRNO ("staged write of fd 99: EBADF", write (99, buf, STAGED),
	       EBADF);
  check_cost ("staged, fd 99", before, 2, 0);
  limited_writes ("staged write", "staged-limited", buf, STAGED);
  host_device_memory (0, UINTPTR_MAX);
}

/* The trace of the run LABEL shows where the bytes are, not what they
   are.  */
static void
check_trace (FILE *trace, const char *label)
{
  char line[512];
  int direct = 0, refused = 0, bytes = 0, positioned = 0;

  rewind (trace);
  while (fgets (line, sizeof line, trace))
    {
      unsigned long long address, count;
      long long result;
      char call[8], rest[64];
      if (sscanf (line, "[gpu] %7[a-z](%*d, %llx (direct), %llu) = %lld%63[^\n]",
		  call, &address, &count, &result, rest) >= 4)
	{
	  direct += result >= 0 && address != 0;
	  refused += result == -1 && strstr (rest, "EFAULT") != NULL;
	}
      bytes += strstr (line, "(direct), ") && strchr (line, '"');
      /* pread and pwrite: the offset last.  */
      long long offset;
      positioned += sscanf (line, "[gpu] p%7[a-z](%*d, %llx (direct), %llu, "
			    "%lld) = %lld", call, &address, &count, &offset,
			    &result) == 5
		    && (strcmp (call, "read") == 0
			|| strcmp (call, "write") == 0)
		    && offset == 1000 && count == BIG && result == BIG;
    }
  check (direct > 0, name_of ("%s/trace: direct calls with their address",
			       label), "%d", direct);
  check (refused > 0, name_of ("%s/trace: refused direct calls, EFAULT",
				label), "%d", refused);
  CHECK_INT (name_of ("%s/trace: no window bytes on direct calls", label),
	     bytes, 0);
  CHECK_INT (name_of ("%s/trace: pwrite of BIG at 1000 with its offset",
		      label), positioned, 1);
}

int
main (void)
{
  harness_begin ("test-direct");
  size_t nruns;
  const struct harness_run *runs = harness_runs (&nruns);
  want = malloc (BIG + 1);
  got = malloc (BIG + 1);
  for (size_t r = 0; r < nruns; r++)
    {
      if (!runs[r].direct)
	continue;
      FILE *trace = tmpfile ();
      window = runs[r].window;
      run_begin (&runs[r], trace);
      threshold ();
      big_file ();
      positioned ();
      unreachable ();
      broken_copies ();
      pipe_read ("pipe", got, 20000, BIG);
      pipe_read_stack ();
      staged ();
      errors ();
      staged_errors ();
      run_end ();
      check_trace (trace, name_of ("w%u-direct", window));
      fclose (trace);
    }
  compare_runs ("results");
  free (want);
  free (got);
  return harness_end ();
}
