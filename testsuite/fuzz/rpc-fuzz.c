/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* libFuzzer target for the nvptx-rpc server (rpc-server.c).

   An input plays the GPU program's side of the protocol: a window size,
   then requests, each served by rpc_server_poll on ordinary memory, with
   the protocol's promises checked after each one (abort on a violation).
   The layout, so that every opcode, flag and argument is a few bytes away:

     byte 0      window size, NVPTX_RPC_WINDOW_MIN + 16 * (byte % 253):
		 64 to 4096, a multiple of 8 as the launcher's are
     then requests, to the end of the input:
       byte      opcode, modulo NVPTX_RPC_OPCODE_END + 1 (the last value is
		 no opcode at all)
       byte      bit 0 NVPTX_RPC_MORE_ARGS, bit 1 NVPTX_RPC_REPLY_PIECE,
		 bit 2 NVPTX_RPC_DIRECT, bit 3 a wrong protocol version
       byte      how arg0..arg3 follow, 2 bits each from bit 0: 0 zero,
		 1 int8, 2 int32, 3 int64 (little-endian, sign-extended)
       2 bytes   request.length, little-endian
       ...       the arguments, as encoded
       ...       window bytes: request.length of them, at most the window
		 size and what is left of the input; the rest of the window
		 keeps what the last reply left there

   The server makes real host calls, so requests that could reach outside
   a private scratch directory are not sent (see unsafe below).  It
   copies by DMA from and to a fake device, DEVICE_SIZE bytes of memory
   (host-device.c): a request with NVPTX_RPC_DIRECT gives arg2 as an
   offset into it.  */

#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <sanitizer/asan_interface.h>

#include "host-device.h"
#include "rpc-server.h"

#define WINDOW_LIMIT 4096
/* Bytes after the mailbox that the server must never touch.  */
#define GUARD_SIZE 64
#define GUARD_BYTE 0xa5
/* Host descriptors checked for leaks: well above the most the server can
   hold (128 guest descriptors, each with a DIR's duplicate).  */
#define FD_PROBE 512
/* The fake device's memory, and its staging buffers: small, odd-sized,
   so that a direct transfer takes several.  */
#define DEVICE_SIZE 8192
#define DEVICE_STAGING 1000

