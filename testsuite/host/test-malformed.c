/* Malformed and hostile requests, written straight into the mailbox as a
   broken or malicious GPU program could, against the real server: each
   gets an error reply, the server stays up, and a well-formed request
   right after is served as if nothing had happened.  */

#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

static struct nvptx_rpc_mailbox *mb;
static uint32_t window;
/* MORE_ARGS pieces the server took (not a call of their own, no trace).  */
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
  while (__atomic_load_n (&mb->reply_seq, __ATOMIC_ACQUIRE) != seq)
    sched_yield ();
  rep = mb->reply;
  /* Fixed-size replies (a stat) may use the whole window area.  */
  if (rep.length > (window > NVPTX_RPC_REPLY_MAX ? window : NVPTX_RPC_REPLY_MAX))
    replies_too_long++;
  if ((r->flags & NVPTX_RPC_MORE_ARGS) && rep.result != -1)
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
  static const struct { uint32_t opcode; const char *name; } fd_ops[] = {
    { NVPTX_RPC_READ, "read" }, { NVPTX_RPC_WRITE, "write" },
    { NVPTX_RPC_CLOSE, "close" }, { NVPTX_RPC_FSTAT, "fstat" },
    { NVPTX_RPC_LSEEK, "lseek" }, { NVPTX_RPC_ISATTY, "isatty" },
  };
  for (size_t o = 0; o < sizeof fd_ops / sizeof *fd_ops; o++)
    for (size_t f = 0; f < sizeof bad_fds / sizeof *bad_fds; f++)
      {
	r = request (fd_ops[o].opcode);
	r.arg[0] = bad_fds[f];
	r.arg[1] = fd_ops[o].opcode == NVPTX_RPC_READ ? 16 : 0;
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
  r.flags = 4;
  expect_error ("flags 4: EINVAL", r, NVPTX_RPC_EINVAL);
  r.flags = 0x80000000u | NVPTX_RPC_MORE_ARGS;
  expect_error ("flags 0x80000001: EINVAL", r, NVPTX_RPC_EINVAL);
  expect_alive ("alive after bad flags");
  r = request (NVPTX_RPC_WRITE);
  r.arg[0] = fd;
  r.data = "abc";
  r.data_length = r.length = 3;
  r.flags = NVPTX_RPC_MORE_ARGS;
  expect_error ("write with MORE_ARGS: EINVAL", r, NVPTX_RPC_EINVAL);

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
  r.flags = 4;
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
  size_t nwindows;
  const uint32_t *windows = harness_windows (&nwindows);
  for (size_t w = 0; w < nwindows; w++)
    {
      /* The trace has to print malformed requests too.  */
      FILE *trace = tmpfile ();
      window = windows[w];
      pieces_taken = 0;
      replies_too_long = 0;
      run_begin (window, trace);
      mb = (struct nvptx_rpc_mailbox *) (uintptr_t) __nvptx_rpc_link.mailbox;
      CHECK_INT ("mailbox magic", mb->magic, NVPTX_RPC_MAGIC);
      CHECK_INT ("mailbox version", mb->version, NVPTX_RPC_VERSION);
      CHECK_INT ("mailbox window_size", mb->window_size, window);
      bad_requests ();

      /* A normal round trip through the client: nothing was lost.  */
      int fd = open ("after", O_WRONLY | O_CREAT | O_TRUNC, 0644);
      CHECK ("client open after all that", fd >= 0);
      CHECK_INT ("client write", write (fd, "hello, world\n", 13), 13);
      CHECK_INT ("client close", close (fd), 0);
      size_t len = 0;
      unsigned char *back = slurp ("after", &len);
      CHECK_INT ("host reads what the client wrote", len, 13);
      if (back && len == 13)
	check_bytes ("the bytes", back, "hello, world\n", 13);
      free (back);
      len = 0;
      back = slurp ("file", &len);
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
      check (lines == calls, name_of ("w%u/trace: a line for each call",
				      window),
	     "%d lines for %d calls (an error reply to a MORE_ARGS piece "
	     "ends the call too)", lines, calls);
      fclose (trace);
    }
  compare_runs ("results");
  return harness_end ();
}
