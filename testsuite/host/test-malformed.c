/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* Malformed and hostile requests, written straight into the mailbox as a
   broken or malicious GPU program could, against the real server: each
   gets an error reply, the server stays up, and a well-formed request
   right after is served as if nothing had happened.  */

#include <limits.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

extern char **environ;

extern int real_chown (const char *path, uid_t owner, gid_t group)
  HARNESS_REAL (chown);

static struct nvptx_rpc_mailbox *mb;
static uint32_t window;
/* MORE_ARGS pieces the server took and REPLY_PIECE requests it served
   (not calls of their own, no trace).  */
static int pieces_taken;
/* Replies whose length exceeded the window.  */
static int replies_too_long;

struct raw
{
  uint32_t version, opcode, flags, length;
  int64_t arg[4];
  const void *data;		/* DATA_LENGTH bytes for the window (LENGTH
				   may claim another size).  */
  size_t data_length;
};

/* Post one request as the client would, and wait for the reply.  */
static struct nvptx_rpc_reply
raw_call (const struct raw *r)
{
  uint32_t seq = __atomic_load_n (&mb->request_seq, __ATOMIC_RELAXED) + 1;
  struct nvptx_rpc_reply rep;

  mb->request.version = r->version;
  mb->request.opcode = r->opcode;
  mb->request.flags = r->flags;
  mb->request.length = r->length;
  memcpy (mb->request.arg, r->arg, sizeof r->arg);
  if (r->data)
    memcpy (mb->window, r->data,
	    r->data_length < window ? r->data_length : window);
  __atomic_store_n (&mb->request_seq, seq, __ATOMIC_RELEASE);
  /* As the client would: its lock holds the last sequence number.  */
  __nvptx_rpc_lock = seq;
  while (__atomic_load_n (&mb->reply.seq, __ATOMIC_ACQUIRE) != seq)
    sched_yield ();
  rep = mb->reply;
  /* Fixed-size replies (a stat) may use the whole window area.  */
  if (rep.length > (window > NVPTX_RPC_REPLY_MAX ? window : NVPTX_RPC_REPLY_MAX))
    replies_too_long++;
  if ((r->flags & (NVPTX_RPC_MORE_ARGS | NVPTX_RPC_REPLY_PIECE))
      && rep.result != -1)
    pieces_taken++;
  return rep;
}

/* One request; the reply must be -1 with protocol errno WANT.  */
static void
expect_error (const char *name, struct raw r, uint32_t want)
{
  struct nvptx_rpc_reply rep = raw_call (&r);
  check (rep.result == -1 && rep.error == want, name,
	 "result %lld error %u, expected -1 error %u",
	 (long long) rep.result, rep.error, want);
  check (rep.flags & NVPTX_RPC_DONE, name_of ("%s: DONE", name),
	 "reply flags %#x", rep.flags);
}

static struct raw
request (uint32_t opcode)
{
  return (struct raw) { .version = NVPTX_RPC_VERSION, .opcode = opcode };
}

/* A request with a path of its own, in one piece.  */
static struct raw
path_request (uint32_t opcode, const char *path)
{
  struct raw r = request (opcode);
  r.data = path;
  r.data_length = r.length = strlen (path) + 1;
  return r;
}

/* A well-formed request, to show the server is alive and has nothing
   left over from what came before: stat of "." in one piece.  */
static void
expect_alive (const char *name)
{
  struct raw r = path_request (NVPTX_RPC_STAT, ".");
  struct nvptx_rpc_reply rep = raw_call (&r);
  struct nvptx_rpc_stat st;

  memcpy (&st, mb->window, sizeof st);
  check (rep.result == 0 && rep.length == sizeof st
	 && (st.mode & NVPTX_RPC_S_IFMT) == NVPTX_RPC_S_IFDIR, name,
	 "stat (\".\") = %lld error %u length %u mode %#o",
	 (long long) rep.result, rep.error, rep.length, st.mode);
}

/* Send BLOCK (LENGTH bytes) as an argument block in window-sized pieces,
   the last without MORE_ARGS; every piece but the last must be taken.
   Returns the last reply.  */
static struct nvptx_rpc_reply
send_block (const char *name, uint32_t opcode, const int64_t arg[4],
	    const char *block, size_t length)
{
  struct nvptx_rpc_reply rep = { 0 };
  size_t sent = 0, refused = 0;

  do
    {
      size_t n = length - sent < window ? length - sent : window;
      struct raw r = request (opcode);
      if (arg)
	memcpy (r.arg, arg, sizeof r.arg);
      r.data = block + sent;
      r.data_length = r.length = n;
      sent += n;
      r.flags = sent < length ? NVPTX_RPC_MORE_ARGS : 0;
      rep = raw_call (&r);
      if (sent < length && rep.result != 0)
	refused++;
    }
  while (sent < length);
  CHECK_INT (name_of ("%s: pieces taken", name), refused, 0);
  return rep;
}

/* One request that must succeed; returns its reply.  */
static struct nvptx_rpc_reply
expect_result (const char *name, struct raw r)
{
  struct nvptx_rpc_reply rep = raw_call (&r);
  check (rep.result >= 0, name, "result %lld error %u",
	 (long long) rep.result, rep.error);
  return rep;
}

/* A REPLY_PIECE request for OPCODE from OFFSET.  */
static struct raw
piece_request (uint32_t opcode, int64_t offset)
{
  struct raw r = request (opcode);
  r.flags = NVPTX_RPC_REPLY_PIECE;
  r.arg[0] = offset;
  return r;
}

/* The reply blocks of protocol 2, fetched a piece at a time: only the
   last call's, only from within it.  */
static void
reply_pieces (void)
{
  struct nvptx_rpc_reply rep;
  struct raw r;

  /* getpid leaves no block behind.  */
  rep = expect_result ("getpid", request (NVPTX_RPC_GETPID));
  expect_error ("a piece after a call without a block: EPROTO",
		piece_request (NVPTX_RPC_GETPID, 0), NVPTX_RPC_EPROTO);
  expect_error ("a piece of stat after getpid: EPROTO",
		piece_request (NVPTX_RPC_STAT, 0), NVPTX_RPC_EPROTO);

  /* stat's block, 112 bytes: all in the first reply, and again from any
     offset within it.  */
  struct nvptx_rpc_stat whole, part;
  rep = expect_result ("stat (\".\")", path_request (NVPTX_RPC_STAT, "."));
  CHECK_INT ("stat: the whole block in the first reply", rep.length,
	     sizeof whole);
  CHECK_INT ("stat: total", rep.total, sizeof whole);
  memcpy (&whole, mb->window, sizeof whole);
  rep = expect_result ("stat: a piece from 0",
		       piece_request (NVPTX_RPC_STAT, 0));
  CHECK_INT ("stat: a piece from 0: length", rep.length, sizeof whole);
  CHECK_INT ("stat: a piece from 0: total", rep.total, sizeof whole);
  memcpy (&part, mb->window, sizeof part);
  check_bytes ("stat: a piece from 0: the same bytes", &part, &whole,
	       sizeof whole);
  rep = expect_result ("stat: a piece from 40",
		       piece_request (NVPTX_RPC_STAT, 40));
  CHECK_INT ("stat: a piece from 40: length", rep.length, sizeof whole - 40);
  check_bytes ("stat: a piece from 40: the bytes from 40", mb->window,
	       (const char *) &whole + 40, sizeof whole - 40);
  rep = expect_result ("stat: a piece at the end",
		       piece_request (NVPTX_RPC_STAT, sizeof whole));
  CHECK_INT ("stat: a piece at the end: empty", rep.length, 0);
  expect_error ("stat: a piece past the end: EPROTO",
		piece_request (NVPTX_RPC_STAT, sizeof whole + 1),
		NVPTX_RPC_EPROTO);
  expect_error ("stat: a piece at INT64_MAX: EPROTO",
		piece_request (NVPTX_RPC_STAT, INT64_MAX), NVPTX_RPC_EPROTO);
  expect_error ("stat: a piece at -1: EPROTO",
		piece_request (NVPTX_RPC_STAT, -1), NVPTX_RPC_EPROTO);
  expect_error ("stat: a piece at INT64_MIN: EPROTO",
		piece_request (NVPTX_RPC_STAT, INT64_MIN), NVPTX_RPC_EPROTO);
  expect_error ("a piece of lstat after stat: EPROTO",
		piece_request (NVPTX_RPC_LSTAT, 0), NVPTX_RPC_EPROTO);
  expect_error ("a piece of fstat after stat: EPROTO",
		piece_request (NVPTX_RPC_FSTAT, 0), NVPTX_RPC_EPROTO);
  expect_error ("a piece of opcode 999: ENOSYS",
		piece_request (999, 0), NVPTX_RPC_ENOSYS);
  r = piece_request (NVPTX_RPC_STAT, 0);
  r.flags |= NVPTX_RPC_MORE_ARGS;
  expect_error ("flags MORE_ARGS|REPLY_PIECE: EINVAL", r, NVPTX_RPC_EINVAL);
  r = piece_request (NVPTX_RPC_STAT, 0);
  r.length = window + 1;
  expect_error ("a piece with length window+1: EPROTO", r, NVPTX_RPC_EPROTO);
  r.length = 0;
  r.version = NVPTX_RPC_VERSION - 1;
  expect_error ("a piece of version 1: EPROTO", r, NVPTX_RPC_EPROTO);

  /* A new call, even a failed one, drops the last block.  */
  expect_error ("stat a missing file: ENOENT",
		path_request (NVPTX_RPC_STAT, "missing"), NVPTX_RPC_ENOENT);
  expect_error ("then a piece of stat: EPROTO",
		piece_request (NVPTX_RPC_STAT, 0), NVPTX_RPC_EPROTO);
  /* So does the first piece of a call's argument block.  */
  expect_result ("stat again", path_request (NVPTX_RPC_STAT, "."));
  r = path_request (NVPTX_RPC_STAT, "garbage/");
  r.length = 8;
  r.flags = NVPTX_RPC_MORE_ARGS;
  expect_result ("a first argument piece of stat", r);
  expect_error ("then a reply piece of stat: EPROTO",
		piece_request (NVPTX_RPC_STAT, 0), NVPTX_RPC_EPROTO);
  expect_alive ("then a whole request, served alone (reply piece)");

  /* The environment, a block of many pieces at small windows: put back
     together from pieces at the offsets the client would ask for, and
     from one at an odd offset.  */
  size_t env_length = 0;
  for (char **e = environ; *e; e++)
    env_length += strlen (*e) + 1;
  rep = expect_result ("environ", request (NVPTX_RPC_ENVIRON));
  CHECK_INT ("environ: the result is the block's length", rep.result,
	     env_length);
  CHECK_INT ("environ: total", rep.total, env_length);
  char *env = malloc (env_length + 1);
  size_t received = 0;
  int pieces = 0;
  for (;;)
    {
      memcpy (env + received, mb->window, rep.length);
      received += rep.length;
      if (rep.length == 0 || received >= env_length)
	break;
      pieces++;
      r = piece_request (NVPTX_RPC_ENVIRON, received);
      rep = raw_call (&r);
      if (rep.result < 0)
	break;
    }
  CHECK_INT ("environ: put back together", received, env_length);
  size_t at = 0, wrong = 0;
  for (char **e = environ; *e && at < received; e++)
    {
      size_t n = strlen (*e) + 1;
      wrong += at + n > received || memcmp (env + at, *e, n) != 0;
      at += n;
    }
  CHECK_INT ("environ: the host's environment", wrong, 0);
  check (pieces > 0 || env_length <= window,
	 "environ: in pieces when longer than the window",
	 "%d pieces for %zu bytes", pieces, env_length);
  if (env_length > 5)
    {
      rep = expect_result ("environ: a piece from 5",
			   piece_request (NVPTX_RPC_ENVIRON, 5));
      /* A reply carries up to the window area, never less than
	 NVPTX_RPC_REPLY_MAX.  */
      size_t room = window > NVPTX_RPC_REPLY_MAX ? window
		    : NVPTX_RPC_REPLY_MAX;
      size_t want = env_length - 5 < room ? env_length - 5 : room;
      CHECK_INT ("environ: a piece from 5: length", rep.length, want);
      check_bytes ("environ: a piece from 5: bytes", mb->window, env + 5,
		   want);
    }
  expect_error ("environ: a piece at -1: EPROTO",
		piece_request (NVPTX_RPC_ENVIRON, -1), NVPTX_RPC_EPROTO);
  expect_error ("environ: a piece past the end: EPROTO",
		piece_request (NVPTX_RPC_ENVIRON, env_length + 1),
		NVPTX_RPC_EPROTO);
  free (env);
  expect_alive ("alive after reply pieces");
}

