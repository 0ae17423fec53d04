/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* Transfers of every size class through the client: empty, one byte,
   around 1 KiB, around NVPTX_RPC_DIRECT_READ_MIN, NVPTX_RPC_DIRECT_MIN
   and NVPTX_RPC_WINDOW_WRITE_MAX, and 1 MiB, to and from a regular file
   and a FIFO; reads in odd chunk sizes; EOF; and a pipe read that returns
   what is there.  The other end is always the host's real C library.
   With DMA, the reads from NVPTX_RPC_DIRECT_READ_MIN on and the writes
   that rpc.h says go by it, and every result must be the same as through
   the window.  */

#include <pthread.h>
#include <semaphore.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

static const size_t sizes[] = { 0, 1, 1023, 1024, 1025,
				NVPTX_RPC_DIRECT_READ_MIN - 1,
				NVPTX_RPC_DIRECT_READ_MIN,
				NVPTX_RPC_DIRECT_MIN - 1, NVPTX_RPC_DIRECT_MIN,
				NVPTX_RPC_WINDOW_WRITE_MAX,
				NVPTX_RPC_WINDOW_WRITE_MAX + 1, 1048576 };
#define NSIZES (sizeof sizes / sizeof *sizes)
#define MAX_SIZE 1048576

static uint32_t window;
static bool direct;
static unsigned char *want, *got;

/* Bytes the server moved by DMA so far.  */
static unsigned long long
dma_bytes (void)
{
  struct host_device_stats stats = host_device_stats ();
  return stats.to_host + stats.to_device;
}

/* N bytes, from the device's count BEFORE on, went by DMA exactly when
   they should: with DMA, and DUE.  */
static void
check_path (const char *name, size_t n, bool due, unsigned long long before)
{
  CHECK_INT (name, dma_bytes () - before, direct && due ? n : 0);
}

/* Whether a write of N bytes from the heap is due to go by DMA.  */
static bool
write_due (size_t n)
{
  return n >= first_dma_write (window, false);
}

static size_t
total_size (void)
{
  size_t t = 0;
  for (size_t i = 0; i < NSIZES; i++)
    t += sizes[i];
  return t;
}

/* write() of each size to a file of its own, then all sizes one after the
   other to one file; the host reads back.  */
