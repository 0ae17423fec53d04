/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* Client side of nvptx-rpc: the single-slot mailbox exchange, the lock
   that makes GPU threads take turns on it, and the value translation
   shared by the syscalls in this directory.  */

#define _GNU_SOURCE		/* AT_EMPTY_PATH.  */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include "arch.h"
#include "rpc.h"

/* The lock below spins even against lanes of its own warp, which only
   code for sm_70 and later may do (independent thread scheduling).

   In the OpenMP multilib (-muniform-simt) the 32 lanes of a warp run all
   of this as one thread.  That is safe: they store the same values to
   the same words of the mailbox, as one lane would; the lock is taken
   and given back by GCC's builtins, whose atomics only the master lane
   makes, handing every lane what it read (arch.h); and the poll's values
   are lane 0's, so that the lanes leave it together (WARP_UNIFORM).  */
#if defined (__nvptx__) && __PTX_SM__ < 700
# error "rpc.c must be compiled with -misa=sm_70 or later"
#endif

/* The link and the lock each start a cache line of their own (128
   bytes), so that the stores that give the lock back never evict the
   link's line from L1, where every call loads it.  */
struct nvptx_rpc_link __nvptx_rpc_link __attribute__ ((aligned (128)))
  = { .version = NVPTX_RPC_VERSION,
      .features = NVPTX_RPC_FEATURE_CAN_ZERO_FREED };

/* Taken by one GPU thread for a whole call, so that the pieces of a large
   transfer are not interleaved with another thread's (rpc.h).  */
unsigned long long __nvptx_rpc_lock __attribute__ ((aligned (128)));

/* Taken with the lock (rpc.h); 15 bytes more for the pieces' offset.  */
unsigned char __nvptx_rpc_stage[NVPTX_RPC_STAGE_SIZE + 16]
  __attribute__ ((aligned (16)));

static const short errno_from_wire[NVPTX_RPC_ERRNO_END] = {
#define E(name) [NVPTX_RPC_##name] = name,
  NVPTX_RPC_ERRNOS (E)
#undef E
};

static const struct
{
  int flag;
  uint32_t wire;
} oflags[] = {
#define F(name) { name, NVPTX_RPC_##name },
  NVPTX_RPC_OFLAGS (F)
#undef F
};

uint32_t
__nvptx_rpc_oflags (int flags)
{
  uint32_t wire;

  switch (flags & O_ACCMODE)
    {
    case O_WRONLY: wire = NVPTX_RPC_O_WRONLY; break;
    case O_RDWR: wire = NVPTX_RPC_O_RDWR; break;
    case O_RDONLY: wire = NVPTX_RPC_O_RDONLY; break;
    default: wire = NVPTX_RPC_O_ACCMODE; break;	/* The host says EINVAL.  */
    }
  for (size_t i = 0; i < sizeof oflags / sizeof *oflags; i++)
    if (flags & oflags[i].flag)
      wire |= oflags[i].wire;
  return wire;
}

int
__nvptx_rpc_oflags_from_wire (uint32_t wire)
{
  int flags;

  switch (wire & NVPTX_RPC_O_ACCMODE)
    {
    case NVPTX_RPC_O_WRONLY: flags = O_WRONLY; break;
    case NVPTX_RPC_O_RDWR: flags = O_RDWR; break;
    default: flags = O_RDONLY; break;
    }
  for (size_t i = 0; i < sizeof oflags / sizeof *oflags; i++)
    if (wire & oflags[i].wire)
      flags |= oflags[i].flag;
  return flags;
}

