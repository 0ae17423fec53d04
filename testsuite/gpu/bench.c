/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The benchmark program behind "make bench" (scripts/bench.sh).  Built for
   the GPU it measures nvptx-rpc; built natively it is the host-only
   reference for the same transfers on the same file system.  Each result
   is one line, "name value unit", for the table and the plots.

     bench calls N         per-call costs, N calls each (GPU only)
     bench lanes N         every lane makes N calls at once (-L 32)
     bench io DIR KIND SIZE...
			   write then read DIR/bench.io in SIZE-byte calls;
			   KIND is global (malloc'd), static or stack, or
			   stdio or stdio1k: fwrite and fread of a malloc'd
			   buffer on a FILE, with stdio's buffer or one of
			   1 KiB  */

#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "lane.h"

#ifdef __nvptx__
# include "arch.h"
# include "rpc.h"
#endif

/* The biggest stack buffer: the launcher sizes the stack from the frame.  */
#define STACK_MAX (256 << 10)
/* The biggest static buffer, in the module's global memory.  */
#define STATIC_MAX (1 << 30)
static char static_buffer[STATIC_MAX];
/* Bytes each io measurement moves at least, so that small calls are
   timed over many.  */
#define IO_TOTAL (64 << 20)

static long long
now_ns (void)
{
#ifdef __nvptx__
  return CLOCK_NS ();
#else
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1000000000LL + t.tv_nsec;
#endif
}

static void
result (const char *name, double value, const char *unit)
{
  printf ("%s %.3f %s\n", name, value, unit);
}

/* Report BYTES moved since T0, in MB/s, as the name FORMAT makes.  */
static void __attribute__ ((format (printf, 3, 4)))
result_rate (double bytes, long long t0, const char *format, ...)
{
  double ns = now_ns () - t0;
  char name[64];
  va_list ap;

  va_start (ap, format);
  vsnprintf (name, sizeof name, format, ap);
  va_end (ap);
  result (name, bytes / ns * 1e3, "MB/s");
}

#ifdef __nvptx__
/* The floor any mailbox protocol pays: post a NOP with one 16-byte store
   and the release of its sequence number, then poll the reply with
   16-byte loads.  No lock, no marshalling.  With WHOLE, the request's
   arguments are stored too, as a call does.  */
static void
bare_exchange (struct nvptx_rpc_mailbox *mb, bool whole)
{
  uint32_t seq = (uint32_t) __nvptx_rpc_lock + 1;
  uint64_t head, res;

  __nvptx_rpc_lock = seq;	/* Where the client finds the last one.  */

  STORE_PAIR (&mb->request.version,
	      NVPTX_RPC_VERSION | (uint64_t) NVPTX_RPC_NOP << 32, 0);
  if (whole)
    {
      STORE_PAIR (&mb->request.arg[0], 0, 0);
      STORE_PAIR (&mb->request.arg[2], 0, 0);
    }
  STORE_RELEASE32 (&mb->request_seq, seq);
  do
    LOAD_PAIR (&mb->reply.seq, head, res);
  while ((uint32_t) head != seq);
}

/* format.c's formatting alone, as vfprintf asks it for a stream.  */
static int
format_line (const char *fmt, ...)
{
  static uint64_t text[128];
  va_list ap;
  int n;

  va_start (ap, fmt);
  n = __nvptx_rpc_format ((char *) text, sizeof text, fmt, ap);
  va_end (ap);
  return n;
}

/* Time N runs of STMT, in nanoseconds each.  */
# define PER_CALL(n, stmt) \
  ({ long long t0_ = now_ns (); \
     for (long i_ = 0; i_ < (n); i_++) \
       stmt; \
     (double) (now_ns () - t0_) / (n); })

static int
calls (long n)
{
  struct nvptx_rpc_mailbox *mb
    = (struct nvptx_rpc_mailbox *) (uintptr_t) __nvptx_rpc_link.mailbox;
  int fd = open ("/dev/null", O_WRONLY);
  FILE *null = fopen ("/dev/null", "w");
  static unsigned long long lock;
  char line[64];
  uint64_t sink = 0, lo, hi;

  if (mb == NULL || fd < 0 || null == NULL)
    {
      fputs ("bench: needs the nvptx-rpc launcher\n", stderr);
      return 1;
    }
  /* The parts of a call.  */
  result ("host_load", PER_CALL (n, ({ LOAD_PAIR (&mb->magic, lo, hi);
				      sink += lo + hi; })), "ns");
  result ("gpu_lock", PER_CALL (n, ({ lock_try_take (&lock, 1);
				     lock_give_back (&lock, 1); })), "ns");
  result ("release_store", PER_CALL (n, ({ STORE_RELEASE32 (&mb->reserved[0],
							    (uint32_t) i_); })),
	  "ns");
  /* Whole calls, against the floor.  */
  result ("floor", PER_CALL (n, bare_exchange (mb, false)), "ns");
  /* What a call adds to it, part by part.  */
  result ("floor_whole_request", PER_CALL (n, bare_exchange (mb, true)), "ns");
  result ("floor_locked",
	  PER_CALL (n, ({ lock_fetch_or (&lock, NVPTX_RPC_LOCK_HELD);
			  bare_exchange (mb, true);
			  lock_store_relaxed (&lock, 0); })), "ns");
  struct __nvptx_rpc_call nop = { .opcode = NVPTX_RPC_NOP };
  result ("nop_call", PER_CALL (n, __nvptx_rpc_call (&nop)), "ns");
  result ("lseek", PER_CALL (n, lseek (fd, 0, SEEK_CUR)), "ns");
  result ("write1", PER_CALL (n, write (fd, "x", 1)), "ns");
  result ("snprintf", PER_CALL (n, snprintf (line, sizeof line,
					     "line %ld\n", i_)), "ns");
  result ("fprintf", PER_CALL (n, fprintf (null, "line %ld\n", i_)), "ns");
  result ("format", PER_CALL (n, format_line ("line %ld\n", i_)), "ns");
  result ("stream_lock", PER_CALL (n, ({ flockfile (null);
					funlockfile (null); })), "ns");
  result ("fprintf_float", PER_CALL (n, fprintf (null, "line %g\n",
						  (double) i_)), "ns");
  result ("fwrite", PER_CALL (n, fwrite ("line 12345\n", 1, 11, null)), "ns");
  /* The same calls with the locks that a program of more threads takes
     (this one, run as one thread, takes none: rpc.h).  */
  uint32_t features = __nvptx_rpc_link.features;
  __nvptx_rpc_link.features = features & ~NVPTX_RPC_FEATURE_ONE_THREAD;
  result ("nop_call_locking", PER_CALL (n, __nvptx_rpc_call (&nop)), "ns");
  result ("lseek_locking", PER_CALL (n, lseek (fd, 0, SEEK_CUR)), "ns");
  result ("fprintf_locking", PER_CALL (n, fprintf (null, "line %ld\n", i_)),
	  "ns");
  result ("stream_lock_locking", PER_CALL (n, ({ flockfile (null);
						 funlockfile (null); })), "ns");
  __nvptx_rpc_link.features = features;
  fclose (null);
  close (fd);
  return sink == 42;		/* Keeps the loads.  */
}
#endif

/* Every lane makes N lseek calls at once; lane 0 reports calls a second
   for all of them.  */
static int
lanes (long n)
{
  int fd = open ("/dev/null", O_WRONLY);
  long long t0;

  if (fd < 0)
    return lane_failed (this_lane (), "open");
  all_lanes_here ();
  t0 = now_ns ();
  for (long i = 0; i < n; i++)
    lseek (fd, 0, SEEK_CUR);
  all_lanes_here ();
  if (this_lane () == 0)
    {
      char name[32];
      snprintf (name, sizeof name, "lanes%d", lane_count ());
      result (name, n * lane_count () / ((now_ns () - t0) * 1e-9), "calls/s");
    }
  close (fd);
  return 0;
}

/* REPS calls of SIZE bytes between PATH, opened with FLAGS, and BUF, by
   write or read as WRITING says, or, for KIND stdio and stdio1k, by
   fwrite or fread on a FILE with stdio's own buffer or one of 1 KiB
   (BUFSIZ); reports MB/s as OP_KIND_SIZE.  KIND positioned is a heap
   buffer moved by pwrite or pread, each call at the offset after the
   last, reported as pwrite_global_SIZE and pread_global_SIZE.  */
static int
time_calls (const char *path, int flags, bool writing, const char *kind,
	    char *buf, long size, long reps)
{
  bool positioned = strcmp (kind, "positioned") == 0;
  const char *op = writing ? (positioned ? "pwrite" : "write")
		   : (positioned ? "pread" : "read");
  int fd = open (path, flags, 0644);
  bool stdio = strncmp (kind, "stdio", 5) == 0;
  FILE *f = stdio && fd >= 0 ? fdopen (fd, writing ? "w" : "r") : NULL;
  long long t0;

  if (fd < 0 || (stdio && f == NULL))
    return lane_failed (0, "open");
  if (strcmp (kind, "stdio1k") == 0)
    setvbuf (f, NULL, _IOFBF, 1024);
  t0 = now_ns ();
  for (long i = 0; i < reps; i++)
    {
      long n = positioned ? (writing ? pwrite (fd, buf, size, i * size)
			     : pread (fd, buf, size, i * size))
	       : !stdio ? (writing ? write (fd, buf, size)
			   : read (fd, buf, size))
	       : (long) (writing ? fwrite (buf, 1, size, f)
			 : fread (buf, 1, size, f));
      if (n != size)
	return lane_failed (0, op);
    }
  if (stdio && fflush (f) != 0)
    return lane_failed (0, "fflush");
  result_rate ((double) size * reps, t0, "%s_%s_%ld", op,
	       positioned ? "global" : kind, size);
  return stdio ? fclose (f) != 0 : close (fd) != 0;
}

/* Write IO_TOTAL bytes (at least one call) to PATH in SIZE-byte calls from
   BUF, then read them back the same way; report both in MB/s.  */
static int
transfer (const char *path, const char *kind, char *buf, long size)
{
  long reps = size >= IO_TOTAL ? 1 : IO_TOTAL / size;

  memset (buf, 'b', size);
  return time_calls (path, O_WRONLY | O_CREAT | O_TRUNC, true, kind, buf,
		     size, reps)
	 || time_calls (path, O_RDONLY, false, kind, buf, size, reps)
	 || buf[size - 1] != 'b';
}

#ifdef __nvptx__
/* One thread's limits storing into and loading from host memory, 16
   bytes at a time, over the whole window, LIMIT_TOTAL bytes in all:
   stores from registers, 32 an iteration (fewer leave the loop's own
   instructions in the time); loads as many in flight as rpc.c's copy
   has (arch.h).  The window path's ceilings, as store_limit_WINDOW and
   load_limit_WINDOW in MB/s.  */
# define LIMIT_TOTAL (16 << 20)
static void
host_memory_limits (void)
{
  struct nvptx_rpc_mailbox *mb
    = (struct nvptx_rpc_mailbox *) (uintptr_t) __nvptx_rpc_link.mailbox;
  uint32_t window = __nvptx_rpc_link.window_size & -512;
  long n = window ? LIMIT_TOTAL / window : 0;
  long long t0;

  if (n == 0)
    return;
  t0 = now_ns ();
  for (long r = 0; r < n; r++)
    for (uint32_t i = 0; i < window; i += 512)
#pragma GCC unroll 32
      for (int k = 0; k < 32; k++)
	STORE_PAIR (mb->window + i + 16 * k, r, i);
  STORE_RELEASE32 (&mb->reserved[0], 0);
  result_rate ((double) n * window, t0, "store_limit_%u", window);
  t0 = now_ns ();
  for (long r = 0; r < n; r++)
    for (uint32_t i = 0; i < window; i += HOST_READ_BLOCK)
      {
	uint64_t v[HOST_READ_BLOCK / 8];
#pragma GCC unroll 64
	for (int k = 0; k < HOST_READ_BLOCK / 16; k++)
	  LOAD_PAIR (mb->window + i + 16 * k, v[2 * k], v[2 * k + 1]);
	/* Used by no instruction: a sum of them made the GPU, which issues
	   in order, wait for each load before it issued the next.  */
#pragma GCC unroll 128
	for (int k = 0; k < HOST_READ_BLOCK / 8; k++)
	  asm volatile ("" : : "r" (v[k]));
      }
  result_rate ((double) n * window, t0, "load_limit_%u", window);
}

/* Copy SIZE bytes at BUF to TO, STEP bytes at a time, REPS times, then
   back, with rpc.c's copies (arch.h), to and from host memory when HOST;
   the rates as NAME_out_SIZE and NAME_in_SIZE in MB/s.  */
static void
copy_rates (const char *name, unsigned char *to, bool host, long step,
	    uint64_t *buf, long size, long reps)
{
  long long t0 = now_ns ();

  for (long r = 0; r < reps; r++)
    for (long at = 0; at < size; at += step)
      if (host)
	copy_blocks_to_host (to, (const unsigned char *) buf + at,
			     size - at < step ? size - at : step);
      else
	copy_blocks_within (to, (const unsigned char *) buf + at,
			    size - at < step ? size - at : step);
  STORE_RELEASE32 (&to[0], 0);
  result_rate ((double) size * reps, t0, "%s_out_%ld", name, size);
  t0 = now_ns ();
  for (long r = 0; r < reps; r++)
    for (long at = 0; at < size; at += step)
      if (host)
	copy_blocks_from_host ((unsigned char *) buf + at, to,
			       size - at < step ? size - at : step);
      else
	copy_blocks_within ((unsigned char *) buf + at, to,
			    size - at < step ? size - at : step);
  result_rate ((double) size * reps, t0, "%s_in_%ld", name, size);
}

/* What a stack buffer's transfer costs without the protocol: BUF's SIZE
   bytes copied into the window and back, a window at a time, for
   COPY_TOTAL bytes each way (stack_copy_*); and into the stage and back,
   half of it at a time (stage_copy_*), with rpc.c's loops.  */
# define COPY_TOTAL (8 << 20)
static void
stack_copy_limits (uint64_t *buf, long size)
{
  struct nvptx_rpc_mailbox *mb
    = (struct nvptx_rpc_mailbox *) (uintptr_t) __nvptx_rpc_link.mailbox;
  long window = __nvptx_rpc_link.window_size & -256;
  long reps = size >= COPY_TOTAL ? 1 : COPY_TOTAL / size;

  memset (buf, 'c', size);
  if (window > 0)		/* Whole blocks of both copies only.  */
    copy_rates ("stack_copy", mb->window, true, window, buf, size, reps);
  copy_rates ("stage_copy", __nvptx_rpc_stage, false,
	      NVPTX_RPC_STAGE_SIZE / 2 & -256, buf, size, reps);
}
#endif

static int
transfer_stack (const char *path, long size)
{
  /* Aligned as GCC lays out a frame's biggest array.  */
  uint64_t buf[STACK_MAX / 8] __attribute__ ((aligned (16)));

  if (size > STACK_MAX || size % 128 != 0)
    return lane_failed (0, "stack buffer size");
#ifdef __nvptx__
  stack_copy_limits (buf, size);
#endif
  return transfer (path, "stack", (char *) buf, size);
}

static int
io (const char *dir, const char *kind, char **sizes)
{
  char path[512];
  int failed = 0;

  snprintf (path, sizeof path, "%s/bench.io", dir);
#ifdef __nvptx__
  if (strcmp (kind, "stack") == 0)
    host_memory_limits ();
#endif
  for (; *sizes; sizes++)
    {
      long size = strtol (*sizes, NULL, 0);
      if (strcmp (kind, "stack") == 0)
	failed |= transfer_stack (path, size);
      else if (strcmp (kind, "static") == 0)
	failed |= size > STATIC_MAX
		  ? lane_failed (0, "static buffer size")
		  : transfer (path, "static", static_buffer, size);
      else
	{
	  char *buf = malloc (size);
	  if (buf == NULL)
	    return lane_failed (0, "malloc");
	  failed |= transfer (path, strncmp (kind, "stdio", 5) == 0
				    || strcmp (kind, "positioned") == 0 ? kind
				    : "global", buf, size);
	  free (buf);
	}
    }
  unlink (path);
  return failed;
}

int
main (int argc, char **argv)
{
  if (argc >= 3 && strcmp (argv[1], "lanes") == 0)
    return lanes (atol (argv[2]));
#ifdef __nvptx__
  if (argc >= 3 && strcmp (argv[1], "calls") == 0)
    return calls (atol (argv[2]));
#endif
  if (argc >= 5 && strcmp (argv[1], "io") == 0)
    return io (argv[2], argv[3], argv + 4);
  fputs ("usage: bench calls N | lanes N"
	 " | io DIR global|static|stack|stdio|stdio1k|positioned SIZE...\n",
	 stderr);
  return 2;
}