/* Arguments of the calls protocol 2 added that the server must refuse.
   FD is a regular file opened through the client.  */
static void
new_calls (int fd)
{
  struct raw r;

  r = request (NVPTX_RPC_READDIR);
  r.arg[0] = fd;
  r.arg[1] = 2048;
  expect_error ("readdir of a regular file: ENOTDIR", r, NVPTX_RPC_ENOTDIR);
  int dir = open (".", O_RDONLY | O_DIRECTORY);
  CHECK ("open \".\" through the client", dir >= 0);
  r.arg[0] = dir;
  r.arg[1] = NVPTX_RPC_DIRENT_SIZE (NAME_MAX) - 1;
  expect_error ("readdir, room for less than a 255-byte name: EINVAL", r,
		NVPTX_RPC_EINVAL);
  r.arg[1] = -1;
  expect_error ("readdir, room -1: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[1] = INT64_MIN;
  expect_error ("readdir, room INT64_MIN: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[1] = NVPTX_RPC_DIRENT_SIZE (NAME_MAX);
  expect_result ("readdir, room for a 255-byte name", r);
  r.arg[1] = INT64_MAX;
  r.arg[2] = 1;
  struct nvptx_rpc_reply rep = expect_result ("readdir, room INT64_MAX", r);
  check (rep.total <= NVPTX_RPC_ARG_MAX, "readdir, room INT64_MAX: bounded",
	 "total %u", rep.total);
  CHECK_INT ("close the directory", close (dir), 0);

  r = request (NVPTX_RPC_FCNTL);
  r.arg[0] = fd;
  r.arg[1] = 99;
  expect_error ("fcntl command 99: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[1] = 0;
  expect_error ("fcntl command 0: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[1] = -1;
  expect_error ("fcntl command -1: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[1] = NVPTX_RPC_F_SETFL;
  r.arg[2] = 0x4000;
  expect_error ("fcntl F_SETFL, flag 0x4000: EINVAL", r, NVPTX_RPC_EINVAL);

  r = request (NVPTX_RPC_LOCK);
  r.arg[0] = fd;
  r.arg[1] = NVPTX_RPC_LOCK_ARG (9, NVPTX_RPC_F_WRLCK, NVPTX_RPC_SEEK_SET);
  expect_error ("lock command 9: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[1] = NVPTX_RPC_LOCK_ARG (NVPTX_RPC_F_SETLK, 3, NVPTX_RPC_SEEK_SET);
  expect_error ("lock type 3: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[1] = NVPTX_RPC_LOCK_ARG (NVPTX_RPC_F_SETLK, NVPTX_RPC_F_RDLCK, 3);
  expect_error ("lock whence 3: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[1] = NVPTX_RPC_LOCK_ARG (NVPTX_RPC_F_SETLKW, NVPTX_RPC_F_RDLCK, 0)
	     | (int64_t) 1 << 40;
  expect_error ("lock, bits beyond whence: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[1] = -1;
  expect_error ("lock -1: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[1] = NVPTX_RPC_LOCK_ARG (NVPTX_RPC_F_SETLK, NVPTX_RPC_F_RDLCK,
				 NVPTX_RPC_SEEK_SET);
  r.arg[2] = -1;
  expect_error ("lock from -1: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[2] = INT64_MAX;
  r.arg[3] = INT64_MAX;
  expect_error ("lock past the largest offset: EOVERFLOW", r,
		NVPTX_RPC_EOVERFLOW);
  r = request (NVPTX_RPC_FLOCK);
  r.arg[0] = fd;
  r.arg[1] = (int64_t) 1 << 33 | NVPTX_RPC_LOCK_SH;
  expect_error ("flock, bits beyond the operation: EINVAL", r,
		NVPTX_RPC_EINVAL);
  r.arg[1] = 0;
  expect_error ("flock 0: EINVAL", r, NVPTX_RPC_EINVAL);

  r = request (NVPTX_RPC_DUP);
  r.arg[0] = fd;
  r.arg[1] = NVPTX_RPC_FDS;
  expect_error ("dup, lowest past the table: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[1] = -1;
  expect_error ("dup, lowest -1: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[1] = INT64_MIN;
  expect_error ("dup, lowest INT64_MIN: EINVAL", r, NVPTX_RPC_EINVAL);
  r = request (NVPTX_RPC_DUP2);
  r.arg[0] = fd;
  r.arg[1] = NVPTX_RPC_FDS;
  expect_error ("dup2 past the table: EBADF", r, NVPTX_RPC_EBADF);
  r.arg[1] = (int64_t) 1 << 32;
  expect_error ("dup2 to 2^32: EBADF", r, NVPTX_RPC_EBADF);

  r = path_request (NVPTX_RPC_UTIMENS, "file");
  r.arg[1] = 1000000000;
  expect_error ("utimens, atime ns 1e9: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[1] = 0;
  r.arg[3] = 1000000000;
  expect_error ("utimens, mtime ns 1e9: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[3] = -2;
  expect_error ("utimens, mtime ns -2: EINVAL", r, NVPTX_RPC_EINVAL);

  r = path_request (NVPTX_RPC_ACCESS, "file");
  r.arg[0] = 8;
  expect_error ("access mode 8: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[0] = INT64_MIN;
  expect_error ("access mode INT64_MIN: EINVAL", r, NVPTX_RPC_EINVAL);

  r = request (NVPTX_RPC_CLOCK_GETTIME);
  r.arg[0] = 7;
  expect_error ("clock_gettime clock 7: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[0] = -1;
  expect_error ("clock_gettime clock -1: EINVAL", r, NVPTX_RPC_EINVAL);
  r = request (NVPTX_RPC_SYSCONF);
  r.arg[0] = 99;
  expect_error ("sysconf name 99: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[0] = 0;
  expect_error ("sysconf name 0: EINVAL", r, NVPTX_RPC_EINVAL);
  expect_alive ("alive after the new calls' bad arguments");
}

/* FORMAT's argument block: FMT, its NUL and zeros to a multiple of 8,
   then SLOTS (LENGTH bytes), sent in pieces with arg0 ROOM.  */
static struct nvptx_rpc_reply
format_request (const char *name, const char *fmt, const void *slots,
		size_t length, int64_t room)
{
  /* Room for a block past ARG_MAX too.  */
  static char block[2 * NVPTX_RPC_ARG_MAX];
  size_t at = (strlen (fmt) + 1 + 7) & ~(size_t) 7;
  int64_t arg[4] = { room };

  memset (block, 0, at);
  strcpy (block, fmt);
  if (length > 0)
    memcpy (block + at, slots, length);
  return send_block (name, NVPTX_RPC_FORMAT, arg, block, at + length);
}

static void
format_error (const char *name, const char *fmt, const void *slots,
	      size_t length, int64_t room, uint32_t want)
{
  struct nvptx_rpc_reply rep = format_request (name, fmt, slots, length,
					       room);
  check (rep.result == -1 && rep.error == want
	 && (rep.flags & NVPTX_RPC_DONE), name,
	 "result %lld error %u flags %#x, expected -1 error %u DONE",
	 (long long) rep.result, rep.error, rep.flags, want);
}

/* FORMAT from a program that does not follow the protocol: each block is
   checked against its format, and widths, precisions and the output
   kept are bounded.  */
static void
format_requests (void)
{
  struct nvptx_rpc_reply rep;
  uint64_t slots[4] = { 0 };
  double d = 2.25;

  /* A well-formed one, as the client makes it.  */
  slots[0] = (uint64_t) -7;
  slots[1] = 3;
  memcpy (&slots[2], "abc", 3);
  memcpy (&slots[3], &d, sizeof d);
  rep = format_request ("format: well-formed", "%d|%s|%5.1f|%%", slots,
			sizeof slots, 100);
  CHECK_INT ("format: its length", rep.result, 14);
  CHECK_INT ("format: the output in the reply", rep.length, 14);
  check_bytes ("format: the output", mb->window, "-7|abc|  2.2|%", 14);
  slots[0] = NVPTX_RPC_FORMAT_NULL;
  rep = format_request ("format: a null string", "%s", slots, 8, 100);
  CHECK_INT ("format: a null string: (null)", rep.result, 6);
  check_bytes ("format: a null string: the output", mb->window, "(null)", 6);

  /* The block against its format.  */
  expect_error ("format: an empty block: EPROTO",
		request (NVPTX_RPC_FORMAT), NVPTX_RPC_EPROTO);
  struct raw r = request (NVPTX_RPC_FORMAT);
  r.data = "%d";
  r.data_length = r.length = 2;
  r.arg[0] = 100;
  expect_error ("format: a format without its NUL: EPROTO", r,
		NVPTX_RPC_EPROTO);
  char unpadded[11] = "%d";
  r.data = unpadded;
  r.data_length = r.length = sizeof unpadded;
  expect_error ("format: a slot right after the NUL: EPROTO", r,
		NVPTX_RPC_EPROTO);
  format_error ("format: %d without its slot: EPROTO", "%d", NULL, 0, 100,
		NVPTX_RPC_EPROTO);
  format_error ("format: a slot too many: EPROTO", "%d", slots, 16, 100,
		NVPTX_RPC_EPROTO);
  format_error ("format: half a slot: EPROTO", "%d", slots, 4, 100,
		NVPTX_RPC_EPROTO);
  format_error ("format: '*' width without the value: EPROTO", "%*d", slots,
		8, 100, NVPTX_RPC_EPROTO);
  slots[0] = 100;
  format_error ("format: a string longer than the block: EPROTO", "%s",
		slots, sizeof slots, 100, NVPTX_RPC_EPROTO);
  slots[0] = INT64_MAX;
  format_error ("format: a string of INT64_MAX bytes: EPROTO", "%s", slots,
		sizeof slots, 100, NVPTX_RPC_EPROTO);
  slots[0] = 5;
  format_error ("format: a string without its padding: EPROTO", "%s", slots,
		13, 100, NVPTX_RPC_EPROTO);

  /* Conversions the client never sends.  */
  static const char *const unsupported[] = {
    "%n", "%hhn", "%lc", "%ls", "%C", "%S", "%m", "%1$d", "%*1$d", "%y",
    "%5%", "%Ld", "%hf", "ends in %", "%-08.", "%Id", "%Zd",
  };
  for (size_t i = 0; i < sizeof unsupported / sizeof *unsupported; i++)
    format_error (name_of ("format: \"%s\": EINVAL", unsupported[i]),
		  unsupported[i], slots, 16, 100, NVPTX_RPC_EINVAL);

  /* Bounds: the room, widths, precisions.  */
  format_error ("format: room -1: EINVAL", "x", NULL, 0, -1,
		NVPTX_RPC_EINVAL);
  format_error ("format: room INT64_MIN: EINVAL", "x", NULL, 0, INT64_MIN,
		NVPTX_RPC_EINVAL);
  format_error ("format: room FORMAT_MAX + 1: EINVAL", "x", NULL, 0,
		NVPTX_RPC_FORMAT_MAX + 1, NVPTX_RPC_EINVAL);
  format_error ("format: width 999999999: EINVAL", "%999999999d", slots, 8,
		100, NVPTX_RPC_EINVAL);
  format_error ("format: width FORMAT_MAX + 1: EINVAL", "%4097d", slots, 8,
		100, NVPTX_RPC_EINVAL);
  format_error ("format: precision FORMAT_MAX + 1: EINVAL", "%.4097f",
		slots, 8, 100, NVPTX_RPC_EINVAL);
  slots[0] = (uint64_t) (int64_t) INT32_MIN;
  format_error ("format: '*' width INT_MIN: EINVAL", "%*d", slots, 16, 100,
		NVPTX_RPC_EINVAL);
  slots[0] = 1000000;
  format_error ("format: '*' precision 1000000: EINVAL", "%.*e", slots, 16,
		100, NVPTX_RPC_EINVAL);
  /* Slots that do not hold their int or unsigned int: refused, where a
     cast would cut them to a valid one (2^32 + 5 to 5).  */
  static const struct
  {
    const char *name, *fmt;
    uint64_t slot;
  } wide[] = {
    { "format: '*' width 2^32 + 5: EINVAL", "%*d", (UINT64_C (1) << 32) + 5 },
    { "format: '*' width -2^32 + 5: EINVAL", "%*d",
      (uint64_t) -(INT64_C (1) << 32) + 5 },
    { "format: '*' precision 2^32 + 5: EINVAL", "%.*f",
      (UINT64_C (1) << 32) + 5 },
    { "format: '*' precision -2^32: EINVAL", "%.*f",
      (uint64_t) -(INT64_C (1) << 32) },
    { "format: '*' width INT_MAX + 1: EINVAL", "%*d",
      (uint64_t) INT32_MAX + 1 },
    { "format: %d of 2^32 + 5: EINVAL", "%d%d", (UINT64_C (1) << 32) + 5 },
    { "format: %hhd of 2^32: EINVAL", "%hhd%d", UINT64_C (1) << 32 },
    { "format: %c of 2^32 + 'a': EINVAL", "%c%d", (UINT64_C (1) << 32) + 'a' },
    { "format: %u of 2^32 + 5: EINVAL", "%u%d", (UINT64_C (1) << 32) + 5 },
    { "format: %x of -1 sign-extended: EINVAL", "%x%d", UINT64_MAX },
  };
  for (size_t i = 0; i < sizeof wide / sizeof *wide; i++)
    {
      uint64_t two[2] = { wide[i].slot, 7 };
      format_error (wide[i].name, wide[i].fmt, two, sizeof two, 100,
		    NVPTX_RPC_EINVAL);
    }
  /* The bounds themselves are ints.  */
  slots[0] = (uint64_t) (int64_t) INT32_MIN;
  slots[1] = UINT32_MAX;
  rep = format_request ("format: %d of INT_MIN, %u of UINT_MAX", "%d %u",
			slots, 16, 100);
  CHECK_INT ("format: %d of INT_MIN, %u of UINT_MAX: its length",
	     rep.result, 22);
  check_bytes ("format: %d of INT_MIN, %u of UINT_MAX: the output",
	       mb->window, "-2147483648 4294967295", 22);
  slots[0] = (uint64_t) -NVPTX_RPC_FORMAT_MAX;
  slots[1] = 3;
  rep = format_request ("format: '*' width -FORMAT_MAX", "%*d", slots, 16,
			0);
  CHECK_INT ("format: '*' width -FORMAT_MAX: its length", rep.result,
	     NVPTX_RPC_FORMAT_MAX);
  slots[0] = 5000;
  slots[1] = 3;
  memcpy (&slots[2], "abc", 3);
  rep = format_request ("format: a string's precision past FORMAT_MAX",
			"%.*s", slots, 24, 100);
  CHECK_INT ("format: a string's precision past FORMAT_MAX: its bytes",
	     rep.result, 3);

  /* Output: all of it counted, the first room bytes kept.  */
  rep = format_request ("format: room 0", "%d", slots, 8, 0);
  CHECK_INT ("format: room 0: the length", rep.result, 4);
  CHECK_INT ("format: room 0: no bytes", rep.total, 0);
  rep = format_request ("format: more than the room", "%4096d%4096d", slots,
			16, 16);
  CHECK_INT ("format: more than the room: the length", rep.result, 8192);
  CHECK_INT ("format: more than the room: the room kept", rep.total, 16);
  slots[0] = 12345;
  rep = format_request ("format: FORMAT_MAX bytes", "%4096d", slots, 8,
			NVPTX_RPC_FORMAT_MAX);
  CHECK_INT ("format: FORMAT_MAX bytes: total", rep.total,
	     NVPTX_RPC_FORMAT_MAX);
  size_t last = NVPTX_RPC_FORMAT_MAX - 5;
  rep = expect_result ("format: the last piece",
		       piece_request (NVPTX_RPC_FORMAT, last));
  CHECK_INT ("format: the last piece: length", rep.length, 5);
  check_bytes ("format: the last piece: bytes", mb->window, "12345", 5);

  /* The largest block: as many 4096-byte fields as fit, each counted.  */
  static char fields[NVPTX_RPC_ARG_MAX];
  static uint64_t values[NVPTX_RPC_ARG_MAX / 8];
  size_t count = (NVPTX_RPC_ARG_MAX - 8) / (6 + 8);
  for (size_t i = 0; i < count; i++)
    memcpy (fields + 6 * i, "%4096d", 6);
  fields[6 * count] = '\0';
  rep = format_request ("format: the largest block", fields, values,
			8 * count, 16);
  CHECK_INT ("format: the largest block: its length", rep.result,
	     (long long) count * 4096);
  format_error ("format: a block past ARG_MAX: ENAMETOOLONG", fields, values,
		8 * count + 16, 16, NVPTX_RPC_ENAMETOOLONG);
  expect_alive ("alive after bad formats");
}

/* A raw NVPTX_RPC_DIRECT request: OPCODE on guest FD, COUNT bytes at
   device address ADDRESS.  */
static struct raw
direct_request (uint32_t opcode, int64_t fd, int64_t address, int64_t count)
{
  struct raw r = request (opcode);
  r.flags = NVPTX_RPC_DIRECT;
  r.arg[0] = fd;
  r.arg[1] = count;
  r.arg[2] = address;
  return r;
}

/* The guest file FD is still at OFFSET and SIZE bytes long (PATH).  */
static void
expect_untouched (const char *name, int fd, const char *path, off_t offset,
		  off_t size)
{
  struct stat st;

  CHECK_INT (name_of ("%s: offset unchanged", name), lseek (fd, 0, SEEK_CUR),
	     offset);
  CHECK_INT (name_of ("%s: size unchanged", name),
	     real_stat (path, &st) == 0 ? st.st_size : -1, size);
}

/* PREAD and PWRITE through the window: the offset (arg3) checked before
   the descriptor, as Linux does, and before any I/O; a descriptor
   without an offset refused at once, not waited on.  */
static void
positioned_requests (void)
{
  int fd = open ("positioned", O_RDWR | O_CREAT | O_TRUNC, 0644);
  struct nvptx_rpc_reply rep;
  struct raw r;

  CHECK ("open a file through the client", fd >= 0);
  r = request (NVPTX_RPC_PWRITE);
  r.arg[0] = fd;
  r.arg[3] = 5;
  r.data = "abc";
  r.data_length = r.length = 3;
  rep = expect_result ("pwrite of 3 at 5", r);
  CHECK_INT ("pwrite of 3 at 5: result", rep.result, 3);
  r.arg[3] = -1;
  expect_error ("pwrite at -1: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[3] = INT64_MIN;
  expect_error ("pwrite at INT64_MIN: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[3] = INT64_MAX - 2;
  expect_error ("pwrite of 3 at INT64_MAX - 2, past the largest offset: "
		"EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[0] = 99;
  r.arg[3] = -1;
  expect_error ("pwrite, fd 99 at -1: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[3] = 0;
  expect_error ("pwrite, fd 99: EBADF", r, NVPTX_RPC_EBADF);
  r.arg[0] = fd;
  r.arg[1] = window - 2;
  expect_error ("pwrite, bytes past the window's end: EPROTO", r,
		NVPTX_RPC_EPROTO);
  expect_untouched ("pwrite refused", fd, "positioned", 0, 8);

  r = request (NVPTX_RPC_PREAD);
  r.arg[0] = fd;
  r.arg[1] = 100;
  r.arg[3] = 5;
  rep = expect_result ("pread of 100 at 5", r);
  CHECK_INT ("pread of 100 at 5: result", rep.result, 3);
  CHECK_INT ("pread of 100 at 5: length", rep.length, 3);
  check (memcmp (mb->window, "abc", 3) == 0, "pread of 100 at 5: bytes",
	 "%.3s", (const char *) mb->window);
  r.arg[1] = -1;
  expect_error ("pread of -1: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[1] = 100;
  r.arg[3] = -1;
  expect_error ("pread at -1: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[3] = INT64_MAX;
  expect_error ("pread of 100 at INT64_MAX: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[3] = INT64_MAX - 100;
  rep = expect_result ("pread of 100 at INT64_MAX - 100", r);
  CHECK_INT ("pread of 100 at INT64_MAX - 100: end of file", rep.result, 0);
  expect_untouched ("pread", fd, "positioned", 0, 8);
  CHECK_INT ("close", close (fd), 0);

  /* A FIFO with no writer has no offset: ESPIPE at once, where a read
     would wait.  */
  if (CHECK ("positioned: mkfifo", real_mkfifo ("positioned-fifo", 0644)
	     == 0))
    {
      fd = open ("positioned-fifo", O_RDWR);
      r.arg[0] = fd;
      r.arg[3] = 0;
      expect_error ("pread of a FIFO: ESPIPE", r, NVPTX_RPC_ESPIPE);
      r = request (NVPTX_RPC_PWRITE);
      r.arg[0] = fd;
      r.data = "abc";
      r.data_length = r.length = 3;
      expect_error ("pwrite of a FIFO: ESPIPE", r, NVPTX_RPC_ESPIPE);
      CHECK_INT ("close the FIFO", close (fd), 0);
    }
  expect_alive ("alive after positioned requests");
}

/* A request with the argument block BLOCK, LENGTH bytes, in one piece.  */
static struct raw
block_request (uint32_t opcode, const void *block, size_t length)
{
  struct raw r = request (opcode);
  r.data = block;
  r.data_length = r.length = length;
  return r;
}

/* realpath, getrlimit and getrandom: arguments the client never sends
   are refused, a count past the most one request gives is cut.  */
static void
host_info_requests (void)
{
  struct nvptx_rpc_reply rep;
  struct raw r;

  expect_error ("realpath of two strings: EPROTO",
		block_request (NVPTX_RPC_REALPATH, "a\0b", 4),
		NVPTX_RPC_EPROTO);
  expect_error ("realpath without a NUL: EPROTO",
		block_request (NVPTX_RPC_REALPATH, "ab", 2), NVPTX_RPC_EPROTO);
  r = request (NVPTX_RPC_GETRLIMIT);
  r.arg[0] = -1;
  expect_error ("getrlimit -1: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[0] = NVPTX_RPC_RLIMIT_AS + 1;
  expect_error ("getrlimit past the last: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[0] = INT64_MIN;
  expect_error ("getrlimit INT64_MIN: EINVAL", r, NVPTX_RPC_EINVAL);
  r = request (NVPTX_RPC_GETRANDOM);
  r.arg[0] = -1;
  expect_error ("getrandom of -1 bytes: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[0] = 16;
  r.arg[1] = 4;
  expect_error ("getrandom, an unknown flag: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[1] = -1;
  expect_error ("getrandom, flags -1: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[0] = INT64_MAX;
  r.arg[1] = NVPTX_RPC_GRND_NONBLOCK;
  rep = raw_call (&r);
  CHECK_INT ("getrandom of INT64_MAX bytes: the most a request gives",
	     rep.result, NVPTX_RPC_RANDOM_MAX);
  CHECK_INT ("getrandom of INT64_MAX bytes: the whole block",
	     rep.total, NVPTX_RPC_RANDOM_MAX);
  expect_alive ("after the host information requests");
}

/* The terminal and user requests: what the client never sends is
   refused (a descriptor not open, a struct termios of another size, an
   unknown action, an ioctl request but the two it sends, a uid beyond
   uid_t), the server alive after each.  */
static void
tty_requests (void)
{
  struct nvptx_rpc_termios w;
  struct nvptx_rpc_reply rep;
  char big[3 * sizeof w];
  struct raw r;
  int fd = open ("tty-plain", O_RDWR | O_CREAT | O_TRUNC, 0644);

  memset (&w, 0, sizeof w);
  memset (big, 0, sizeof big);
  for (int op = NVPTX_RPC_TTYNAME; op <= NVPTX_RPC_IOCTL; op++)
    {
      const char *name = op == NVPTX_RPC_TTYNAME ? "ttyname"
			 : op == NVPTX_RPC_TCGETATTR ? "tcgetattr"
			 : op == NVPTX_RPC_TCSETATTR ? "tcsetattr" : "ioctl";
      static const int64_t bad_fds[] = { -1, 1000, NVPTX_RPC_FDS,
					 INT64_MAX, INT64_MIN };
      for (size_t i = 0; i < sizeof bad_fds / sizeof *bad_fds; i++)
	{
	  r = op == NVPTX_RPC_TCSETATTR
	      ? block_request (op, &w, sizeof w) : request (op);
	  r.arg[0] = bad_fds[i];
	  r.arg[1] = op == NVPTX_RPC_IOCTL ? NVPTX_RPC_FIONREAD : 0;
	  expect_error (name_of ("%s of fd %lld: EBADF", name,
				 (long long) bad_fds[i]), r,
			NVPTX_RPC_EBADF);
	}
    }
  r = request (NVPTX_RPC_TTYNAME);
  r.arg[0] = fd;
  expect_error ("ttyname of a file: ENOTTY", r, NVPTX_RPC_ENOTTY);

  /* TCSETATTR's block: exactly one struct nvptx_rpc_termios.  */
  r = request (NVPTX_RPC_TCSETATTR);
  r.arg[0] = fd;
  expect_error ("tcsetattr without a block: EPROTO", r, NVPTX_RPC_EPROTO);
  r = block_request (NVPTX_RPC_TCSETATTR, &w, sizeof w - 1);
  r.arg[0] = fd;
  expect_error ("tcsetattr, a block a byte short: EPROTO", r,
		NVPTX_RPC_EPROTO);
  int64_t args[4] = { fd, NVPTX_RPC_TCSANOW };
  rep = send_block ("tcsetattr, a block three times too long",
		    NVPTX_RPC_TCSETATTR, args, big, sizeof big);
  check (rep.result == -1 && rep.error == NVPTX_RPC_EPROTO,
	 "tcsetattr, a block three times too long: EPROTO",
	 "result %lld error %u", (long long) rep.result, rep.error);
  static char huge[NVPTX_RPC_ARG_MAX + 100];
  rep = send_block ("tcsetattr, a block past the most the server takes",
		    NVPTX_RPC_TCSETATTR, args, huge, sizeof huge);
  check (rep.result == -1 && rep.error == NVPTX_RPC_EPROTO,
	 "tcsetattr, a block past the most the server takes: EPROTO",
	 "result %lld error %u", (long long) rep.result, rep.error);
  static const int64_t bad_actions[] = { -1, 3, 99, INT64_MAX, INT64_MIN };
  for (size_t i = 0; i < sizeof bad_actions / sizeof *bad_actions; i++)
    {
      r = block_request (NVPTX_RPC_TCSETATTR, &w, sizeof w);
      r.arg[0] = fd;
      r.arg[1] = bad_actions[i];
      expect_error (name_of ("tcsetattr, action %lld: EINVAL",
			     (long long) bad_actions[i]), r,
		    NVPTX_RPC_EINVAL);
    }
  r = block_request (NVPTX_RPC_TCSETATTR, &w, sizeof w);
  r.arg[0] = fd;
  r.arg[1] = NVPTX_RPC_TCSADRAIN;
  expect_error ("tcsetattr TCSADRAIN of a file: ENOTTY", r,
		NVPTX_RPC_ENOTTY);

  /* IOCTL: only TIOCGWINSZ and FIONREAD.  */
  static const int64_t bad_requests[] = {
    0, 0x5414 /* TIOCSWINSZ */, 0x5401 /* TCGETS */, 0x5402 /* TCSETS */,
    0x540E /* TIOCSCTTY */, 0x5412 /* TIOCSTI */, -1, INT64_MAX,
    NVPTX_RPC_FIONREAD + ((int64_t) 1 << 32),
  };
  for (size_t i = 0; i < sizeof bad_requests / sizeof *bad_requests; i++)
    {
      r = request (NVPTX_RPC_IOCTL);
      r.arg[0] = fd;
      r.arg[1] = bad_requests[i];
      expect_error (name_of ("ioctl request %#llx: ENOTTY",
			     (unsigned long long) bad_requests[i]), r,
		    NVPTX_RPC_ENOTTY);
    }
  r = request (NVPTX_RPC_IOCTL);
  r.arg[0] = fd;
  r.arg[1] = NVPTX_RPC_FIONREAD;
  rep = raw_call (&r);
  CHECK_INT ("ioctl FIONREAD of an empty file: 0", rep.result, 0);

  /* GETPW: a uid beyond uid_t, a block with a uid, none with -1.  */
  static const int64_t bad_uids[] = {
    -2, INT64_MIN, (int64_t) UINT32_MAX + 1, INT64_MAX,
  };
  for (size_t i = 0; i < sizeof bad_uids / sizeof *bad_uids; i++)
    {
      r = request (NVPTX_RPC_GETPW);
      r.arg[0] = bad_uids[i];
      expect_error (name_of ("getpw of uid %lld: EINVAL",
			     (long long) bad_uids[i]), r, NVPTX_RPC_EINVAL);
    }
  r = block_request (NVPTX_RPC_GETPW, "root", 5);
  expect_error ("getpw of uid 0 with a name: EPROTO", r, NVPTX_RPC_EPROTO);
  r = request (NVPTX_RPC_GETPW);
  r.arg[0] = -1;
  expect_error ("getpw by name without one: EPROTO", r, NVPTX_RPC_EPROTO);
  r = block_request (NVPTX_RPC_GETPW, "root", 4);
  r.arg[0] = -1;
  expect_error ("getpw of a name without its NUL: EPROTO", r,
		NVPTX_RPC_EPROTO);
  r = block_request (NVPTX_RPC_GETPW, "root\0root", 10);
  r.arg[0] = -1;
  expect_error ("getpw of two names: EPROTO", r, NVPTX_RPC_EPROTO);
  /* GETPW and GETGR: an index with an id, a negative index, a name with
     an index; GETGROUPS: a group beyond gid_t, a name with -1, none
     with a group.  */
  for (int op = NVPTX_RPC_GETPW; op <= NVPTX_RPC_GETGR;
       op += NVPTX_RPC_GETGR - NVPTX_RPC_GETPW)
    {
      const char *what = op == NVPTX_RPC_GETPW ? "getpw" : "getgr";
      r = request (op);
      r.arg[1] = 1;
      expect_error (name_of ("%s of entry 0 with id 0: EINVAL", what), r,
		    NVPTX_RPC_EINVAL);
      r = request (op);
      r.arg[0] = -1;
      r.arg[1] = -5;
      expect_error (name_of ("%s of entry -6: EINVAL", what), r,
		    NVPTX_RPC_EINVAL);
      r = block_request (op, "root", 5);
      r.arg[0] = -1;
      r.arg[1] = 1;
      expect_error (name_of ("%s of entry 0 with a name: EPROTO", what), r,
		    NVPTX_RPC_EPROTO);
      r = request (op);
      r.arg[0] = -1;
      r.arg[1] = INT64_MAX;
      expect_error (name_of ("%s of the last entry there could be: ENOENT",
			     what), r, NVPTX_RPC_ENOENT);
    }
  r = block_request (NVPTX_RPC_GETGROUPS, "root", 5);
  r.arg[0] = (int64_t) UINT32_MAX + 1;
  expect_error ("getgroups of a group beyond gid_t: EINVAL", r,
		NVPTX_RPC_EINVAL);
  r = block_request (NVPTX_RPC_GETGROUPS, "root", 5);
  r.arg[0] = -1;
  expect_error ("getgroups of -1 with a name: EPROTO", r, NVPTX_RPC_EPROTO);
  r = request (NVPTX_RPC_GETGROUPS);
  expect_error ("getgrouplist without a name: EPROTO", r, NVPTX_RPC_EPROTO);
  r = request (NVPTX_RPC_GETPW);
  r.arg[0] = 0;
  rep = raw_call (&r);
  check (rep.result > (int64_t) sizeof (struct nvptx_rpc_passwd)
	 && rep.total == rep.result, "getpw of uid 0: root's entry",
	 "result %lld total %u", (long long) rep.result, rep.total);
  r = request (NVPTX_RPC_GETLOGIN);
  r.arg[0] = r.arg[1] = r.arg[2] = r.arg[3] = -1;
  rep = raw_call (&r);
  check (rep.result == -1 || rep.total == rep.result,
	 "getlogin with arguments it ignores: a name or an error",
	 "result %lld total %u", (long long) rep.result, rep.total);
  close (fd);
  expect_alive ("after the terminal and user requests");
}

/* statvfs, pathconf and poll: arguments the client never sends are
   refused; poll's entries as they come, however odd.  */
static void
fsinfo_requests (void)
{
  struct nvptx_rpc_reply rep;
  struct raw r;

  expect_error ("statvfs of two strings: EPROTO",
		block_request (NVPTX_RPC_STATVFS, "a\0b", 4), NVPTX_RPC_EPROTO);
  expect_error ("statvfs without a NUL: EPROTO",
		block_request (NVPTX_RPC_STATVFS, "ab", 2), NVPTX_RPC_EPROTO);
  r = request (NVPTX_RPC_FSTATVFS);
  r.arg[0] = -1;
  expect_error ("fstatvfs -1: EBADF", r, NVPTX_RPC_EBADF);
  r.arg[0] = INT64_MAX;
  expect_error ("fstatvfs INT64_MAX: EBADF", r, NVPTX_RPC_EBADF);
  r.arg[0] = NVPTX_RPC_FDS;
  expect_error ("fstatvfs past the table: EBADF", r, NVPTX_RPC_EBADF);

  r = path_request (NVPTX_RPC_PATHCONF, ".");
  r.arg[0] = -1;
  expect_error ("pathconf name -1: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[0] = NVPTX_RPC_PC_END;
  expect_error ("pathconf a name past the last: EINVAL", r,
		NVPTX_RPC_EINVAL);
  r.arg[0] = INT64_MIN;
  expect_error ("pathconf name INT64_MIN: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[0] = NVPTX_RPC_PC_SYMLINK_MAX;
  rep = raw_call (&r);
  check (rep.result == -1 && rep.error == NVPTX_RPC_ERRNO_NONE
	 && (rep.flags & NVPTX_RPC_DONE),
	 "pathconf _PC_SYMLINK_MAX: no limit, -1 with error 0",
	 "result %lld error %u flags %#x", (long long) rep.result, rep.error,
	 rep.flags);
  r = block_request (NVPTX_RPC_PATHCONF, "a\0b", 4);
  expect_error ("pathconf of two strings: EPROTO", r, NVPTX_RPC_EPROTO);
  r = request (NVPTX_RPC_FPATHCONF);
  r.arg[0] = 0;
  r.arg[1] = 999;
  expect_error ("fpathconf name 999: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[0] = -7;
  r.arg[1] = NVPTX_RPC_PC_NAME_MAX;
  expect_error ("fpathconf fd -7: EBADF", r, NVPTX_RPC_EBADF);
  r.arg[0] = INT64_MIN;
  r.arg[1] = INT64_MIN;
  expect_error ("fpathconf fd and name INT64_MIN: EBADF first", r,
		NVPTX_RPC_EBADF);

  struct nvptx_rpc_pollfd e[8] = {
    { INT32_MIN, NVPTX_RPC_POLLIN, 0 }, { NVPTX_RPC_FDS, NVPTX_RPC_POLLIN, 0 },
    { INT32_MAX, -1, -1 }, { 1, -1, 0x7777 }, { -1, -1, -1 },
    { 1, 0, 0 }, { 1000, 0, 0 }, { 1, NVPTX_RPC_POLLOUT, 0 },
  };
  r = block_request (NVPTX_RPC_POLL, e, sizeof e);
  r.arg[0] = 8;
  rep = raw_call (&r);
  struct nvptx_rpc_pollfd got[8];
  memcpy (got, mb->window, sizeof got);
  CHECK_INT ("poll of odd entries: those with revents", rep.result, 5);
  CHECK ("poll of odd entries: negative fds skipped",
	 got[0].revents == 0 && got[4].revents == 0);
  CHECK ("poll of odd entries: fds past the table POLLNVAL",
	 got[1].revents == NVPTX_RPC_POLLNVAL
	 && got[2].revents == NVPTX_RPC_POLLNVAL
	 && got[6].revents == NVPTX_RPC_POLLNVAL);
  CHECK ("poll of odd entries: unknown event bits ignored",
	 (got[3].revents & ~NVPTX_RPC_POLL_EVENTS) == 0
	 && (got[3].revents & NVPTX_RPC_POLLOUT));
  CHECK ("poll of odd entries: the fds and events as they came",
	 got[2].fd == INT32_MAX && got[2].events == -1 && got[5].fd == 1);
  r.arg[0] = -1;
  expect_error ("poll of -1 entries: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[0] = INT64_MAX;
  expect_error ("poll of INT64_MAX entries: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[0] = NVPTX_RPC_POLL_MAX + 1;
  expect_error ("poll of more entries than a request holds: EINVAL", r,
		NVPTX_RPC_EINVAL);
  r.arg[0] = 9;
  expect_error ("poll of 9 entries, 8 sent: EPROTO", r, NVPTX_RPC_EPROTO);
  r.arg[0] = 2;
  r.data_length = r.length = 12;
  expect_error ("poll, a block not whole entries: EPROTO", r,
		NVPTX_RPC_EPROTO);
  r = request (NVPTX_RPC_POLL);
  rep = raw_call (&r);
  CHECK ("poll of no entries: 0", rep.result == 0 && rep.total == 0);

  /* The most a request holds, in pieces, and one entry more.  */
  static struct nvptx_rpc_pollfd all[NVPTX_RPC_POLL_MAX + 1];
  for (int i = 0; i <= NVPTX_RPC_POLL_MAX; i++)
    all[i] = (struct nvptx_rpc_pollfd) { i % 2 ? -1 : 1, NVPTX_RPC_POLLOUT,
					 0 };
  int64_t count[4] = { NVPTX_RPC_POLL_MAX };
  rep = send_block ("poll of NVPTX_RPC_POLL_MAX entries", NVPTX_RPC_POLL,
		    count, (const char *) all, sizeof all - sizeof *all);
  CHECK ("poll of NVPTX_RPC_POLL_MAX entries: half ready, all sent back",
	 rep.result == NVPTX_RPC_POLL_MAX / 2
	 && rep.total == NVPTX_RPC_ARG_MAX);
  count[0] = NVPTX_RPC_POLL_MAX + 1;
  size_t sent = 0;
  do
    {
      size_t n = sizeof all - sent < window ? sizeof all - sent : window;
      r = block_request (NVPTX_RPC_POLL, (const char *) all + sent, n);
      r.arg[0] = count[0];
      sent += n;
      r.flags = sent < sizeof all ? NVPTX_RPC_MORE_ARGS : 0;
      rep = raw_call (&r);
    }
  while (sent < sizeof all && rep.result != -1);
  check (rep.result == -1 && rep.error == NVPTX_RPC_EINVAL,
	 "poll, a block past the argument block's room: EINVAL",
	 "result %lld error %u", (long long) rep.result, rep.error);
  expect_alive ("after the statvfs, pathconf and poll requests");
}

/* The calls with a directory descriptor and flags, dup3, fchown, fchdir
   and mknodat: every argument that does not fit is refused before the
   call is made, a flag a call does not take with EINVAL.  */
static void
at_requests (void)
{
  int fd = open ("at-file", O_RDWR | O_CREAT | O_TRUNC, 0644);
  struct nvptx_rpc_timespec times[2] = { { 1, 0 }, { 2, 0 } };
  unsigned char block[64];
  struct nvptx_rpc_reply rep;
  struct raw r;

  CHECK ("open a file through the client", fd >= 0);
  r = request (NVPTX_RPC_DUP3);
  r.arg[0] = fd;
  r.arg[1] = fd + 1;
  r.arg[2] = NVPTX_RPC_O_APPEND;
  expect_error ("dup3, flag O_APPEND: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[2] = -1;
  expect_error ("dup3, flags -1: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[2] = 0;
  r.arg[1] = fd;
  expect_error ("dup3 onto itself: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[1] = NVPTX_RPC_FDS;
  expect_error ("dup3 past the table: EBADF", r, NVPTX_RPC_EBADF);
  r.arg[1] = (int64_t) 1 << 32;
  expect_error ("dup3 to 2^32: EBADF", r, NVPTX_RPC_EBADF);
  r.arg[0] = 99;
  r.arg[1] = 100;
  expect_error ("dup3 of fd 99: EBADF", r, NVPTX_RPC_EBADF);

  r = request (NVPTX_RPC_FCHOWN);
  r.arg[0] = fd;
  r.arg[1] = (int64_t) 1 << 32;
  r.arg[2] = -1;
  expect_error ("fchown, uid 2^32: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[1] = -1;
  r.arg[2] = -2;
  expect_error ("fchown, gid -2: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[0] = 99;
  r.arg[2] = -1;
  expect_error ("fchown of fd 99: EBADF", r, NVPTX_RPC_EBADF);

  r = path_request (NVPTX_RPC_FCHOWNAT, "at-file");
  r.arg[0] = NVPTX_RPC_AT_FDCWD;
  r.arg[1] = r.arg[2] = -1;
  r.arg[3] = NVPTX_RPC_AT_REMOVEDIR;
  expect_error ("fchownat, AT_REMOVEDIR: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[3] = (int64_t) 1 << 32;
  expect_error ("fchownat, flag 2^32: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[3] = 0;
  r.arg[1] = INT64_MIN;
  expect_error ("fchownat, uid INT64_MIN: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[1] = -1;
  r.arg[0] = -5;
  expect_error ("fchownat from dirfd -5: EBADF", r, NVPTX_RPC_EBADF);
  r.arg[0] = NVPTX_RPC_FDS;
  expect_error ("fchownat from a dirfd past the table: EBADF", r,
		NVPTX_RPC_EBADF);

  /* UTIMENSAT's block: the path, its NUL, exactly two timespecs.  */
  memcpy (block, "at-file", 8);
  memcpy (block + 8, times, sizeof times);
  r = block_request (NVPTX_RPC_UTIMENSAT, block, 8 + sizeof times);
  r.arg[0] = NVPTX_RPC_AT_FDCWD;
  rep = expect_result ("utimensat, well formed", r);
  CHECK_INT ("utimensat, well formed: 0", rep.result, 0);
  r.data_length = r.length = 8;
  expect_error ("utimensat, no times: EPROTO", r, NVPTX_RPC_EPROTO);
  r.data_length = r.length = 8 + sizeof times - 1;
  expect_error ("utimensat, a byte short: EPROTO", r, NVPTX_RPC_EPROTO);
  r.data_length = r.length = 7;
  expect_error ("utimensat, no NUL: EPROTO", r, NVPTX_RPC_EPROTO);
  r.data_length = r.length = 8 + sizeof times;
  static const int64_t bad_nsec[] = { 1000000000, -3, INT64_MIN };
  for (size_t i = 0; i < sizeof bad_nsec / sizeof *bad_nsec; i++)
    {
      times[1].nsec = bad_nsec[i];
      memcpy (block + 8, times, sizeof times);
      expect_error (name_of ("utimensat, nsec %lld: EINVAL",
			     (long long) bad_nsec[i]), r, NVPTX_RPC_EINVAL);
    }
  times[1].nsec = NVPTX_RPC_UTIME_OMIT;
  memcpy (block + 8, times, sizeof times);
  r.arg[1] = NVPTX_RPC_AT_REMOVEDIR;
  expect_error ("utimensat, AT_REMOVEDIR: EINVAL", r, NVPTX_RPC_EINVAL);
  memcpy (block, "", 1);
  memcpy (block + 1, times, sizeof times);
  r.data_length = r.length = 1 + sizeof times;
  r.arg[0] = 99;
  r.arg[1] = NVPTX_RPC_AT_EMPTY_PATH;
  expect_error ("futimens of fd 99: EBADF", r, NVPTX_RPC_EBADF);
  r.arg[0] = fd;
  rep = expect_result ("futimens, well formed", r);
  CHECK_INT ("futimens, well formed: 0", rep.result, 0);

  r = request (NVPTX_RPC_FCHDIR);
  r.arg[0] = 99;
  expect_error ("fchdir of fd 99: EBADF", r, NVPTX_RPC_EBADF);
  r.arg[0] = fd;
  expect_error ("fchdir of a file: ENOTDIR", r, NVPTX_RPC_ENOTDIR);

  static const struct
  {
    int64_t mode;
    uint32_t error;
  } nodes[] = {
    { NVPTX_RPC_S_IFCHR | 0600, NVPTX_RPC_EPERM },
    { NVPTX_RPC_S_IFBLK | 0600, NVPTX_RPC_EPERM },
    { NVPTX_RPC_S_IFSOCK | 0600, NVPTX_RPC_EPERM },
    { NVPTX_RPC_S_IFDIR | 0700, NVPTX_RPC_EPERM },
    { NVPTX_RPC_S_IFLNK | 0600, NVPTX_RPC_EINVAL },
    { NVPTX_RPC_S_IFMT | 0600, NVPTX_RPC_EINVAL },
    { NVPTX_RPC_S_IFIFO | 04600, NVPTX_RPC_EPERM },
    { -1, NVPTX_RPC_EINVAL },
  };
  for (size_t i = 0; i < sizeof nodes / sizeof *nodes; i++)
    {
      r = path_request (NVPTX_RPC_MKNODAT, "node");
      r.arg[0] = NVPTX_RPC_AT_FDCWD;
      r.arg[1] = nodes[i].mode;
      r.arg[2] = 0x103;
      expect_error (name_of ("mknodat, mode %#llo: %s",
			     (unsigned long long) nodes[i].mode,
			     nodes[i].error == NVPTX_RPC_EPERM ? "EPERM"
			     : "EINVAL"), r, nodes[i].error);
    }
  struct stat st;
  CHECK ("mknodat refused: no node", real_lstat ("node", &st) != 0);

  r = path_request (NVPTX_RPC_OPENAT, "at-file");
  r.arg[0] = 99;
  expect_error ("openat from fd 99: EBADF", r, NVPTX_RPC_EBADF);
  r = path_request (NVPTX_RPC_OPENAT, "/");
  r.arg[0] = 99;
  r.arg[1] = NVPTX_RPC_O_DIRECTORY;
  rep = expect_result ("openat of \"/\" from fd 99: the path is absolute", r);
  if (rep.result >= 0)
    CHECK_INT ("close it", close (rep.result), 0);

  r = path_request (NVPTX_RPC_FSTATAT, "at-file");
  r.arg[0] = NVPTX_RPC_AT_FDCWD;
  r.arg[1] = NVPTX_RPC_AT_REMOVEDIR;
  expect_error ("fstatat, AT_REMOVEDIR: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[1] = (int64_t) 1 << 40;
  expect_error ("fstatat, flag 2^40: EINVAL", r, NVPTX_RPC_EINVAL);
  r = path_request (NVPTX_RPC_FSTATAT, "");
  r.arg[0] = 99;
  r.arg[1] = NVPTX_RPC_AT_EMPTY_PATH;
  expect_error ("fstatat of fd 99, AT_EMPTY_PATH: EBADF", r,
		NVPTX_RPC_EBADF);

  r = path_request (NVPTX_RPC_UNLINKAT, "at-file");
  r.arg[0] = NVPTX_RPC_AT_FDCWD;
  r.arg[1] = NVPTX_RPC_AT_SYMLINK_NOFOLLOW;
  expect_error ("unlinkat, AT_SYMLINK_NOFOLLOW: EINVAL", r,
		NVPTX_RPC_EINVAL);
  r = path_request (NVPTX_RPC_FACCESSAT, "at-file");
  r.arg[0] = NVPTX_RPC_AT_FDCWD;
  r.arg[1] = 8;
  expect_error ("faccessat, mode 8: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[1] = 0;
  r.arg[2] = NVPTX_RPC_AT_REMOVEDIR;
  expect_error ("faccessat, AT_REMOVEDIR: EINVAL", r, NVPTX_RPC_EINVAL);
  r = path_request (NVPTX_RPC_FCHMODAT, "at-file");
  r.arg[0] = NVPTX_RPC_AT_FDCWD;
  r.arg[1] = 010644;
  CHECK ("fchmodat, mode 010644: the file type ignored, as Linux",
	 raw_call (&r).result == 0);
  r.arg[1] = (INT64_C (1) << 32) | 0644;
  expect_error ("fchmodat, mode 2^32 | 0644: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[1] = 0644;
  r.arg[2] = NVPTX_RPC_AT_EACCESS;
  expect_error ("fchmodat, AT_EACCESS: EINVAL", r, NVPTX_RPC_EINVAL);

  r = block_request (NVPTX_RPC_LINKAT, "at-file\0at-link", 16);
  r.arg[0] = r.arg[1] = NVPTX_RPC_AT_FDCWD;
  r.arg[2] = NVPTX_RPC_AT_EMPTY_PATH;
  expect_error ("linkat, AT_EMPTY_PATH: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[2] = NVPTX_RPC_AT_SYMLINK_NOFOLLOW;
  expect_error ("linkat, AT_SYMLINK_NOFOLLOW: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[2] = 0;
  r.arg[1] = -1;
  expect_error ("linkat to dirfd -1: EBADF", r, NVPTX_RPC_EBADF);
  r = block_request (NVPTX_RPC_RENAMEAT, "at-file\0at-other", 17);
  r.arg[0] = -1;
  r.arg[1] = NVPTX_RPC_AT_FDCWD;
  expect_error ("renameat from dirfd -1: EBADF", r, NVPTX_RPC_EBADF);
  r = path_request (NVPTX_RPC_RENAMEAT, "at-file");
  expect_error ("renameat, one path: EPROTO", r, NVPTX_RPC_EPROTO);
  r = path_request (NVPTX_RPC_SYMLINKAT, "at-file");
  expect_error ("symlinkat, one path: EPROTO", r, NVPTX_RPC_EPROTO);
  r = path_request (NVPTX_RPC_READLINKAT, "at-file");
  r.arg[0] = 99;
  expect_error ("readlinkat from fd 99: EBADF", r, NVPTX_RPC_EBADF);
  CHECK ("the refused calls made nothing",
	 real_lstat ("at-link", &st) != 0 && real_lstat ("at-other", &st) != 0);
  CHECK_INT ("close", close (fd), 0);
  expect_alive ("alive after the *at requests");
}

/* NVPTX_RPC_DIRECT requests: without the feature, refused; with it,
   READ and WRITE alone are served, the device range checked before any
   I/O, so that a refused request did nothing.  Device memory here is
   BUF, the range host-device.c reaches.  */
static void
direct_requests (void)
{
  static unsigned char buf[4096], want[3000];
  intptr_t at = (intptr_t) buf;
  struct nvptx_rpc_reply rep;
  struct raw r;
  int fd = open ("direct", O_RDWR | O_CREAT | O_TRUNC, 0644);

  CHECK ("open a file through the client", fd >= 0);
  if (!(mb->features & NVPTX_RPC_FEATURE_DIRECT))
    {
      CHECK_INT ("features: none offered", mb->features, 0);
      expect_error ("direct write, not offered: EINVAL",
		    direct_request (NVPTX_RPC_WRITE, fd, at, 100),
		    NVPTX_RPC_EINVAL);
      expect_error ("direct read, not offered: EINVAL",
		    direct_request (NVPTX_RPC_READ, fd, at, 100),
		    NVPTX_RPC_EINVAL);
      expect_error ("direct pwrite, not offered: EINVAL",
		    direct_request (NVPTX_RPC_PWRITE, fd, at, 100),
		    NVPTX_RPC_EINVAL);
      expect_error ("direct pread, not offered: EINVAL",
		    direct_request (NVPTX_RPC_PREAD, fd, at, 100),
		    NVPTX_RPC_EINVAL);
      expect_untouched ("not offered", fd, "direct", 0, 0);
      expect_alive ("alive after direct requests not offered");
      CHECK_INT ("close", close (fd), 0);
      return;
    }
  CHECK_INT ("features: DIRECT", mb->features, NVPTX_RPC_FEATURE_DIRECT);

  /* Well-formed: 3000 bytes out and back.  */
  host_device_memory (at, at + sizeof buf);
  pattern_fill (want, sizeof want, 9, 0);
  memcpy (buf, want, sizeof want);
  rep = expect_result ("direct write of 3000 bytes",
		       direct_request (NVPTX_RPC_WRITE, fd, at, 3000));
  CHECK_INT ("direct write of 3000 bytes: result", rep.result, 3000);
  CHECK_INT ("direct write of 3000 bytes: no window", rep.length, 0);
  CHECK_INT ("lseek back", lseek (fd, 0, SEEK_SET), 0);
  memset (buf, 0, sizeof buf);
  rep = expect_result ("direct read of 4096 from 3000",
		       direct_request (NVPTX_RPC_READ, fd, at, sizeof buf));
  CHECK_INT ("direct read of 4096 from 3000: result", rep.result, 3000);
  CHECK_INT ("direct read of 4096 from 3000: no window", rep.length, 0);
  check ((rep.flags & NVPTX_RPC_DONE) != 0,
	 "direct read of 4096 from 3000: DONE, short", "flags %#x", rep.flags);
  check_bytes ("direct read of 4096 from 3000: bytes", buf, want,
	       sizeof want);
  rep = expect_result ("direct read at EOF",
		       direct_request (NVPTX_RPC_READ, fd, at, sizeof buf));
  CHECK_INT ("direct read at EOF: 0", rep.result, 0);
  rep = expect_result ("direct write of 0 bytes",
		       direct_request (NVPTX_RPC_WRITE, fd, at, 0));
  CHECK_INT ("direct write of 0 bytes: 0", rep.result, 0);
  CHECK_INT ("lseek to 1000", lseek (fd, 1000, SEEK_SET), 1000);

  /* Refused before any I/O.  */
  static const struct
  {
    const char *name;
    bool in_buf;		/* ADDRESS is an offset from BUF.  */
    int64_t address, count;
    uint32_t error;
  } bad[] = {
    { "count -1", true, 0, -1, NVPTX_RPC_EINVAL },
    { "count INT64_MIN", true, 0, INT64_MIN, NVPTX_RPC_EINVAL },
    { "address 0", false, 0, 100, NVPTX_RPC_EFAULT },
    { "address 0, count 0", false, 0, 0, NVPTX_RPC_EFAULT },
    { "address 2^64-10, count 100 (wraps)", false, -10, 100,
      NVPTX_RPC_EFAULT },
    { "address 2^64-1, count 2 (wraps)", false, -1, 2, NVPTX_RPC_EFAULT },
    { "count INT64_MAX", true, 0, INT64_MAX, NVPTX_RPC_EFAULT },
    { "a byte more than the device's memory", true, 0, sizeof buf + 1,
      NVPTX_RPC_EFAULT },
    { "the byte before it", true, -1, 1, NVPTX_RPC_EFAULT },
    { "the byte after it", true, sizeof buf, 1, NVPTX_RPC_EFAULT },
  };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
    for (int writing = 0; writing <= 1; writing++)
      {
	const char *name = name_of ("direct %s, %s", writing ? "write" : "read",
				    bad[i].name);
	expect_error (name,
		      direct_request (writing ? NVPTX_RPC_WRITE
				      : NVPTX_RPC_READ, fd,
				      bad[i].address + (bad[i].in_buf ? at : 0),
				      bad[i].count),
		      bad[i].error);
	expect_untouched (name, fd, "direct", 1000, 3000);
      }
  host_device_memory (0, UINTPTR_MAX);

  /* Copies that fail after the range was accepted: EFAULT, nothing
     written, and the bytes a read took go back to the file.  */
  host_device_break (buf + 1000, 10);
  expect_error ("direct write, a copy fails: EFAULT",
		direct_request (NVPTX_RPC_WRITE, fd, at, sizeof buf),
		NVPTX_RPC_EFAULT);
  expect_untouched ("direct write, a copy fails", fd, "direct", 1000, 3000);
  expect_error ("direct read, a copy fails: EFAULT",
		direct_request (NVPTX_RPC_READ, fd, at, sizeof buf),
		NVPTX_RPC_EFAULT);
  expect_untouched ("direct read, a copy fails", fd, "direct", 1000, 3000);
  host_device_break (buf, 10);
  expect_error ("direct write, a copy does not start: EFAULT",
		direct_request (NVPTX_RPC_WRITE, fd, at, sizeof buf),
		NVPTX_RPC_EFAULT);
  expect_error ("direct read, a copy does not start: EFAULT",
		direct_request (NVPTX_RPC_READ, fd, at, sizeof buf),
		NVPTX_RPC_EFAULT);
  expect_untouched ("a copy does not start", fd, "direct", 1000, 3000);
  host_device_break (NULL, 0);

  /* PREAD and PWRITE: the offset first, then as READ and WRITE.  */
  for (int writing = 0; writing <= 1; writing++)
    {
      uint32_t opcode = writing ? NVPTX_RPC_PWRITE : NVPTX_RPC_PREAD;
      const char *name = writing ? "direct pwrite" : "direct pread";
      r = direct_request (opcode, fd, at, 100);
      r.arg[3] = -1;
      expect_error (name_of ("%s at -1: EINVAL", name), r, NVPTX_RPC_EINVAL);
      r.arg[3] = INT64_MAX - 99;
      expect_error (name_of ("%s of 100 at INT64_MAX - 99: EINVAL", name), r,
		    NVPTX_RPC_EINVAL);
      r.arg[3] = 0;
      r.arg[2] = 0;
      expect_error (name_of ("%s, address 0: EFAULT", name), r,
		    NVPTX_RPC_EFAULT);
      expect_untouched (name, fd, "direct", 1000, 3000);
    }
  memset (buf, 0, sizeof buf);
  rep = expect_result ("direct pread of 4096 at 0",
		       direct_request (NVPTX_RPC_PREAD, fd, at, sizeof buf));
  CHECK_INT ("direct pread of 4096 at 0: result", rep.result, 3000);
  check_bytes ("direct pread of 4096 at 0: bytes", buf, want, sizeof want);
  expect_untouched ("direct pread", fd, "direct", 1000, 3000);

  /* The descriptor is checked first.  */
  expect_error ("direct read, fd 99 and address 0: EBADF",
		direct_request (NVPTX_RPC_READ, 99, 0, 100), NVPTX_RPC_EBADF);
  expect_error ("direct write, fd -1: EBADF",
		direct_request (NVPTX_RPC_WRITE, -1, at, 100),
		NVPTX_RPC_EBADF);

  /* Other opcodes, other flags beside it, a window: EINVAL.  */
  static const uint32_t others[] = {
    NVPTX_RPC_CLOSE, NVPTX_RPC_LSEEK, NVPTX_RPC_FSTAT, NVPTX_RPC_FTRUNCATE,
    NVPTX_RPC_READDIR, NVPTX_RPC_GETPID, NVPTX_RPC_NOP,
  };
  for (size_t i = 0; i < sizeof others / sizeof *others; i++)
    expect_error (name_of ("DIRECT on opcode %u: EINVAL", others[i]),
		  direct_request (others[i], fd, at, 100), NVPTX_RPC_EINVAL);
  r = direct_request (NVPTX_RPC_READ, fd, at, 100);
  r.flags |= NVPTX_RPC_MORE_ARGS;
  expect_error ("DIRECT|MORE_ARGS: EINVAL", r, NVPTX_RPC_EINVAL);
  r.flags = NVPTX_RPC_DIRECT | NVPTX_RPC_REPLY_PIECE;
  expect_error ("DIRECT|REPLY_PIECE: EINVAL", r, NVPTX_RPC_EINVAL);
  r = direct_request (NVPTX_RPC_WRITE, fd, at, 100);
  r.data = "abc";
  r.data_length = r.length = 3;
  expect_error ("DIRECT write with window bytes: EINVAL", r,
		NVPTX_RPC_EINVAL);
  expect_untouched ("after the EINVALs", fd, "direct", 1000, 3000);
  expect_alive ("alive after direct requests");
  CHECK_INT ("close after all that", close (fd), 0);
}

static void
bad_requests (void)
{
  struct raw r;
  static const char dot[] = ".";

  /* Opcodes.  */
  expect_error ("opcode 999: ENOSYS", request (999), NVPTX_RPC_ENOSYS);
  expect_error ("opcode 0: ENOSYS", request (0), NVPTX_RPC_ENOSYS);
  expect_error ("opcode OPCODE_END: ENOSYS", request (NVPTX_RPC_OPCODE_END),
		NVPTX_RPC_ENOSYS);
  expect_error ("opcode 0xffffffff: ENOSYS", request (0xffffffffu),
		NVPTX_RPC_ENOSYS);

  /* Lengths and versions.  */
  r = request (NVPTX_RPC_WRITE);
  r.arg[0] = 1;
  r.length = window + 1;
  expect_error ("length window+1: EPROTO", r, NVPTX_RPC_EPROTO);
  r.length = 0xffffffffu;
  expect_error ("length 0xffffffff: EPROTO", r, NVPTX_RPC_EPROTO);
  r = path_request (NVPTX_RPC_STAT, dot);
  r.length = window + 1;
  expect_error ("stat, length window+1: EPROTO", r, NVPTX_RPC_EPROTO);
  r = path_request (NVPTX_RPC_STAT, dot);
  r.version = NVPTX_RPC_VERSION + 1;
  expect_error ("version+1: EPROTO", r, NVPTX_RPC_EPROTO);
  r.version = 0;
  expect_error ("version 0: EPROTO", r, NVPTX_RPC_EPROTO);
  expect_alive ("alive after bad versions");

  /* Descriptors never opened, out of range, or negative.  */
  static const int64_t bad_fds[] = { -1, 5, 127, 128, 100000,
				     INT64_MIN, (int64_t) 1 << 32 };
  /* Each with arguments that would be good for a good descriptor.  */
  static const struct
  {
    uint32_t opcode;
    const char *name;
    int64_t arg1;
  } fd_ops[] = {
    { NVPTX_RPC_READ, "read", 16 }, { NVPTX_RPC_WRITE, "write", 0 },
    { NVPTX_RPC_CLOSE, "close", 0 }, { NVPTX_RPC_FSTAT, "fstat", 0 },
    { NVPTX_RPC_LSEEK, "lseek", 0 }, { NVPTX_RPC_ISATTY, "isatty", 0 },
    { NVPTX_RPC_FCHMOD, "fchmod", 0644 },
    { NVPTX_RPC_FTRUNCATE, "ftruncate", 0 }, { NVPTX_RPC_FSYNC, "fsync", 0 },
    { NVPTX_RPC_DUP, "dup", 0 }, { NVPTX_RPC_DUP2, "dup2", 10 },
    { NVPTX_RPC_FCNTL, "fcntl", NVPTX_RPC_F_GETFD },
    { NVPTX_RPC_READDIR, "readdir", 2048 },
    { NVPTX_RPC_LOCK, "lock", NVPTX_RPC_LOCK_ARG (NVPTX_RPC_F_GETLK,
						   NVPTX_RPC_F_WRLCK, 0) },
    { NVPTX_RPC_FLOCK, "flock", NVPTX_RPC_LOCK_SH },
  };
  for (size_t o = 0; o < sizeof fd_ops / sizeof *fd_ops; o++)
    for (size_t f = 0; f < sizeof bad_fds / sizeof *bad_fds; f++)
      {
	r = request (fd_ops[o].opcode);
	r.arg[0] = bad_fds[f];
	r.arg[1] = fd_ops[o].arg1;
	if (fd_ops[o].opcode == NVPTX_RPC_WRITE)
	  r.data = "data", r.data_length = r.length = 4;
	expect_error (name_of ("%s fd %lld: EBADF", fd_ops[o].name,
			       (long long) bad_fds[f]), r, NVPTX_RPC_EBADF);
      }

  /* Arguments of a good descriptor: fd 1 is the host's, and stays so.  */
  int fd = open ("file", O_RDWR | O_CREAT | O_TRUNC, 0644);
  CHECK ("open a file through the client", fd >= 0);
  r = request (NVPTX_RPC_READ);
  r.arg[0] = fd;
  r.arg[1] = -1;
  expect_error ("read count -1: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[1] = INT64_MIN;
  expect_error ("read count INT64_MIN: EINVAL", r, NVPTX_RPC_EINVAL);
  r = request (NVPTX_RPC_LSEEK);
  r.arg[0] = fd;
  r.arg[2] = 7;
  expect_error ("lseek whence 7: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[2] = -1;
  expect_error ("lseek whence -1: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[2] = NVPTX_RPC_SEEK_SET;
  r.arg[1] = -5;
  expect_error ("lseek to -5: EINVAL", r, NVPTX_RPC_EINVAL);

  /* request.flags.  */
  r = path_request (NVPTX_RPC_STAT, dot);
  r.flags = NVPTX_RPC_DIRECT;
  expect_error ("flags DIRECT on stat: EINVAL", r, NVPTX_RPC_EINVAL);
  r.flags = 0x80000000u | NVPTX_RPC_MORE_ARGS;
  expect_error ("flags 0x80000001: EINVAL", r, NVPTX_RPC_EINVAL);
  expect_alive ("alive after bad flags");
  r = request (NVPTX_RPC_WRITE);
  r.arg[0] = fd;
  r.data = "abc";
  r.data_length = r.length = 3;
  r.flags = NVPTX_RPC_MORE_ARGS;
  expect_error ("write with MORE_ARGS: EINVAL", r, NVPTX_RPC_EINVAL);

  /* A write's bytes start at arg1 in the window: ending past it, EPROTO
     and nothing written; the window's last bytes, written.  */
  {
    int out = open ("offset-file", O_WRONLY | O_CREAT | O_TRUNC, 0644);
    CHECK ("write from arg1: open", out >= 0);
    r = request (NVPTX_RPC_WRITE);
    r.arg[0] = out;
    r.length = 3;
    r.arg[1] = window - 2;
    expect_error ("write ending a byte past the window: EPROTO", r,
		  NVPTX_RPC_EPROTO);
    r.arg[1] = -1;
    expect_error ("write from window byte -1: EPROTO", r, NVPTX_RPC_EPROTO);
    r.arg[1] = INT64_MIN;
    expect_error ("write from window byte INT64_MIN: EPROTO", r,
		  NVPTX_RPC_EPROTO);
    memcpy (mb->window + window - 3, "end", 3);
    r.arg[1] = window - 3;
    CHECK_INT ("write of the window's last 3 bytes", raw_call (&r).result, 3);
    CHECK_INT ("write from arg1: close", close (out), 0);
    file_has ("write from arg1: those bytes only", "offset-file", "end", 3);
  }

  /* Argument blocks.  */
  r = path_request (NVPTX_RPC_OPEN, "file");
  r.length = 4;			/* No NUL.  */
  expect_error ("open, path without NUL: EPROTO", r, NVPTX_RPC_EPROTO);
  r.length = 0;
  expect_error ("open, empty argument block: EPROTO", r, NVPTX_RPC_EPROTO);
  /* Two strings where one is due.  */
  r = path_request (NVPTX_RPC_UNLINK, "a\0b");
  r.data_length = r.length = 4;
  expect_error ("unlink, two strings: EPROTO", r, NVPTX_RPC_EPROTO);
  r = path_request (NVPTX_RPC_RENAME, "file");
  expect_error ("rename, one string: EPROTO", r, NVPTX_RPC_EPROTO);
  CHECK ("the file is still there", real_access ("file", F_OK) == 0);
  /* Bytes after the second string.  */
  r = path_request (NVPTX_RPC_RENAME, "file\0other\0x");
  r.data_length = r.length = 13;
  expect_error ("rename, trailing bytes: EPROTO", r, NVPTX_RPC_EPROTO);
  CHECK ("the file is still not renamed", real_access ("file", F_OK) == 0);
  expect_alive ("alive after bad argument blocks");

  /* Open flags.  */
  r = path_request (NVPTX_RPC_OPEN, "file");
  r.arg[0] = NVPTX_RPC_O_RDONLY | 0x4000;
  expect_error ("open flag 0x4000: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[0] = NVPTX_RPC_O_RDONLY | 0x80000000u;
  expect_error ("open flag 0x80000000: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[0] = NVPTX_RPC_O_ACCMODE;
  expect_error ("open access mode 3: EINVAL", r, NVPTX_RPC_EINVAL);
  /* Bits 32-63, with a known flag beside them.  */
  r.arg[0] = NVPTX_RPC_O_CREAT | NVPTX_RPC_O_WRONLY | (INT64_C (1) << 40);
  expect_error ("open flag 1 << 40 with O_CREAT: EINVAL", r,
		NVPTX_RPC_EINVAL);

  /* Mode bits beyond 07777, as stat gives a mode with its file type:
     ignored, as Linux ignores them.  */
  struct stat moded;
  mode_t mask = real_umask (0);
  real_umask (mask);
  r = path_request (NVPTX_RPC_OPEN, "mode-file");
  r.arg[0] = NVPTX_RPC_O_CREAT | NVPTX_RPC_O_WRONLY;
  r.arg[1] = 0100640;
  int64_t moded_fd = raw_call (&r).result;
  CHECK ("open mode 0100640: a file, mode 0640 less the umask",
	 moded_fd >= 0 && real_lstat ("mode-file", &moded) == 0
	 && S_ISREG (moded.st_mode)
	 && (moded.st_mode & 07777) == (0640 & ~mask));
  r = path_request (NVPTX_RPC_MKDIR, "mode-dir");
  r.arg[0] = 012755;
  CHECK ("mkdir mode 012755: a directory; set-group-ID dropped, as Linux",
	 raw_call (&r).result == 0 && real_lstat ("mode-dir", &moded) == 0
	 && S_ISDIR (moded.st_mode) && !(moded.st_mode & S_ISGID));
  r = path_request (NVPTX_RPC_CHMOD, "mode-file");
  r.arg[0] = 0100604;
  CHECK ("chmod mode 0100604: mode 0604",
	 raw_call (&r).result == 0 && real_lstat ("mode-file", &moded) == 0
	 && (moded.st_mode & 07777) == 0604);
  r = request (NVPTX_RPC_FCHMOD);
  r.arg[0] = moded_fd;
  r.arg[1] = 0200000 | 0600;
  CHECK ("fchmod mode 0200600: mode 0600",
	 raw_call (&r).result == 0 && real_lstat ("mode-file", &moded) == 0
	 && (moded.st_mode & 07777) == 0600);
  r = path_request (NVPTX_RPC_CHMOD, "mode-file");
  r.arg[0] = 0104755;
  expect_error ("chmod mode 0104755: set-user-ID, EPERM", r,
		NVPTX_RPC_EPERM);
  r = path_request (NVPTX_RPC_CHMOD, "file");
  r.arg[0] = -1;
  expect_error ("chmod mode -1: EINVAL", r, NVPTX_RPC_EINVAL);
  /* Cut to mode_t, 0644.  */
  r = path_request (NVPTX_RPC_CHMOD, "file");
  r.arg[0] = (INT64_C (1) << 32) | 0644;
  expect_error ("chmod mode 2^32 | 0644: EINVAL", r, NVPTX_RPC_EINVAL);

  /* Owners that uid_t or gid_t does not hold: EINVAL, where a cast would
     give another owner (2^32 is 0, root); -1 leaves either as it is.  */
  struct stat owned, now;
  bool root = real_geteuid () == 0;
  if (root)
    real_chown ("file", 1234, 1235);
  real_lstat ("file", &owned);
  static const struct
  {
    const char *name;
    int64_t uid, gid;
  } owners[] = {
    { "chown uid 2^32: EINVAL", INT64_C (1) << 32, -1 },
    { "chown gid 2^32: EINVAL", -1, INT64_C (1) << 32 },
    { "chown uid 2^32 + 1234: EINVAL", (INT64_C (1) << 32) + 1234, -1 },
    { "chown uid -2: EINVAL", -2, -1 },
    { "chown gid INT64_MIN: EINVAL", -1, INT64_MIN },
    { "chown uid INT64_MAX: EINVAL", INT64_MAX, -1 },
  };
  for (size_t i = 0; i < sizeof owners / sizeof *owners; i++)
    {
      r = path_request (NVPTX_RPC_CHOWN, "file");
      r.arg[0] = owners[i].uid;
      r.arg[1] = owners[i].gid;
      expect_error (owners[i].name, r, NVPTX_RPC_EINVAL);
    }
  r = path_request (NVPTX_RPC_CHOWN, "file");
  r.arg[0] = r.arg[1] = -1;
  CHECK_INT ("chown -1, -1: leaves both", raw_call (&r).result, 0);
  CHECK ("chown: the owner and group as they were",
	 real_lstat ("file", &now) == 0 && now.st_uid == owned.st_uid
	 && now.st_gid == owned.st_gid);
  r.arg[0] = owned.st_uid;
  r.arg[1] = root ? 4321 : (int64_t) owned.st_gid;
  CHECK_INT ("chown to the owner, a group", raw_call (&r).result, 0);
  CHECK ("chown: the group given",
	 real_lstat ("file", &now) == 0 && now.st_uid == owned.st_uid
	 && now.st_gid == (gid_t) r.arg[1]);

  /* Set-user-ID and set-group-ID: never; the sticky bit: yes.  */
  struct stat st;
  r = path_request (NVPTX_RPC_OPEN, "setuid-file");
  r.arg[0] = NVPTX_RPC_O_CREAT | NVPTX_RPC_O_WRONLY;
  r.arg[1] = 04755;
  expect_error ("open mode 04755: EPERM", r, NVPTX_RPC_EPERM);
  CHECK ("open mode 04755: no file made",
	 real_access ("setuid-file", F_OK) != 0);
  /* mkdir drops them, as Linux does.  */
  r = path_request (NVPTX_RPC_MKDIR, "setgid-dir");
  r.arg[0] = 06755;
  CHECK ("mkdir mode 06755: a directory without set-user/group-ID",
	 raw_call (&r).result == 0 && real_lstat ("setgid-dir", &st) == 0
	 && !(st.st_mode & (S_ISUID | S_ISGID)));
  r = path_request (NVPTX_RPC_CHMOD, "file");
  r.arg[0] = 06644;
  expect_error ("chmod mode 06644: EPERM", r, NVPTX_RPC_EPERM);
  CHECK ("chmod mode 06644: the mode unchanged, no set-ID bit",
	 real_lstat ("file", &st) == 0 && !(st.st_mode & 06000));
  r = request (NVPTX_RPC_FCHMOD);
  r.arg[0] = 1;
  r.arg[1] = 04700;
  expect_error ("fchmod mode 04700: EPERM", r, NVPTX_RPC_EPERM);
  r = path_request (NVPTX_RPC_MKDIR, "sticky-dir");
  r.arg[0] = 01777;
  CHECK_INT ("mkdir mode 01777: made", raw_call (&r).result, 0);
  CHECK ("mkdir mode 01777: sticky",
	 real_lstat ("sticky-dir", &st) == 0 && (st.st_mode & 01000));

  /* kill: only this process, only known signals.  */
  r = request (NVPTX_RPC_KILL);
  r.arg[0] = real_getpid () + 1;
  expect_error ("kill another pid: EPERM", r, NVPTX_RPC_EPERM);
  r.arg[0] = 1;
  expect_error ("kill pid 1: EPERM", r, NVPTX_RPC_EPERM);
  r.arg[0] = -1;
  expect_error ("kill pid -1: EPERM", r, NVPTX_RPC_EPERM);
  r.arg[0] = 0;
  expect_error ("kill pid 0 (the group): EPERM", r, NVPTX_RPC_EPERM);
  r.arg[0] = real_getpid ();
  r.arg[1] = 99;
  expect_error ("kill signal 99: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[1] = -1;
  expect_error ("kill signal -1: EINVAL", r, NVPTX_RPC_EINVAL);
  r.arg[1] = 0;
  struct nvptx_rpc_reply rep = raw_call (&r);
  CHECK_INT ("kill self, signal 0: 0", rep.result, 0);

  new_calls (fd);

  /* An argument block longer than NVPTX_RPC_ARG_MAX, in pieces: the pieces
     are taken, the call refused, and the next request starts afresh.  */
  size_t long_length = NVPTX_RPC_ARG_MAX + 1 + window;
  char *block = malloc (long_length);
  memset (block, 'a', long_length);
  block[long_length - 1] = '\0';
  rep = send_block ("path of ARG_MAX+window+1", NVPTX_RPC_STAT, NULL, block,
		    long_length);
  check (rep.result == -1 && rep.error == NVPTX_RPC_ENAMETOOLONG,
	 "path of ARG_MAX+window+1: ENAMETOOLONG",
	 "result %lld error %u", (long long) rep.result, rep.error);
  expect_alive ("alive after an overlong path");
  /* One byte over: "old\0new\0" of ARG_MAX + 1 bytes.  */
  memset (block, 'b', NVPTX_RPC_ARG_MAX + 1);
  block[NVPTX_RPC_ARG_MAX / 2] = '\0';
  block[NVPTX_RPC_ARG_MAX] = '\0';
  rep = send_block ("rename block of ARG_MAX+1", NVPTX_RPC_RENAME, NULL,
		    block, NVPTX_RPC_ARG_MAX + 1);
  check (rep.result == -1 && rep.error == NVPTX_RPC_ENAMETOOLONG,
	 "rename block of ARG_MAX+1: ENAMETOOLONG",
	 "result %lld error %u", (long long) rep.result, rep.error);
  expect_alive ("alive after an overlong rename");
  free (block);

  /* A sequence of pieces broken off by an error reply leaves nothing
     staged: the next one-piece request is served on its own.  */
  r = path_request (NVPTX_RPC_STAT, "garbage/");
  r.length = 8;
  r.flags = NVPTX_RPC_MORE_ARGS;
  rep = raw_call (&r);
  CHECK_INT ("a first piece is taken", rep.result, 0);
  r.flags = 0x40;
  expect_error ("then a piece with bad flags: EINVAL", r, NVPTX_RPC_EINVAL);
  expect_alive ("then a whole request, served alone (bad flags)");
  r.flags = NVPTX_RPC_MORE_ARGS;
  raw_call (&r);
  r.version = 77;
  expect_error ("a piece with a bad version: EPROTO", r, NVPTX_RPC_EPROTO);
  expect_alive ("then a whole request, served alone (bad version)");
  r.version = NVPTX_RPC_VERSION;
  raw_call (&r);
  r.length = window + 1;
  expect_error ("a piece too long: EPROTO", r, NVPTX_RPC_EPROTO);
  expect_alive ("then a whole request, served alone (long piece)");
  r = path_request (NVPTX_RPC_STAT, "garbage/");
  r.length = 8;
  r.flags = NVPTX_RPC_MORE_ARGS;
  raw_call (&r);
  expect_error ("a piece of an unknown opcode: ENOSYS", request (999),
		NVPTX_RPC_ENOSYS);
  expect_alive ("then a whole request, served alone (bad opcode)");
  r = path_request (NVPTX_RPC_STAT, "garbage/");
  r.length = 8;
  r.flags = NVPTX_RPC_MORE_ARGS;
  raw_call (&r);
  expect_error ("pieces of stat, then unlink: EPROTO",
		path_request (NVPTX_RPC_UNLINK, "x"), NVPTX_RPC_EPROTO);
  expect_alive ("then a whole request, served alone (other opcode)");

  CHECK_INT ("every reply's length fits the window", replies_too_long, 0);

  /* The file is intact and usable through the client.  */
  CHECK_INT ("client write after all that", write (fd, "xyz", 3), 3);
  CHECK_INT ("client close after all that", close (fd), 0);
  CHECK_ERRNO ("client close again: EBADF", close (fd), EBADF);
}

int
main (void)
{

  harness_begin ("test-malformed");
  size_t nruns;
  const struct harness_run *runs = harness_runs (&nruns);
  for (size_t w = 0; w < nruns; w++)
    {
      /* The trace has to print malformed requests too.  */
      FILE *trace = tmpfile ();
      window = runs[w].window;
      pieces_taken = 0;
      replies_too_long = 0;
      run_begin (&runs[w], trace);
      mb = (struct nvptx_rpc_mailbox *) (uintptr_t) __nvptx_rpc_link.mailbox;
      CHECK_INT ("mailbox magic", mb->magic, NVPTX_RPC_MAGIC);
      CHECK_INT ("mailbox version", mb->version, NVPTX_RPC_VERSION);
      CHECK_INT ("mailbox window_size", mb->window_size, window);
      bad_requests ();
      reply_pieces ();
      format_requests ();
      positioned_requests ();
      at_requests ();
      host_info_requests ();
      tty_requests ();
      fsinfo_requests ();

      /* A normal round trip through the client: nothing was lost.  */
      int fd = open ("after", O_WRONLY | O_CREAT | O_TRUNC, 0644);
      CHECK ("client open after all that", fd >= 0);
      CHECK_INT ("client write", write (fd, "hello, world\n", 13), 13);
      CHECK_INT ("client close", close (fd), 0);
      file_has ("host reads what the client wrote", "after",
		"hello, world\n", 13);
      size_t len = 0;
      unsigned char *back = slurp ("file", &len);
      CHECK_INT ("the file has what the client wrote", len, 3);
      free (back);
      /* Every request but the pieces taken ended a call, with a reply the
	 program sees: the trace has a line for each (rpc-server.h: "each
	 completed call is printed"), errors on a MORE_ARGS piece included.
	 The client's own calls here are all of one piece.  */
      int calls = mb->request_seq - pieces_taken;
      run_end ();

      int lines = 0, ch;
      rewind (trace);
      while ((ch = fgetc (trace)) != EOF)
	lines += ch == '\n';
      check (lines == calls, name_of ("w%u%s/trace: a line for each call",
				      window, runs[w].direct ? "-direct" : ""),
	     "%d lines for %d calls (an error reply to a MORE_ARGS piece "
	     "ends the call too)", lines, calls);
      fclose (trace);
    }
  compare_runs ("results");

  /* DIRECT, whose answers depend on whether the server offers it: the
     runs of each kind alike.  */
  for (int offered = 0; offered <= 1; offered++)
    {
      for (size_t w = 0; w < nruns; w++)
	if (runs[w].direct == offered)
	  {
	    window = runs[w].window;
	    run_begin (&runs[w], NULL);
	    mb = (struct nvptx_rpc_mailbox *) (uintptr_t)
		 __nvptx_rpc_link.mailbox;
	    direct_requests ();
	    run_end ();
	  }
      compare_runs (offered ? "direct requests" : "direct requests, "
		    "not offered");
    }
  return harness_end ();
}