static void
stat_from_wire (struct stat *st, const struct nvptx_rpc_stat *w)
{
  static const struct { uint32_t wire; mode_t type; } types[] = {
    { NVPTX_RPC_S_IFREG, S_IFREG }, { NVPTX_RPC_S_IFDIR, S_IFDIR },
    { NVPTX_RPC_S_IFCHR, S_IFCHR }, { NVPTX_RPC_S_IFIFO, S_IFIFO },
    { NVPTX_RPC_S_IFLNK, S_IFLNK }, { NVPTX_RPC_S_IFSOCK, S_IFSOCK },
    { NVPTX_RPC_S_IFBLK, S_IFBLK },
  };
  /* POSIX fixes the permission bits' values, so they pass unchanged.  */
  mode_t mode = w->mode & NVPTX_RPC_S_IPERM;

  for (size_t i = 0; i < sizeof types / sizeof *types; i++)
    if ((w->mode & NVPTX_RPC_S_IFMT) == types[i].wire)
      mode |= types[i].type;
  memset (st, 0, sizeof *st);
  st->st_dev = w->dev;
  st->st_ino = w->ino;
  st->st_mode = mode;
  st->st_nlink = w->nlink;
  st->st_uid = w->uid;
  st->st_gid = w->gid;
  st->st_rdev = w->rdev;
  st->st_size = w->size;
  st->st_blksize = w->blksize;
  st->st_blocks = w->blocks;
  st->st_atim.tv_sec = w->atime_sec;
  st->st_atim.tv_nsec = w->atime_nsec;
  st->st_mtim.tv_sec = w->mtime_sec;
  st->st_mtim.tv_nsec = w->mtime_nsec;
  st->st_ctim.tv_sec = w->ctime_sec;
  st->st_ctim.tv_nsec = w->ctime_nsec;
}

int
__nvptx_rpc_stat_call (struct __nvptx_rpc_call *call, struct stat *st)
{
  struct nvptx_rpc_stat wire;

  call->in = &wire;
  call->in_length = sizeof wire;
  if (__nvptx_rpc_call_fixed (call) < 0)
    return -1;
  stat_from_wire (st, &wire);
  return 0;
}

int
__nvptx_rpc_utimens (const char *path, int64_t atime_sec, int64_t atime_nsec,
		     int64_t mtime_sec, int64_t mtime_nsec)
{
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_UTIMENS,
    .arg = { atime_sec, atime_nsec, mtime_sec, mtime_nsec },
    .out = { { path, strlen (path) + 1 } },
  };
  return __nvptx_rpc_call (&call);
}

int64_t
__nvptx_rpc_dirfd (int dirfd)
{
  return dirfd == AT_FDCWD ? NVPTX_RPC_AT_FDCWD : dirfd;
}

int64_t
__nvptx_rpc_at_flags (int flags, int64_t taken)
{
  static const struct
  {
    int flag;
    int64_t wire;
  } at_flags[] = {
    { AT_EACCESS, NVPTX_RPC_AT_EACCESS },
    { AT_SYMLINK_NOFOLLOW, NVPTX_RPC_AT_SYMLINK_NOFOLLOW },
    { AT_SYMLINK_FOLLOW, NVPTX_RPC_AT_SYMLINK_FOLLOW },
    { AT_REMOVEDIR, NVPTX_RPC_AT_REMOVEDIR },
    { AT_EMPTY_PATH, NVPTX_RPC_AT_EMPTY_PATH },
  };
  int64_t wire = 0;

  /* glibc's AT_EACCESS is its AT_REMOVEDIR: only the call knows.  */
  for (size_t i = 0; i < sizeof at_flags / sizeof *at_flags; i++)
    if ((taken & at_flags[i].wire) && (flags & at_flags[i].flag))
      {
	wire |= at_flags[i].wire;
	flags &= ~at_flags[i].flag;
      }
  /* Any other flag: one no call takes.  */
  return flags ? wire | (int64_t) 1 << 32 : wire;
}

int
__nvptx_rpc_utimensat (int64_t dirfd, const char *path,
		       const struct timespec *times, int64_t flags)
{
  struct nvptx_rpc_timespec wire[2];

  for (int i = 0; i < 2; i++)
    if (times == NULL || times[i].tv_nsec == UTIME_NOW)
      wire[i] = (struct nvptx_rpc_timespec) { 0, NVPTX_RPC_UTIME_NOW };
    else if (times[i].tv_nsec == UTIME_OMIT)
      wire[i] = (struct nvptx_rpc_timespec) { 0, NVPTX_RPC_UTIME_OMIT };
    else if (times[i].tv_nsec < 0 || times[i].tv_nsec >= 1000000000)
      {
	errno = EINVAL;
	return -1;
      }
    else
      wire[i] = (struct nvptx_rpc_timespec) { times[i].tv_sec,
					      times[i].tv_nsec };
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_UTIMENSAT,
    .arg = { dirfd, flags },
    .out = { { path, strlen (path) + 1 }, { wire, sizeof wire } },
  };
  return __nvptx_rpc_call (&call);
}

/* Store WORD's first N bytes (all 8 if N is larger) at P.  */
static inline void
put_bytes (unsigned char *p, uint64_t word, size_t n)
{
  if (n >= 8 && ((uintptr_t) p & 7) == 0)
    *(any_word *) p = word;
  else
    for (size_t j = 0; j < 8 && j < n; j++)
      p[j] = word >> (8 * j);
}