#define CHECK(cond) \
  ((cond) ? (void) 0 \
   : (fprintf (stderr, "rpc-fuzz: %s:%d: check failed: %s\n", \
	       __FILE__, __LINE__, #cond), abort ()))

static const char *const traces[NVPTX_RPC_OPCODE_END] = {
#define OP(op, name, trace) [NVPTX_RPC_##op] = trace,
  NVPTX_RPC_OPCODES (OP)
#undef OP
};

static int scratch_fd;		/* The scratch directory, every input's cwd.  */
static int home_fd;		/* libFuzzer's, between inputs.  */
static char scratch_path[PATH_MAX];
static mode_t saved_umask;
static FILE *trace;
static char **fuzzer_args;	/* libFuzzer's, reachable for LeakSanitizer.  */
static unsigned char device[DEVICE_SIZE], device_before[DEVICE_SIZE];

/* The argument block the server is assembling, mirrored from what it
   accepted, so that a call is checked with every piece of its paths.  */
static char shadow_args[NVPTX_RPC_ARG_MAX];
static size_t shadow_length;
static bool shadow_overflow;

/* Remove everything in the current directory, depth first through
   chdir, so that no descriptor is held per level of a deep tree.  */
static void
empty_cwd (void)
{
  for (;;)
    {
      DIR *d = opendir (".");
      struct dirent *e;
      char sub[NAME_MAX + 1] = "";

      CHECK (d != NULL);
      while ((e = readdir (d)) != NULL)
	{
	  if (strcmp (e->d_name, ".") == 0 || strcmp (e->d_name, "..") == 0
	      || unlinkat (dirfd (d), e->d_name, 0) == 0)
	    continue;
	  CHECK (errno == EISDIR);
	  strcpy (sub, e->d_name);
	  break;
	}
      closedir (d);
      if (sub[0] == '\0')
	return;
      /* A program's chmod may have closed it to us.  */
      chmod (sub, 0700);
      CHECK (chdir (sub) == 0);
      empty_cwd ();
      CHECK (chdir ("..") == 0);
      CHECK (rmdir (sub) == 0);
    }
}

static void
remove_scratch (void)
{
  if (fchdir (scratch_fd) == 0 && fchmod (scratch_fd, 0700) == 0)
    {
      empty_cwd ();
      if (fchdir (home_fd) == 0)
	rmdir (scratch_path);
    }
}

/* A path the server may be given: relative and without a ".." component.
   Then it, and a symlink made with it as the target, resolves inside the
   directory it is used from, which is always inside the scratch one.  */
static bool
safe_path (const char *p, size_t length)
{
  if (length > 0 && p[0] == '/')
    return false;
  for (size_t i = 0; i <= length;)
    {
      const char *slash = memchr (p + i, '/', length - i);
      size_t end = slash ? (size_t) (slash - p) : length;
      if (end - i == 2 && p[i] == '.' && p[i + 1] == '.')
	return false;
      i = end + 1;
    }
  return true;
}

/* Whether serving REQ, whose window is WINDOW, could reach outside the
   scratch directory or disturb this process.  */
static bool
unsafe (const struct nvptx_rpc_request *req, const unsigned char *window,
	uint32_t window_size)
{
  int64_t fd = req->arg[0];

  switch (req->opcode)
    {
    case NVPTX_RPC_KILL:
      /* The server signals only itself, so only this check keeps the
	 fuzzer alive; signal 0 and bad ones never reach kill.  */
      return req->arg[0] == getpid () && req->arg[1] > 0
	     && req->arg[1] < NVPTX_RPC_SIGNAL_END;
    case NVPTX_RPC_READ: case NVPTX_RPC_WRITE: case NVPTX_RPC_LSEEK:
    case NVPTX_RPC_FCHMOD: case NVPTX_RPC_FTRUNCATE: case NVPTX_RPC_FSYNC:
    case NVPTX_RPC_DUP: case NVPTX_RPC_DUP2: case NVPTX_RPC_FCNTL:
    case NVPTX_RPC_READDIR:
      /* Guest 0, 1 and 2 are libFuzzer's own stdin, stdout and stderr
	 (its log, a terminal, /dev/null): the program may look at them
	 and close them (which leaves them open), nothing more.  A copy
	 made by DUP would escape this check, so DUP is refused too.  */
      return fd >= 0 && fd <= STDERR_FILENO;
    }
  if (req->opcode >= NVPTX_RPC_OPCODE_END || traces[req->opcode] == NULL
      || strchr (traces[req->opcode], 's') == NULL
      || (req->flags & NVPTX_RPC_MORE_ARGS))
    return false;

  /* The call runs now with the block so far and this last piece: check
     each of its strings.  An overflowing block is refused by the server.  */
  size_t piece = req->length < window_size ? req->length : window_size;
  if (shadow_overflow || piece > sizeof shadow_args - shadow_length)
    return false;
  char block[NVPTX_RPC_ARG_MAX];
  size_t length = shadow_length + piece;
  memcpy (block, shadow_args, shadow_length);
  memcpy (block + shadow_length, window, piece);
  for (size_t pos = 0; pos < length;)
    {
      size_t n = strnlen (block + pos, length - pos);
      if (!safe_path (block + pos, n))
	return true;
      pos += n + 1;
    }
  return false;
}

/* After the server answered REQ, whose window held PIECE before the
   reply replaced it: the argument block as the server now holds it.  It
   stages a piece exactly when a MORE_ARGS request does not fail.  */
static void
update_shadow (const struct nvptx_rpc_request *req,
	       const struct nvptx_rpc_reply *rep, const unsigned char *piece)
{
  if (!(req->flags & NVPTX_RPC_MORE_ARGS) || rep->result == -1)
    {
      shadow_length = 0;
      shadow_overflow = false;
    }
  else if (req->length > sizeof shadow_args - shadow_length)
    shadow_overflow = true;
  else
    {
      memcpy (shadow_args + shadow_length, piece, req->length);
      shadow_length += req->length;
    }
}

static bool
guard_intact (const unsigned char *guard)
{
  bool intact = true;

  ASAN_UNPOISON_MEMORY_REGION (guard, GUARD_SIZE);
  for (int i = 0; i < GUARD_SIZE; i++)
    intact &= guard[i] == GUARD_BYTE;
  ASAN_POISON_MEMORY_REGION (guard, GUARD_SIZE);
  return intact;
}

/* Take N bytes from the input, or return NULL when it has fewer left.  */
static const uint8_t *
take (const uint8_t **data, size_t *size, size_t n)
{
  const uint8_t *p = *data;

  if (*size < n)
    return NULL;
  *data += n;
  *size -= n;
  return p;
}

/* One argument, encoded as ENCODING says (see the top of the file).  */
static bool
take_arg (const uint8_t **data, size_t *size, int encoding, int64_t *arg)
{
  static const size_t widths[] = { 0, 1, 4, 8 };
  const uint8_t *p = take (data, size, widths[encoding]);
  uint64_t v = 0;

  if (p == NULL)
    return false;
  for (size_t i = widths[encoding]; i-- > 0;)
    v = v << 8 | p[i];
  switch (encoding)
    {
    case 0: *arg = 0; break;
    case 1: *arg = (int8_t) v; break;
    case 2: *arg = (int32_t) v; break;
    default: *arg = (int64_t) v; break;
    }
  return true;
}

/* The open descriptors among the first FD_PROBE, as a bitmap.  */
static void
open_fds (unsigned char open[FD_PROBE / 8])
{
  memset (open, 0, FD_PROBE / 8);
  for (int fd = 0; fd < FD_PROBE; fd++)
    if (fcntl (fd, F_GETFD) >= 0)
      open[fd / 8] |= 1 << fd % 8;
}

/* PATH made absolute from CWD, if it is not; FLAG its leading bytes.  */
static char *
absolute (const char *path, size_t flag, const char *cwd)
{
  char *a;

  if (path[flag] == '/')
    return (char *) path;
  CHECK (asprintf (&a, "%.*s%s/%s", (int) flag, path, cwd, path + flag) > 0);
  return a;
}

/* Each input runs in the scratch directory, where libFuzzer would write
   its crash files: make the paths of the flags that name where it writes
   absolute, and give it the default one, the current directory.  */
static void
absolute_args (int *argc, char ***argv, const char *cwd)
{
  static const char *const path_flags[] = {
    "-artifact_prefix=", "-exact_artifact_path=",
  };
  char **args = calloc (*argc + 2, sizeof *args);
  int n = 0;

  CHECK (args != NULL);
  args[n++] = (*argv)[0];
  args[n++] = absolute ("-artifact_prefix=", 17, cwd);
  for (int i = 1; i < *argc; i++)
    {
      const char *arg = (*argv)[i];
      size_t flag = 0;

      for (size_t f = 0; f < sizeof path_flags / sizeof *path_flags; f++)
	if (strncmp (arg, path_flags[f], strlen (path_flags[f])) == 0)
	  flag = strlen (path_flags[f]);
      /* The last -artifact_prefix wins, the one above if there is none.  */
      args[n++] = flag ? absolute (arg, flag, cwd) : (char *) arg;
    }
  fuzzer_args = args;
  *argc = n;
  *argv = args;
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  const char *tmpdir = getenv ("TMPDIR");
  char cwd[PATH_MAX];
  int null_fd;

  CHECK (getcwd (cwd, sizeof cwd) != NULL);
  absolute_args (argc, argv, cwd);
  snprintf (scratch_path, sizeof scratch_path, "%s/rpc-fuzz.XXXXXX",
	    tmpdir && *tmpdir ? tmpdir : "/tmp");
  CHECK (mkdtemp (scratch_path) != NULL);
  CHECK ((scratch_fd = open (scratch_path, O_RDONLY | O_DIRECTORY
					   | O_CLOEXEC)) >= 0);
  CHECK ((home_fd = open (".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)) >= 0);
  atexit (remove_scratch);
  /* A READ of guest 0 would wait for a terminal.  */
  CHECK ((null_fd = open ("/dev/null", O_RDONLY)) >= 0);
  if (null_fd != STDIN_FILENO)
    {
      CHECK (dup2 (null_fd, STDIN_FILENO) == STDIN_FILENO);
      close (null_fd);
    }
  /* The trace is server code too: print it, nowhere.  */
  CHECK ((trace = fopen ("/dev/null", "w")) != NULL);
  saved_umask = umask (022);
  umask (saved_umask);
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  unsigned char fds_before[FD_PROBE / 8], fds_after[FD_PROBE / 8];
  static unsigned char piece[WINDOW_LIMIT];
  const uint8_t *p;

  if ((p = take (&data, &size, 1)) == NULL)
    return 0;
  uint32_t window_size = NVPTX_RPC_WINDOW_MIN
    + 16 * (*p % ((WINDOW_LIMIT - NVPTX_RPC_WINDOW_MIN) / 16 + 1));
  size_t mailbox_size = NVPTX_RPC_MAILBOX_SIZE (window_size);
  struct nvptx_rpc_mailbox *mb = malloc (mailbox_size + GUARD_SIZE);
  unsigned char *guard = (unsigned char *) mb + mailbox_size;
  size_t reply_max = window_size > NVPTX_RPC_REPLY_MAX
		     ? window_size : NVPTX_RPC_REPLY_MAX;

  CHECK (mb != NULL);
  CHECK (fchdir (scratch_fd) == 0);
  memset (guard, GUARD_BYTE, GUARD_SIZE);
  ASAN_POISON_MEMORY_REGION (guard, GUARD_SIZE);
  open_fds (fds_before);
  memset (device, 0, sizeof device);
  const struct rpc_device_copy *copy = host_device_begin (DEVICE_STAGING);
  host_device_memory ((uintptr_t) device, (uintptr_t) device + DEVICE_SIZE);
  struct rpc_server *server = rpc_server_new (mb, window_size, trace, copy);
  CHECK (server != NULL);
  shadow_length = 0;
  shadow_overflow = false;

  const uint8_t *head;
  while ((head = take (&data, &size, 5)) != NULL)
    {
      struct nvptx_rpc_request req = {
	.version = head[1] & 8 ? NVPTX_RPC_VERSION + 1 : NVPTX_RPC_VERSION,
	.opcode = head[0] % (NVPTX_RPC_OPCODE_END + 1),
	.flags = head[1] & 7,
	.length = head[3] | head[4] << 8,
      };
      bool complete = true;
      for (int i = 0; i < 4; i++)
	complete &= take_arg (&data, &size, head[2] >> 2 * i & 3,
			      &req.arg[i]);
      if (!complete)
	break;
      size_t used = req.length < window_size ? req.length : window_size;
      size_t n = used < size ? used : size;
      memcpy (mb->window, take (&data, &size, n), n);
      if (unsafe (&req, mb->window, window_size))
	continue;
      if (req.flags & NVPTX_RPC_DIRECT)
	req.arg[2] = (int64_t) ((uint64_t) req.arg[2] + (uintptr_t) device);
      memcpy (device_before, device, sizeof device);
      /* What the server may stage, before its reply overwrites it.  */
      memcpy (piece, mb->window, used);

      mb->request = req;
      uint32_t seq = mb->request_seq + 1;
      __atomic_store_n (&mb->request_seq, seq, __ATOMIC_RELEASE);
      CHECK (rpc_server_poll (server));

      const struct nvptx_rpc_reply *rep = &mb->reply;
      CHECK (mb->reply.seq == seq && mb->request_seq == seq);
      CHECK (mb->magic == NVPTX_RPC_MAGIC
	     && mb->version == NVPTX_RPC_VERSION
	     && mb->window_size == window_size);
      CHECK (memcmp (&mb->request, &req, sizeof req) == 0);
      CHECK (rep->length <= reply_max);
      CHECK (rep->result != -1
	     || (rep->error > NVPTX_RPC_ERRNO_NONE
		 && rep->error < NVPTX_RPC_ERRNO_END
		 && (rep->flags & NVPTX_RPC_DONE)));
      CHECK (guard_intact (guard));
      /* The device changes only where a direct read put its bytes, and
	 every copy was made as rpc-server.h says.  */
      for (size_t i = 0; i < sizeof device; i++)
	CHECK (device[i] == device_before[i]
	       || (req.flags == NVPTX_RPC_DIRECT
		   && req.opcode == NVPTX_RPC_READ && rep->result > 0
		   && (uintptr_t) &device[i] - (uint64_t) req.arg[2]
		      < (uint64_t) rep->result));
      CHECK (host_device_stats ().misuses == 0);
      /* One request, one reply.  */
      CHECK (!rpc_server_poll (server));
      update_shadow (&req, rep, piece);
    }

  rpc_server_free (server);
  host_device_end ();
  ASAN_UNPOISON_MEMORY_REGION (guard, GUARD_SIZE);
  free (mb);
  /* Undo what the program did to the process and its directory.  */
  umask (saved_umask);
  CHECK (fchdir (scratch_fd) == 0 && fchmod (scratch_fd, 0700) == 0);
  empty_cwd ();
  /* rpc_server_free closes every descriptor the server opened.  */
  open_fds (fds_after);
  CHECK (memcmp (fds_before, fds_after, sizeof fds_before) == 0);
  CHECK (fchdir (home_fd) == 0);
  return 0;
}