static void
write_files (void)
{
  for (size_t i = 0; i < NSIZES; i++)
    {
      size_t n = sizes[i];
      const char *path = name_of ("file-w%zu", n);
      pattern_fill (want, n, 10 + n, 0);
      int fd = open (path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (!check (fd >= 0, name_of ("file write %zu: open", n), "errno %s",
		  errno_name (errno)))
	continue;
      unsigned long long before = dma_bytes ();
      CHECK_INT (name_of ("file write %zu: result", n), write (fd, want, n),
		 (long long) n);
      check_path (name_of ("file write %zu: by DMA when due", n), n,
		  write_due (n), before);
      CHECK_INT (name_of ("file write %zu: close", n), close (fd), 0);
      size_t len = 0;
      unsigned char *back = slurp (path, &len);
      if (check (back != NULL, name_of ("file write %zu: host reads", n),
		 "errno %s", errno_name (errno)))
	{
	  CHECK_INT (name_of ("file write %zu: size", n), len, n);
	  if (len == n)
	    check_bytes (name_of ("file write %zu: bytes", n), back, want, n);
	}
      free (back);
    }

  /* All sizes in sequence: each write lands after the last, in order.  */
  int fd = open ("file-wseq", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  CHECK (name_of ("file write sequence: open"), fd >= 0);
  size_t offset = 0;
  for (size_t i = 0; i < NSIZES; i++)
    {
      pattern_fill (want, sizes[i], 1, offset);
      CHECK_INT (name_of ("file write sequence: %zu", sizes[i]),
		 write (fd, want, sizes[i]), (long long) sizes[i]);
      offset += sizes[i];
    }
  CHECK_INT ("file write sequence: close", close (fd), 0);
  size_t len = 0;
  unsigned char *back = slurp ("file-wseq", &len);
  CHECK ("file write sequence: host reads", back != NULL);
  CHECK_INT ("file write sequence: size", len, total_size ());
  if (back && len == total_size ())
    {
      unsigned char *all = malloc (len);
      pattern_fill (all, len, 1, 0);
      check_bytes ("file write sequence: bytes", back, all, len);
      free (all);
    }
  free (back);
}

/* write() from buffers at every alignment the window's copy tells apart
   (16- and 8-byte aligned words, and bytes), of sizes that leave it
   whole blocks in an odd and an even number and a tail; the host reads
   back.  */
static void
write_misaligned (void)
{
  static const size_t offsets[] = { 1, 4, 8, 16 };
  static const size_t lengths[] = { 300, 4096 + 200, 5000 };

  for (size_t o = 0; o < sizeof offsets / sizeof *offsets; o++)
    for (size_t l = 0; l < sizeof lengths / sizeof *lengths; l++)
      {
	size_t off = offsets[o], n = lengths[l];
	char what[64];
	snprintf (what, sizeof what, "write at +%zu, %zu", off, n);
	pattern_fill (want + off, n, 20 + off, 0);
	int fd = open ("file-wmis", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	CHECK (name_of ("%s: open", what), fd >= 0);
	CHECK_INT (name_of ("%s: result", what), write (fd, want + off, n),
		   (long long) n);
	CHECK_INT (name_of ("%s: close", what), close (fd), 0);
	size_t len = 0;
	unsigned char *back = slurp ("file-wmis", &len);
	CHECK_INT (name_of ("%s: size", what), len, n);
	if (back && len == n)
	  check_bytes (name_of ("%s: bytes", what), back, want + off, n);
	free (back);
      }
}

/* write() of more than a non-blocking FIFO that nobody reads holds: the
   count the pipe took, each byte once and in order (a piece the client
   copied meanwhile is never written), then EAGAIN.  */
static void
write_fifo_full (void)
{
  if (!CHECK ("fifo full: mkfifo", real_mkfifo ("fifo-full", 0644) == 0))
    return;
  int host = real_open ("fifo-full", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  int fd = open ("fifo-full", O_WRONLY | O_NONBLOCK);
  if (!CHECK ("fifo full: open both ends", host >= 0 && fd >= 0))
    return;
  pattern_fill (want, MAX_SIZE, 77, 0);
  ssize_t n = write (fd, want, MAX_SIZE);
  CHECK ("fifo full: a short count", n > 0 && n < MAX_SIZE);
  CHECK_ERRNO ("fifo full: then EAGAIN", write (fd, want, 1), EAGAIN);
  size_t length = 0;
  ssize_t k;
  while ((k = real_read (host, got + length, MAX_SIZE - length)) > 0)
    length += k;
  CHECK_INT ("fifo full: the reader gets that count", length, n);
  if (n > 0 && length == (size_t) n)
    check_bytes ("fifo full: the bytes", got, want, n);
  CHECK_INT ("fifo full: close", close (fd), 0);
  real_close (host);
}

/* The host's end of a FIFO, in a thread.  */
struct fifo_peer
{
  const char *path;
  /* Reader: what it read.  */
  unsigned char *data;
  size_t length;
  bool ok;
  /* Writer: what to write, then wait for HOLD (when set) before closing.  */
  const unsigned char *out;
  size_t out_length;
  sem_t *hold;
};

static void *
fifo_reader (void *arg)
{
  struct fifo_peer *p = arg;
  int fd = real_open (p->path, O_RDONLY | O_CLOEXEC);
  size_t room = 0;

  p->ok = fd >= 0;
  while (p->ok)
    {
      if (p->length == room)
	{
	  room = room ? 2 * room : 65536;
	  p->data = realloc (p->data, room);
	  if (p->data == NULL)
	    abort ();
	}
      ssize_t n = real_read (fd, p->data + p->length, room - p->length);
      if (n < 0 && errno == EINTR)
	continue;
      if (n <= 0)
	{
	  p->ok = n == 0;
	  break;
	}
      p->length += n;
    }
  if (fd >= 0)
    real_close (fd);
  return NULL;
}

static void *
fifo_writer (void *arg)
{
  struct fifo_peer *p = arg;
  int fd = real_open (p->path, O_WRONLY | O_CLOEXEC);
  size_t done = 0;

  p->ok = fd >= 0;
  while (p->ok && done < p->out_length)
    {
      ssize_t n = real_write (fd, p->out + done, p->out_length - done);
      if (n < 0 && errno == EINTR)
	continue;
      if (n <= 0)
	p->ok = false;
      else
	done += n;
    }
  if (p->hold)
    sem_wait (p->hold);
  if (fd >= 0)
    real_close (fd);
  return NULL;
}

/* write() of each size into a FIFO the host reads.  */
static void
write_fifo (void)
{
  struct fifo_peer peer = { .path = "fifo-w" };
  pthread_t thread;
  size_t offset = 0;

  if (!CHECK ("fifo write: mkfifo", real_mkfifo (peer.path, 0644) == 0))
    return;
  real_pthread_create (&thread, NULL, fifo_reader, &peer);
  int fd = open (peer.path, O_WRONLY);
  CHECK ("fifo write: open", fd >= 0);
  for (size_t i = 0; i < NSIZES; i++)
    {
      pattern_fill (want, sizes[i], 2, offset);
      CHECK_INT (name_of ("fifo write %zu: result", sizes[i]),
		 write (fd, want, sizes[i]), (long long) sizes[i]);
      offset += sizes[i];
    }
  CHECK_INT ("fifo write: close", close (fd), 0);
  real_pthread_join (thread, NULL);
  CHECK ("fifo write: host reads to EOF", peer.ok);
  CHECK_INT ("fifo write: size", peer.length, total_size ());
  if (peer.length == total_size ())
    {
      unsigned char *all = malloc (peer.length);
      pattern_fill (all, peer.length, 2, 0);
      check_bytes ("fifo write: bytes, in order", peer.data, all,
		   peer.length);
      free (all);
    }
  free (peer.data);
}

/* The host's reader takes 100 bytes and goes away during a 1 MiB write:
   the write reports the bytes the pipe took (POSIX: an error after some
   progress is a short count), and the next write fails with EPIPE.  */
static void *
fifo_reader_100 (void *arg)
{
  struct fifo_peer *p = arg;
  int fd = real_open (p->path, O_RDONLY | O_CLOEXEC);
  unsigned char buf[100];
  size_t done = 0;

  p->ok = fd >= 0;
  while (p->ok && done < sizeof buf)
    {
      ssize_t n = real_read (fd, buf + done, sizeof buf - done);
      if (n < 0 && errno == EINTR)
	continue;
      if (n <= 0)
	p->ok = false;
      else
	done += n;
    }
  if (fd >= 0)
    real_close (fd);
  return NULL;
}

static void
write_fifo_reader_gone (void)
{
  struct fifo_peer peer = { .path = "fifo-gone" };
  pthread_t thread;

  if (!CHECK ("fifo, reader gone: mkfifo", real_mkfifo (peer.path, 0644) == 0))
    return;
  real_pthread_create (&thread, NULL, fifo_reader_100, &peer);
  int fd = open (peer.path, O_WRONLY);
  CHECK ("fifo, reader gone: open", fd >= 0);
  pattern_fill (want, MAX_SIZE, 7, 0);
  errno = 0;
  ssize_t n = write (fd, want, MAX_SIZE);
  check (n >= 100 && n < MAX_SIZE, "fifo, reader gone: a short count",
	 "write (1 MiB) = %lld errno %s", (long long) n, errno_name (errno));
  real_pthread_join (thread, NULL);
  CHECK ("fifo, reader gone: the host read 100 bytes", peer.ok);
  CHECK_ERRNO ("fifo, reader gone: then EPIPE", write (fd, want, 10), EPIPE);
  CHECK_INT ("fifo, reader gone: close", close (fd), 0);
}

/* read() of each size from a file the host wrote: a regular file is read
   in full, then EOF.  */
static void
read_files (void)
{
  for (size_t i = 0; i < NSIZES; i++)
    {
      size_t n = sizes[i];
      const char *path = name_of ("file-r%zu", n);
      pattern_fill (want, n, 20 + n, 0);
      if (!check (spit (path, want, n), name_of ("file read %zu: host writes",
						 n), " "))
	continue;
      int fd = open (path, O_RDONLY);
      if (!check (fd >= 0, name_of ("file read %zu: open", n), "errno %s",
		  errno_name (errno)))
	continue;
      memset (got, 0xa5, n + 1);
      unsigned long long before = dma_bytes ();
      CHECK_INT (name_of ("file read %zu: result", n), read (fd, got, n),
		 (long long) n);
      check_path (name_of ("file read %zu: by DMA when due", n), n,
		  n >= NVPTX_RPC_DIRECT_READ_MIN, before);
      check_bytes (name_of ("file read %zu: bytes", n), got, want, n);
      CHECK_INT (name_of ("file read %zu: byte after untouched", n),
		 got[n], 0xa5);
      CHECK_INT (name_of ("file read %zu: then EOF", n),
		 read (fd, got, MAX_SIZE), 0);
      CHECK_INT (name_of ("file read %zu: EOF again", n), read (fd, got, 1),
		 0);
      CHECK_INT (name_of ("file read %zu: close", n), close (fd), 0);
    }

  /* A larger read than the file: the file, then EOF.  */
  pattern_fill (want, 1025, 3, 0);
  spit ("file-short", want, 1025);
  int fd = open ("file-short", O_RDONLY);
  memset (got, 0xa5, MAX_SIZE);
  CHECK_INT ("file read past end: result", read (fd, got, MAX_SIZE), 1025);
  check_bytes ("file read past end: bytes", got, want, 1025);
  unsigned char poison[65536];
  memset (poison, 0xa5, sizeof poison);
  check_bytes ("file read past end: nothing stored past the result",
	       got + 1025, poison, sizeof poison);
  CHECK_INT ("file read past end: then EOF", read (fd, got, MAX_SIZE), 0);
  close (fd);
}

/* A file read in odd chunk sizes: every read but the last is full.  */
static void
read_chunks (void)
{
  static const size_t chunks[] = { 7, 1000, 1025, 4096 };
  const size_t file_size = 70001;

  pattern_fill (want, file_size, 4, 0);
  CHECK ("chunks: host writes", spit ("file-chunks", want, file_size));
  for (size_t c = 0; c < sizeof chunks / sizeof *chunks; c++)
    {
      size_t chunk = chunks[c], done = 0, bad_calls = 0;
      long long bad = 0;
      int fd = open ("file-chunks", O_RDONLY);
      CHECK (name_of ("chunks %zu: open", chunk), fd >= 0);
      memset (got, 0, file_size);
      while (done < file_size)
	{
	  size_t expect = file_size - done < chunk ? file_size - done : chunk;
	  ssize_t n = read (fd, got + done, chunk);
	  if (n != (ssize_t) expect)
	    {
	      if (bad_calls++ == 0)
		bad = n;
	      if (n <= 0)
		break;
	    }
	  done += n;
	}
      check (bad_calls == 0, name_of ("chunks %zu: each read full", chunk),
	     "%zu reads short, the first returned %lld", bad_calls, bad);
      CHECK_INT (name_of ("chunks %zu: total", chunk), done, file_size);
      check_bytes (name_of ("chunks %zu: bytes", chunk), got, want,
		   file_size);
      CHECK_INT (name_of ("chunks %zu: EOF", chunk), read (fd, got, chunk),
		 0);
      CHECK_INT (name_of ("chunks %zu: close", chunk), close (fd), 0);
    }
}

/* read() of each size from a FIFO the host writes: each read returns what
   one host read gives, at most a window (a staging buffer by DMA), never
   0 before EOF.  */
static void
read_fifo (void)
{
  size_t total = total_size ();
  unsigned char *all = malloc (total);
  struct fifo_peer peer = { .path = "fifo-r", .out = all,
			    .out_length = total };
  pthread_t thread;
  size_t offset = 0;

  pattern_fill (all, total, 5, 0);
  if (!CHECK ("fifo read: mkfifo", real_mkfifo (peer.path, 0644) == 0))
    return;
  real_pthread_create (&thread, NULL, fifo_writer, &peer);
  int fd = open (peer.path, O_RDONLY);
  CHECK ("fifo read: open", fd >= 0);
  for (size_t i = 0; i < NSIZES; i++)
    {
      size_t n = sizes[i], done = 0, bad_calls = 0;
      long long bad = 0;
      if (n == 0)
	CHECK_INT ("fifo read 0: result", read (fd, got, 0), 0);
      while (done < n)
	{
	  size_t room = n - done;
	  size_t most = direct && room >= NVPTX_RPC_DIRECT_READ_MIN
			? HOST_DEVICE_STAGING : window;
	  ssize_t r = read (fd, got + done, room);
	  if (r <= 0 || (size_t) r > room || (size_t) r > most)
	    {
	      if (bad_calls++ == 0)
		bad = r;
	      if (r <= 0 || (size_t) r > room)
		break;
	    }
	  done += r;
	}
      check (bad_calls == 0,
	     name_of ("fifo read %zu: each read 1..min(count, window or "
		      "staging buffer)", n),
	     "%zu bad reads, the first returned %lld", bad_calls, bad);
      CHECK_INT (name_of ("fifo read %zu: total", n), done, n);
      check_bytes (name_of ("fifo read %zu: bytes", n), got, all + offset,
		   done);
      offset += n;
    }
  CHECK_INT ("fifo read: EOF after the writer closes", read (fd, got, 4096),
	     0);
  CHECK_INT ("fifo read: close", close (fd), 0);
  real_pthread_join (thread, NULL);
  CHECK ("fifo read: host wrote all", peer.ok);
  free (all);
}

/* A pipe returns what is there: 5 bytes waiting, the writer still open,
   read (4096) gives 5 at once instead of waiting for the rest.  */
static void
read_fifo_partial (void)
{
  static const unsigned char hello[] = "hello";
  sem_t hold;
  struct fifo_peer peer = { .path = "fifo-5", .out = hello, .out_length = 5,
			    .hold = &hold };
  pthread_t thread;

  sem_init (&hold, 0, 0);
  if (!CHECK ("fifo 5 bytes: mkfifo", real_mkfifo (peer.path, 0644) == 0))
    return;
  real_pthread_create (&thread, NULL, fifo_writer, &peer);
  int fd = open (peer.path, O_RDONLY);
  CHECK ("fifo 5 bytes: open", fd >= 0);
  memset (got, 0xa5, 4096);
  CHECK_INT ("fifo 5 bytes: read (4096) returns 5", read (fd, got, 4096), 5);
  check_bytes ("fifo 5 bytes: bytes", got, hello, 5);
  unsigned char poison[4096];
  memset (poison, 0xa5, sizeof poison);
  check_bytes ("fifo 5 bytes: nothing stored past the result", got + 5,
	       poison, 4096 - 5);
  sem_post (&hold);
  CHECK_INT ("fifo 5 bytes: then EOF", read (fd, got, 4096), 0);
  CHECK_INT ("fifo 5 bytes: close", close (fd), 0);
  real_pthread_join (thread, NULL);
  CHECK ("fifo 5 bytes: host wrote", peer.ok);

  /* The same with a small count: 3, then the 2 left.  */
  peer = (struct fifo_peer) { .path = "fifo-5", .out = hello,
			      .out_length = 5, .hold = &hold };
  real_pthread_create (&thread, NULL, fifo_writer, &peer);
  fd = open (peer.path, O_RDONLY);
  memset (got, 0, 16);
  CHECK_INT ("fifo 5 bytes: read (3)", read (fd, got, 3), 3);
  CHECK_INT ("fifo 5 bytes: read (4096) gets the 2 left",
	     read (fd, got + 3, 4096), 2);
  check_bytes ("fifo 5 bytes: bytes, in two reads", got, hello, 5);
  sem_post (&hold);
  CHECK_INT ("fifo 5 bytes: EOF", read (fd, got, 4096), 0);
  CHECK_INT ("fifo 5 bytes: close again", close (fd), 0);
  real_pthread_join (thread, NULL);
  sem_destroy (&hold);
}

/* A FIFO the program opens with O_NONBLOCK and no writer: the open and
   a read return at once, as on the host (the server waits on FIFOs only
   for descriptors that block).  */
static void
read_fifo_nonblocking (void)
{
  if (!CHECK ("fifo, O_NONBLOCK: mkfifo", real_mkfifo ("fifo-nb", 0644) == 0))
    return;
  int fd = open ("fifo-nb", O_RDONLY | O_NONBLOCK);
  CHECK ("fifo, O_NONBLOCK, no writer: open", fd >= 0);
  CHECK_INT ("fifo, O_NONBLOCK, no writer: read returns 0 at once",
	     read (fd, got, 16), 0);
  CHECK ("fifo, O_NONBLOCK: still non-blocking",
	 (fcntl (fd, F_GETFL) & O_NONBLOCK) != 0);
  CHECK_INT ("fifo, O_NONBLOCK: close", close (fd), 0);
  CHECK_ERRNO ("fifo, O_NONBLOCK, no reader: open for writing",
	       open ("fifo-nb", O_WRONLY | O_NONBLOCK), ENXIO);
}

int
main (void)
{

  harness_begin ("test-write-sizes");
  size_t nruns;
  const struct harness_run *runs = harness_runs (&nruns);
  want = malloc (MAX_SIZE + 1);
  got = malloc (MAX_SIZE + 1);
  for (size_t r = 0; r < nruns; r++)
    {
      window = runs[r].window;
      direct = runs[r].direct;
      run_begin (&runs[r], NULL);
      write_files ();
      write_misaligned ();
      write_fifo ();
      write_fifo_reader_gone ();
      write_fifo_full ();
      read_files ();
      read_chunks ();
      read_fifo ();
      read_fifo_partial ();
      read_fifo_nonblocking ();
      run_end ();
    }
  compare_runs ("results");
  free (want);
  free (got);
  return harness_end ();
}