/* The first N bytes at P (all 8 if N is larger) as a word.  */
static inline uint64_t
get_bytes (const unsigned char *p, size_t n)
{
  uint64_t word = 0;

  if (n >= 8 && ((uintptr_t) p & 7) == 0)
    return *(const any_word *) p;
  for (size_t j = 0; j < 8 && j < n; j++)
    word |= (uint64_t) p[j] << (8 * j);
  return word;
}

/* The mailbox; the last sequence number posted, which only the GPU
   writes; and whether the call accessed the window or the stage beyond
   what its requests covered: loaded from it, or stored a piece it never
   posted.  */
struct channel
{
  struct nvptx_rpc_mailbox *mb;
  uint32_t seq;
  bool loose;
};

/* Copy N bytes between the stage and a caller's buffer, TO and FROM
   alike modulo 16: the whole blocks 16 bytes at a time (arch.h).  */
static __attribute__ ((noinline)) void
stage_copy (unsigned char *to, const unsigned char *from, size_t n)
{
  size_t i = -(uintptr_t) to & 15;

  if (i > n)
    i = n;
  memcpy (to, from, i);
  i += copy_blocks_within (to + i, from + i, n - i);
  memcpy (to + i, from + i, n - i);
}

/* Copy N bytes at SRC into the window from its byte AT, a multiple of
   16: in blocks (arch.h) from where SRC is 8-byte aligned, the rest a
   16-byte word at a time, byte by byte on the GPU side (the window's
   area is a multiple of 16 bytes).  Each store to host memory is a bus
   transaction, so 16 bytes a store; the release store of request_seq
   orders them.  */
static void
window_put (struct channel *ch, size_t at, const void *src, size_t n)
{
  unsigned char *window = ch->mb->window + at;
  const unsigned char *s = src;
  size_t i = 0;

  if (((uintptr_t) s & 7) == 0)
    i = copy_blocks_to_host (window, s, n);
  for (; i < n; i += 16)
    STORE_PAIR (window + i, get_bytes (s + i, n - i),
		n - i > 8 ? get_bytes (s + i + 8, n - i - 8) : 0);
}

/* Copy N bytes out of the window to DST, never from a cache line an
   earlier reply filled: in blocks as window_put.  */
static void
window_get (struct channel *ch, void *dst, size_t n)
{
  const unsigned char *window = ch->mb->window;
  unsigned char *d = dst;
  size_t i = 0;
  uint64_t lo, hi;

  if (((uintptr_t) d & 7) == 0)
    i = copy_blocks_from_host (d, window, n);
  for (; i < n; i += 16)
    {
      LOAD_PAIR (window + i, lo, hi);
      put_bytes (d + i, lo, n - i);
      if (n - i > 8)
	put_bytes (d + i + 8, hi, n - i - 8);
    }
  ch->loose = true;
}

/* Post one request whose window bytes are in place: three stores and
   the release of the sequence number.  Always inlined, as is
   wait_reply: called, their arguments and the reply go through
   memory.  */
static inline __attribute__ ((always_inline)) void
post (struct channel *ch, uint32_t opcode, uint32_t flags,
      const int64_t arg[4], uint32_t length)
{
  struct nvptx_rpc_mailbox *mb = ch->mb;

  STORE_PAIR (&mb->request.version,
	      NVPTX_RPC_VERSION | (uint64_t) opcode << 32,
	      flags | (uint64_t) length << 32);
  STORE_PAIR (&mb->request.arg[0], arg[0], arg[1]);
  STORE_PAIR (&mb->request.arg[2], arg[2], arg[3]);
  STORE_RELEASE32 (&mb->request_seq, ++ch->seq);
}

/* Wait for the reply to the request posted last: polls of the reply's
   first half, which brings the result.  Only when WHOLE, the second
   half too (flags, length, total).  */
static inline __attribute__ ((always_inline)) void
wait_reply (struct channel *ch, struct nvptx_rpc_reply *reply, bool whole)
{
  struct nvptx_rpc_mailbox *mb = ch->mb;
  uint32_t seq = ch->seq;
  uint64_t head, result;

  do
    {
      LOAD_PAIR (&mb->reply.seq, head, result);
      /* The lanes of a uniform-SIMT warp leave the loop together, with
	 the same result.  The host stores nothing in the reply after its
	 seq, so their later loads of it agree too.  */
      head = WARP_UNIFORM (head);
      result = WARP_UNIFORM (result);
      if ((uint32_t) head != seq)
	WAIT_A_MOMENT ();
    }
  while ((uint32_t) head != seq);
  reply->error = head >> 32;
  reply->result = result;
  /* No fence before the loads of the reply's second half and of the
     window: they are never served from L1 (ld.volatile), and they issue
     only once the poll has returned our seq, which the host stored after
     them.  A system-scope fence here would also empty L1, and every
     later load of stdio's state would miss it.  */
  if (whole)
    {
      uint64_t lo, hi;
      LOAD_PAIR (&mb->reply.flags, lo, hi);
      reply->flags = lo;
      reply->length = lo >> 32;
      reply->total = hi;
    }
}

/* post, then wait_reply.  */
static inline __attribute__ ((always_inline)) void
exchange (struct channel *ch, uint32_t opcode, uint32_t flags,
	  const int64_t arg[4], uint32_t length, struct nvptx_rpc_reply *reply,
	  bool whole)
{
  post (ch, opcode, flags, arg, length);
  wait_reply (ch, reply, whole);
}

/* read and write return int in newlib's default build, so at most INT_MAX
   bytes, rounded down to a page as Linux does (also for the OpenMP
   multilib's ssize_t).  */
#define STREAM_MAX 0x7ffff000

/* Whether CALL, a stream, writes (WRITE, PWRITE) rather than reads.  */
static inline bool
stream_writes (const struct __nvptx_rpc_call *call)
{
  return call->opcode == NVPTX_RPC_WRITE || call->opcode == NVPTX_RPC_PWRITE;
}

/* arg3 of the request for the piece of stream CALL from its byte DONE:
   for PREAD and PWRITE, the piece's offset in the file (CALL's arg3 is
   the call's); unused by READ and WRITE.  */
static inline int64_t
piece_offset (const struct __nvptx_rpc_call *call, size_t done)
{
  return call->arg[3] + (int64_t) done;
}

/* The length of the piece of a transfer of TOTAL bytes from its byte
   DONE: the rest, at most PIECE.  */
static inline size_t
next_piece (size_t total, size_t done, size_t piece)
{
  return total - done < piece ? total - done : piece;
}

/* The bytes a piece of N moved, as REPLY (not an error) says: never more
   than was asked for, whatever the reply says.  */
static inline size_t
piece_moved (const struct nvptx_rpc_reply *reply, size_t n)
{
  return (uint64_t) reply->result < n ? (size_t) reply->result : n;
}

/* Post a direct transfer of N bytes at BUF for stream CALL's piece from
   its byte DONE.  */
static inline __attribute__ ((always_inline)) void
post_direct (struct channel *ch, const struct __nvptx_rpc_call *call,
	     const void *buf, size_t n, size_t done)
{
  int64_t arg[4] = { call->arg[0], n, (uintptr_t) buf,
		     piece_offset (call, done) };

  post (ch, call->opcode, NVPTX_RPC_DIRECT, arg, 0);
}

/* A read or write of all TOTAL bytes at BUF in one request, which the
   host serves by DMA.  */
static long long
call_direct (struct channel *ch, const struct __nvptx_rpc_call *call,
	     const void *buf, size_t total, struct nvptx_rpc_reply *reply)
{
  post_direct (ch, call, buf, total, 0);
  wait_reply (ch, reply, false);
  /* The host wrote BUF behind this thread's back: its loads must not
     come from L1 lines filled before.  A fence at system scope after
     seeing the reply drops them (sm_70 and later).  */
  if (!stream_writes (call))
    ACQUIRE_FENCE ();
  return reply->result < 0 ? -1 : (long long) piece_moved (reply, total);
}

/* Where a piece of a transfer through the stage goes: the stage's pieces
   lie as the caller's buffer BUF does modulo 16, so that they are copied
   16 bytes at a time.  A piece is half the stage.  */
static inline unsigned char *
stage_for (const void *buf)
{
  return __nvptx_rpc_stage + ((uintptr_t) buf & 15);
}
#define STAGE_PIECE (NVPTX_RPC_STAGE_SIZE / 2)

/* Copy the N bytes at SRC to byte AT of STAGE, or of the window when
   STAGE is NULL.  */
static void
put_piece (struct channel *ch, unsigned char *stage, size_t at,
	   const unsigned char *src, size_t n)
{
  if (stage)
    stage_copy (stage + at, src, n);
  else
    window_put (ch, at, src, n);
}

/* Write, as stream CALL, the TOTAL bytes at OUT, a request per piece, until
   done or short: through the window, or, STAGED, by DMA from the stage.
   The stage, and a window of NVPTX_RPC_WRITE_HALVES_MIN or more when the
   write is longer, go in halves: the thread copies the next piece into
   one half while the host writes the other's.  */
static long long
write_pieces (struct channel *ch, const struct __nvptx_rpc_call *call,
	      const unsigned char *out, size_t total, bool staged,
	      struct nvptx_rpc_reply *reply)
{
  size_t window = __nvptx_rpc_link.window_size;
  unsigned char *stage = staged ? stage_for (out) : NULL;
  bool halves = staged || (window >= NVPTX_RPC_WRITE_HALVES_MIN
			   && total > window);
  size_t piece = staged ? STAGE_PIECE : halves ? window / 2 / 16 * 16
		 : window;
  size_t done = 0, n = next_piece (total, 0, piece);
  size_t at = 0;		/* Where the piece is, window or stage.  */

  put_piece (ch, stage, at, out, n);
  for (;;)
    {
      size_t next = next_piece (total, done + n, piece);
      if (staged)
	post_direct (ch, call, stage + at, n, done);
      else
	{
	  int64_t arg[4] = { call->arg[0], at, 0, piece_offset (call, done) };
	  post (ch, call->opcode, 0, arg, n);
	}
      if (halves && next > 0)
	put_piece (ch, stage, piece - at, out + done + n, next);
      wait_reply (ch, reply, false);
      /* An error or a short write ends the call, and the piece copied
	 meanwhile is never posted.  */
      size_t moved = reply->result < 0 ? 0 : piece_moved (reply, n);
      done += moved;
      if (moved < n)
	{
	  ch->loose |= halves && next > 0;
	  break;
	}
      if (next == 0)
	break;
      if (halves)
	at = piece - at;
      else
	put_piece (ch, stage, at, out + done, next);
      n = next;
    }
  /* An error after some progress reports the progress, as POSIX.  */
  return done > 0 || reply->result >= 0 ? (long long) done : -1;
}

/* Read, as stream CALL, TOTAL bytes into IN by DMA into the stage, a
   half at a time, until done or short: the host reads the next piece
   into one half while the thread copies the last out of the other.  */
static long long
read_staged (struct channel *ch, const struct __nvptx_rpc_call *call,
	     unsigned char *in, size_t total, struct nvptx_rpc_reply *reply)
{
  unsigned char *stage = stage_for (in);
  size_t done = 0, n = next_piece (total, 0, STAGE_PIECE);
  size_t at = 0;

  post_direct (ch, call, stage, n, 0);
  for (;;)
    {
      wait_reply (ch, reply, true);
      if (reply->result < 0)
	break;
      /* A read is done when short, or when the host says so (a pipe).  */
      size_t got = piece_moved (reply, n);
      bool last = got < n || (reply->flags & NVPTX_RPC_DONE)
		  || done + got == total;
      if (!last)
	{
	  n = next_piece (total, done + got, STAGE_PIECE);
	  post_direct (ch, call, stage + STAGE_PIECE - at, n, done + got);
	}
      /* As after call_direct's read.  */
      ACQUIRE_FENCE ();
      stage_copy (in + done, stage + at, got);
      done += got;
      if (last)
	break;
      at = STAGE_PIECE - at;
    }
  /* The copies load from the stage, which the next call's host may
     write.  */
  ch->loose = true;
  return done > 0 || reply->result >= 0 ? (long long) done : -1;
}

/* Whether a write of TOTAL bytes, from global memory if GLOBAL, else
   from the stack, is worth a direct request (rpc.h says why).  One that
   fits in the WINDOW is one trip through it; a stack buffer's copy into
   the stage costs what its copy into the window does, so only a global
   buffer, and only above NVPTX_RPC_WINDOW_WRITE_MAX, gains by DMA
   then.  */
static inline bool
write_by_dma (bool global, size_t total, size_t window)
{
  if (total < NVPTX_RPC_DIRECT_MIN)
    return false;
  if (total > window)
    return true;
  return total > NVPTX_RPC_WINDOW_WRITE_MAX && global;
}

/* Read, as stream CALL, TOTAL bytes into IN through the window, a
   request per window-sized piece, until done or short.  */
static long long
read_window (struct channel *ch, const struct __nvptx_rpc_call *call,
	     unsigned char *in, size_t total, struct nvptx_rpc_reply *reply)
{
  size_t window = __nvptx_rpc_link.window_size;
  size_t done = 0;
  int64_t arg[4] = { call->arg[0] };

  do
    {
      size_t n = next_piece (total, done, window);
      arg[1] = n;
      arg[3] = piece_offset (call, done);
      exchange (ch, call->opcode, 0, arg, 0, reply, true);
      if (reply->result < 0)
	break;
      /* A read is done when short, or when the host says so (a pipe).  */
      size_t got = piece_moved (reply, n);
      if (got < n)
	reply->flags |= NVPTX_RPC_DONE;
      if (reply->length < got)
	got = reply->length;
      window_get (ch, in + done, got);
      done += got;
    }
  while (done < total && !(reply->flags & NVPTX_RPC_DONE));
  return done > 0 || reply->result >= 0 ? (long long) done : -1;
}

/* The ways a stream's bytes go.  */
enum stream_path
{
  BY_WINDOW,			/* Through the window, a request a piece.  */
  BY_DMA,			/* In place, one request (call_direct).  */
  BY_STAGE			/* By DMA through the stage, in halves.  */
};

/* How stream CALL moves its TOTAL bytes at BUF, with a window of
   WINDOW bytes: by DMA when that is worth it (rpc.h says when) and the
   host can; global memory (a static or the heap) in place, the stack,
   which DMA cannot reach, through the stage.  */
static inline enum stream_path
stream_path (const struct __nvptx_rpc_call *call, const void *buf,
	     size_t total, size_t window)
{
  bool global = IS_GLOBAL (buf);

  if (!(__nvptx_rpc_link.features & NVPTX_RPC_FEATURE_DIRECT)
      || !(stream_writes (call) ? write_by_dma (global, total, window)
	   : total >= NVPTX_RPC_DIRECT_READ_MIN))
    return BY_WINDOW;
  return global ? BY_DMA : BY_STAGE;
}

/* read and write, pread and pwrite, by the path stream_path chooses.  */
static long long
call_stream (struct channel *ch, const struct __nvptx_rpc_call *call,
	     struct nvptx_rpc_reply *reply)
{
  bool writing = stream_writes (call);
  unsigned char *in = call->in;
  const void *buf = writing ? call->out[0].base : in;
  size_t total = writing ? call->out[0].length : call->in_length;

  if (total > STREAM_MAX)
    total = STREAM_MAX;
  enum stream_path path = stream_path (call, buf, total,
				       __nvptx_rpc_link.window_size);
  if (path != BY_WINDOW)
    {
      long long n = path == BY_DMA ? call_direct (ch, call, buf, total, reply)
		    : writing ? write_pieces (ch, call, buf, total, true, reply)
		    : read_staged (ch, call, in, total, reply);
      /* The host says EFAULT, having done nothing, for memory the
	 driver does not take (the heap, maybe): then through the
	 window.  */
      if (n >= 0 || reply->error != NVPTX_RPC_EFAULT)
	return n;
    }
  return writing ? write_pieces (ch, call, buf, total, false, reply)
	 : read_window (ch, call, in, total, reply);
}

/* Every other call: its argument block out in pieces the host puts back
   together, the last piece running the call; then its reply block back,
   in pieces when longer than the window, as much of it as IN holds.  */
static long long
call_args (struct channel *ch, struct __nvptx_rpc_call *call,
	   struct nvptx_rpc_reply *reply)
{
  size_t window = __nvptx_rpc_link.window_size;
  unsigned char *in = call->in;
  int segment = 0;
  size_t sent = 0, received;

  /* Not a piece of a block the host would refuse anyway.  */
  if (call->out[0].length + call->out[1].length > NVPTX_RPC_ARG_MAX)
    {
      reply->error = NVPTX_RPC_ENAMETOOLONG;
      return -1;
    }
  for (;;)
    {
      size_t length = call->out[segment].length;
      size_t n = length - sent < window ? length - sent : window;
      if (n > 0)		/* Most calls send no block.  */
	window_put (ch, 0,
		    (const unsigned char *) call->out[segment].base + sent, n);
      sent += n;
      if (sent == length && segment == 0 && call->out[1].length)
	segment = 1, sent = 0;
      bool last = sent == call->out[segment].length;
      exchange (ch, call->opcode, last ? 0 : NVPTX_RPC_MORE_ARGS, call->arg,
		n, reply, last && call->in_length > 0);
      if (last || reply->result < 0)
	break;
    }
  if (reply->result < 0)
    return -1;

  long long result = reply->result;
  size_t wanted = reply->total < call->in_length ? reply->total
		  : call->in_length;
  for (received = 0; received < wanted; received += reply->length)
    {
      if (received > 0)
	{
	  int64_t offset[4] = { received };
	  exchange (ch, call->opcode, NVPTX_RPC_REPLY_PIECE, offset, 0, reply,
		    true);
	  if (reply->result < 0)
	    return -1;
	}
      if (reply->length == 0)
	break;
      if (reply->length > wanted - received)
	reply->length = wanted - received;
      window_get (ch, in + received, reply->length);
    }
  call->in_length = received;
  return result;
}

long long
__nvptx_rpc_call (struct __nvptx_rpc_call *call)
{
  struct channel ch = {
    .mb = (struct nvptx_rpc_mailbox *) (uintptr_t) __nvptx_rpc_link.mailbox
  };
  struct nvptx_rpc_reply reply = { 0 };
  bool one_thread = __nvptx_rpc_one_thread ();
  unsigned long long seen;
  unsigned delay = 32;
  long long result;

  if (ch.mb == NULL)
    {
      errno = ENOSYS;
      return -1;
    }
  /* A plain spin lock, even between lanes of one warp: this file is
     built for sm_70, whose independent thread scheduling lets the holder
     run while others spin.  Built for the default sm_30, a spinning lane
     starved a holder in its own warp (docs/gpu-results.md).
     No acquire: the previous holder stored nothing this call loads but
     the sequence number, which comes with the atomic.  */
  if (one_thread)
    seen = __nvptx_rpc_lock;
  else
    while ((seen = lock_fetch_or (&__nvptx_rpc_lock, NVPTX_RPC_LOCK_HELD))
	   & NVPTX_RPC_LOCK_HELD)
      back_off (&delay);
  ch.seq = seen;
  result = call->stream ? call_stream (&ch, call, &reply)
	   : call_args (&ch, call, &reply);
  /* The next holder stores into the mailbox.  The host took everything
     this call stored before it replied, but loads of the window must be
     done before the next request's bytes replace it, and so must the
     stores of a piece never posted: only then a release.  */
  if (one_thread)
    __nvptx_rpc_lock = ch.seq;
  else if (ch.loose)
    lock_release_store (&__nvptx_rpc_lock, ch.seq);
  else
    lock_store_relaxed (&__nvptx_rpc_lock, ch.seq);
  /* -1 with no error (NVPTX_RPC_ERRNO_NONE) leaves errno as it was:
     pathconf's limit without a value.  */
  if (result < 0 && !(result == -1 && reply.error == NVPTX_RPC_ERRNO_NONE))
    errno = reply.error < NVPTX_RPC_ERRNO_END && errno_from_wire[reply.error]
	    ? errno_from_wire[reply.error] : EIO;
  return result;
}

long long
__nvptx_rpc_call_fixed (struct __nvptx_rpc_call *call)
{
  size_t wanted = call->in_length;
  long long result = __nvptx_rpc_call (call);

  if (result >= 0 && call->in_length != wanted)
    {
      errno = EIO;
      return -1;
    }
  return result;
}

long long
__nvptx_rpc_call_when_ready (struct __nvptx_rpc_call *call)
{
  for (;;)
    {
      /* A fresh copy each time: a call's IN_LENGTH comes back changed.  */
      struct __nvptx_rpc_call again = *call;
      long long result = __nvptx_rpc_call (&again);
      if (result >= 0 || errno != EAGAIN)
	{
	  *call = again;
	  return result;
	}
      struct timespec pause = { 0, 1000000 };
      nanosleep (&pause, NULL);
    }
}

int
__nvptx_rpc_name_r (struct __nvptx_rpc_call *call)
{
  char *name = call->in;
  size_t room = call->in_length;
  long long length = __nvptx_rpc_call (call);

  if (length < 0)
    return errno;
  if ((size_t) length > room)
    errno = ERANGE;
  else if (length == 0 || call->in_length != (size_t) length
	   || name[length - 1] != '\0')
    errno = EIO;
  else
    return 0;
  return errno;
}
