/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* libFuzzer target for the nvptx-rpc server (nvptx-tools-run-patch/server/).

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
   offset into it.

   Built with RPC_FUZZ_CONFINED (rpc-fuzz-confined), the server is
   confined to the sandbox box/ of the scratch directory, as --sandbox
   confines it, and the input starts with one more byte, whose bit 0 adds
   --read-only.  Before it is confined, it opens for the program, as
   guest 3 and 4, a file beside the sandbox (handed.txt, read-only) and
   /proc/cpuinfo; decoy/ beside it holds files with a secret drawn at
   start.  Paths are sent as they come, absolute ones and `..' included,
   a string's leading '@' standing for the scratch directory's host
   path, which the seeds cannot know; only those that could reach past
   the scratch directory if the sandbox failed are not sent.  After each
   reply the oracle fails on: any change outside the sandbox (and under
   --read-only in it), /dev/null's or /proc/cpuinfo's attributes changed,
   a descriptor on a file outside but for those handed over and
   /dev/null, a file of procfs open for writing, and the secret in a
   reply when the input does not hold it.

   RPC_FUZZ_WRITE_SEEDS=DIR rpc-fuzz-confined writes its seeds, the
   escape attempts of testsuite/host/test-sandbox.c, into DIR and exits
   (testsuite/fuzz/corpus-confined).  */

#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include <linux/magic.h>
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

#ifdef RPC_FUZZ_CONFINED
# define CONFINED true
#else
# define CONFINED false
#endif

static int scratch_fd;		/* Every input's cwd: the scratch
				   directory, or confined its box/.  */
static int top_fd;		/* The scratch directory.  */
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
  if (fchdir (top_fd) == 0 && fchmod (scratch_fd, 0700) == 0)
    {
      empty_cwd ();
      if (fchdir (home_fd) == 0)
	rmdir (scratch_path);
    }
}

/* Confined: the sandbox's host path, the secret of the decoys, and the
   descriptors handed to the program before it was confined.  */
#define SECRET_SIZE 24
#define HANDED_FD 3
#define PROC_FD 4
static char box_path[PATH_MAX + 8];
static char secret[SECRET_SIZE + 1];
static struct stat handed_st, proc_st;

/* Whether the N bytes at P hold the secret.  Not instrumented: libFuzzer
   would learn the secret from the comparisons (and memmem's), and write
   it into the sandbox to read it back.  */
__attribute__ ((no_sanitize ("coverage"))) static bool
holds_secret (const unsigned char *p, size_t n)
{
  for (size_t i = 0; i + SECRET_SIZE <= n; i++)
    {
      size_t k = 0;
      while (k < SECRET_SIZE && p[i + k] == (unsigned char) secret[k])
	k++;
      if (k == SECRET_SIZE)
	return true;
    }
  return false;
}

/* The snapshot being built (snapshot_entry), and what it leaves out.  */
static char *snapshot_text;
static size_t snapshot_length;
static const char *snapshot_skip;

static void
snapshot_add (const char *text, size_t n)
{
  snapshot_text = realloc (snapshot_text, snapshot_length + n + 1);
  CHECK (snapshot_text != NULL);
  memcpy (snapshot_text + snapshot_length, text, n);
  snapshot_length += n;
  snapshot_text[snapshot_length] = '\0';
}

static int
snapshot_entry (const char *path, const struct stat *st, int type,
		struct FTW *ftw)
{
  char line[PATH_MAX + 256];
  int n;

  (void) type;
  (void) ftw;
  if (snapshot_skip && strcmp (path, snapshot_skip) == 0)
    return FTW_SKIP_SUBTREE;
  n = snprintf (line, sizeof line, "%s %o %u:%u %lld %lu %lu %lld.%09ld "
		"%lld.%09ld", path, (unsigned) st->st_mode,
		(unsigned) st->st_uid, (unsigned) st->st_gid,
		(long long) st->st_size, (unsigned long) st->st_nlink,
		(unsigned long) st->st_ino, (long long) st->st_mtim.tv_sec,
		st->st_mtim.tv_nsec, (long long) st->st_ctim.tv_sec,
		st->st_ctim.tv_nsec);
  snapshot_add (line, n);
  if (S_ISREG (st->st_mode))
    {
      unsigned char bytes[4096];
      uint64_t hash = 14695981039346656037u;
      int fd = open (path, O_RDONLY | O_CLOEXEC);
      ssize_t got;
      while (fd >= 0 && (got = read (fd, bytes, sizeof bytes)) > 0)
	for (ssize_t i = 0; i < got; i++)
	  hash = (hash ^ bytes[i]) * 1099511628211u;
      if (fd >= 0)
	close (fd);
      n = snprintf (line, sizeof line, " %016llx", (unsigned long long) hash);
      snapshot_add (line, n);
    }
  else if (S_ISLNK (st->st_mode))
    {
      char target[PATH_MAX];
      ssize_t got = readlink (path, target, sizeof target);
      snapshot_add (" -> ", 4);
      snapshot_add (target, got < 0 ? 0 : got);
    }
  snapshot_add ("\n", 1);
  return FTW_CONTINUE;
}

/* Everything in the scratch directory but the sandbox (with it when
   WITH_BOX), as text: names, modes, owners, sizes, links, inodes,
   modification and change times, and a hash of each file's bytes or a
   symlink's target.  The caller frees it.  */
static char *
outside_snapshot (bool with_box)
{
  snapshot_text = NULL;
  snapshot_length = 0;
  snapshot_skip = with_box ? NULL : box_path;
  snapshot_add ("", 0);
  CHECK (nftw (scratch_path, snapshot_entry, 16,
	       FTW_PHYS | FTW_ACTIONRETVAL) == 0);
  return snapshot_text;
}

/* The attributes of the host's files the program may hold a descriptor
   of in a sandbox, but not change.  */
static bool
same_attributes (const struct stat *a, const struct stat *b)
{
  return a->st_mode == b->st_mode && a->st_uid == b->st_uid
	 && a->st_gid == b->st_gid && a->st_size == b->st_size
	 && a->st_ctim.tv_sec == b->st_ctim.tv_sec
	 && a->st_ctim.tv_nsec == b->st_ctim.tv_nsec;
}

/* PATH's attributes are still BEFORE; if not, its mode goes back (the
   host's /dev/null and /proc/cpuinfo), and the check fails.  */
static void
check_host_file (const char *path, const struct stat *before)
{
  struct stat now;

  CHECK (stat (path, &now) == 0);
  if (!same_attributes (before, &now))
    {
      chmod (path, before->st_mode & 07777);
      fprintf (stderr, "rpc-fuzz: %s changed\n", path);
      CHECK (!"a file outside the sandbox changed");
    }
}

/* Whether PATH is the sandbox or beneath it.  */
static bool
in_box (const char *path)
{
  size_t n = strlen (box_path);

  return strncmp (path, box_path, n) == 0
	 && (path[n] == '\0' || path[n] == '/');
}

/* Every descriptor opened since OPEN_BEFORE (a bitmap, open_fds) leads
   beneath the sandbox, or is /dev/null or a duplicate of one handed
   over; none of procfs is open for writing.  */
static void
check_descriptors (const unsigned char open_before[])
{
  /* The list, not a probe of every number: this runs after each reply.  */
  DIR *d = opendir ("/proc/self/fd");
  struct dirent *e;

  CHECK (d != NULL);
  while ((e = readdir (d)) != NULL)
    {
      struct stat st;
      struct statfs fs;
      char link[32], path[PATH_MAX];
      int fd = atoi (e->d_name), flags;

      if (e->d_name[0] == '.' || fd == dirfd (d))
	continue;
      CHECK ((flags = fcntl (fd, F_GETFL)) >= 0);
      CHECK (fstatfs (fd, &fs) == 0 && fstat (fd, &st) == 0);
      CHECK (fs.f_type != PROC_SUPER_MAGIC
	     || (flags & O_ACCMODE) == O_RDONLY);
      if ((fd < FD_PROBE && open_before[fd / 8] & 1 << fd % 8)
	  || (S_ISCHR (st.st_mode) && st.st_rdev == makedev (1, 3))
	  || (st.st_dev == handed_st.st_dev && st.st_ino == handed_st.st_ino)
	  || (st.st_dev == proc_st.st_dev && st.st_ino == proc_st.st_ino))
	continue;
      snprintf (link, sizeof link, "/proc/self/fd/%d", fd);
      ssize_t n = readlink (link, path, sizeof path - 1);
      CHECK (n > 0);
      path[n] = '\0';
      if (!in_box (path))
	fprintf (stderr, "rpc-fuzz: descriptor %d on %s\n", fd, path);
      CHECK (in_box (path));
    }
  closedir (d);
}

/* Whether PATH (LENGTH bytes), resolved from a directory FLOOR levels
   above which it may not climb, does: its `..' components outnumber the
   names before them by more than FLOOR.  */
static bool
climbs (const char *p, size_t length, int floor)
{
  int depth = 0;

  for (size_t i = 0; i < length;)
    {
      const char *slash = memchr (p + i, '/', length - i);
      size_t end = slash ? (size_t) (slash - p) : length;
      if (end - i == 2 && p[i] == '.' && p[i + 1] == '.')
	{
	  if (--depth < -floor)
	    return true;
	}
      else if (end > i && !(end - i == 1 && p[i] == '.'))
	depth++;
      i = end + 1;
    }
  return false;
}

/* A path a confined server may be given: one that, were the sandbox to
   fail, would still reach no further than the scratch directory, and a
   few files of the host's whose refusal in a sandbox is the point.  */
static bool
confined_path (const char *p, size_t length)
{
  static const char *const host_files[] = {
    "/dev/null", "/dev/zero", "/proc/self/mem", "/proc/self/environ",
    "/proc/self/status", "/proc/cpuinfo",
  };
  size_t top = strlen (scratch_path);

  if (length == 0 || p[0] != '/')
    /* From the working directory, the box or beneath it.  */
    return !climbs (p, length, 1);
  for (size_t i = 0; i < sizeof host_files / sizeof *host_files; i++)
    if (length == strlen (host_files[i])
	&& memcmp (p, host_files[i], length) == 0)
      return true;
  return length >= top && memcmp (p, scratch_path, top) == 0
	 && (length == top || p[top] == '/')
	 && !climbs (p + top, length - top, 0);
}

/* Each string of the LENGTH window bytes at WINDOW that starts with '@'
   gets the scratch directory's path for it, if all then fits in
   WINDOW_SIZE; returns the new length.  */
static size_t
expand_top (unsigned char *window, size_t length, uint32_t window_size)
{
  static unsigned char out[WINDOW_LIMIT];
  size_t top = strlen (scratch_path), n = 0;

  for (size_t i = 0; i < length; i++)
    {
      bool expand = window[i] == '@' && (i == 0 || window[i - 1] == '\0');
      size_t add = expand ? top : 1;
      if (n + add > window_size)
	return length;
      memcpy (out + n, expand ? (const unsigned char *) scratch_path
	      : window + i, add);
      n += add;
    }
  memcpy (window, out, n);
  return n;
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
    case NVPTX_RPC_READDIR: case NVPTX_RPC_PREAD: case NVPTX_RPC_PWRITE:
    case NVPTX_RPC_DUP3: case NVPTX_RPC_FCHOWN: case NVPTX_RPC_FCHDIR:
    case NVPTX_RPC_TCSETATTR:
      /* Guest 0, 1 and 2 are libFuzzer's own stdin, stdout and stderr
	 (its log, a terminal, /dev/null): the program may look at them
	 and close them (which leaves them open), nothing more; TCSETATTR
	 would change the terminal the fuzzer was started from.  A copy
	 made by DUP would escape this check, so DUP is refused too.  */
      return fd >= 0 && fd <= STDERR_FILENO;
    case NVPTX_RPC_LOCK:
    case NVPTX_RPC_FLOCK:
      /* A lock that waits: flock of a file this process has open
	 elsewhere would wait for itself, as it would natively.  */
      if (req->opcode == NVPTX_RPC_FLOCK
	  ? !(req->arg[1] & (NVPTX_RPC_LOCK_NB | NVPTX_RPC_LOCK_UN))
	  : NVPTX_RPC_LOCK_COMMAND (req->arg[1]) == NVPTX_RPC_F_SETLKW)
	return true;
      return fd >= 0 && fd <= STDERR_FILENO;
    }
  /* UTIMENSAT's block is a path and the times: futimens (AT_EMPTY_PATH)
     of those three is refused, and the path checked as the others.  */
  bool times = req->opcode == NVPTX_RPC_UTIMENSAT;
  if (times && fd >= 0 && fd <= STDERR_FILENO)
    return true;
  if (req->opcode >= NVPTX_RPC_OPCODE_END || traces[req->opcode] == NULL
      || (strchr (traces[req->opcode], 's') == NULL && !times)
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
      if (CONFINED ? !confined_path (block + pos, n)
	  : !safe_path (block + pos, n))
	return true;
      if (times)
	break;
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

/* Serve an OPEN of PATH for reading, as the program would send it, and
   return the reply's result.  */
static int64_t
open_for_program (struct rpc_server *server, struct nvptx_rpc_mailbox *mb,
		  const char *path)
{
  size_t length = strlen (path) + 1;

  CHECK (length <= mb->window_size);
  memcpy (mb->window, path, length);
  mb->request = (struct nvptx_rpc_request) {
    .version = NVPTX_RPC_VERSION, .opcode = NVPTX_RPC_OPEN,
    .length = length, .arg = { NVPTX_RPC_O_RDONLY },
  };
  __atomic_store_n (&mb->request_seq, mb->request_seq + 1, __ATOMIC_RELEASE);
  CHECK (rpc_server_poll (server));
  return mb->reply.result;
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

/* The seed being written (write_seeds): the input's bytes.  */
static unsigned char seed[8192];
static size_t seed_length;

static void
seed_put (const void *p, size_t n)
{
  CHECK (n <= sizeof seed - seed_length);
  memcpy (seed + seed_length, p, n);
  seed_length += n;
}

/* A confined input's first bytes: --read-only or not, a 1 KiB window.  */
static void
seed_begin (bool read_only)
{
  unsigned char first[2] = { read_only, 60 };

  seed_length = 0;
  seed_put (first, sizeof first);
}

/* A request: OPCODE, its arguments A0..A2 as int64s, and the strings
   S1 and S2 (when not NULL) as its argument block.  */
static void
seed_call (int opcode, int64_t a0, int64_t a1, int64_t a2, const char *s1,
	   const char *s2)
{
  const char *strings[2] = { s1, s2 };
  const int64_t args[4] = { a0, a1, a2, 0 };
  char block[1024];
  size_t length = 0;

  for (int i = 0; i < 2 && strings[i]; i++)
    {
      size_t n = strlen (strings[i]) + 1;
      CHECK (n <= sizeof block - length);
      memcpy (block + length, strings[i], n);
      length += n;
    }
  /* Every argument an int64.  */
  unsigned char head[5] = { opcode, 0, 0xff, length & 0xff, length >> 8 };
  seed_put (head, sizeof head);
  for (int i = 0; i < 4; i++)
    {
      unsigned char le[8];
      for (int b = 0; b < 8; b++)
	le[b] = (uint64_t) args[i] >> 8 * b;
      seed_put (le, sizeof le);
    }
  seed_put (block, length);
}

static void
seed_end (const char *dir, const char *name)
{
  char path[PATH_MAX];
  FILE *f;

  snprintf (path, sizeof path, "%s/%s", dir, name);
  CHECK ((f = fopen (path, "wb")) != NULL);
  CHECK (fwrite (seed, 1, seed_length, f) == seed_length);
  CHECK (fclose (f) == 0);
}

#define OPEN(path, flags) seed_call (NVPTX_RPC_OPEN, (flags), 0644, 0, \
				     (path), NULL)
#define PATH_CALL(op, path, a0, a1) seed_call (NVPTX_RPC_##op, (a0), (a1), \
					       0, (path), NULL)
#define FD_CALL(op, fd, a1, a2) seed_call (NVPTX_RPC_##op, (fd), (a1), (a2), \
					   NULL, NULL)
/* The guest descriptor the next OPEN gives: after 0-2 and those handed
   over.  */
#define NEXT_FD 5

/* The escape attempts of testsuite/host/test-sandbox.c, made from the
   top of the sandbox (the box beside decoy/ and handed.txt, '@' the
   scratch directory), one or a few an input, each with --read-only and
   without.  */
static void
write_seeds (const char *dir)
{
  static const char *const reads[] = {
    "@/decoy/secret.txt", "@/box/../decoy/secret.txt",
    "@/box//..//decoy/secret.txt", "@/box-evil/file", "../decoy/secret.txt",
    "sub/../../decoy/secret.txt", "/proc/self/mem", "/proc/self/environ",
    "/dev/zero", "ln-abs", "ln-rel", "chain1", "ln-dir/secret.txt",
    "ln-mem", "made-up/decoy/secret.txt", "hl-of-link",
  };
  static const int flags[] = {
    NVPTX_RPC_O_RDONLY, NVPTX_RPC_O_RDWR,
    NVPTX_RPC_O_WRONLY | NVPTX_RPC_O_TRUNC,
    NVPTX_RPC_O_WRONLY | NVPTX_RPC_O_APPEND,
  };
  char name[64];

  for (int ro = 0; ro <= 1; ro++)
    {
      /* The symlinks and the directory the attempts go through.  */
      const char *suffix = ro ? "-ro" : "";
      for (size_t i = 0; i < sizeof reads / sizeof *reads; i++)
	for (size_t f = 0; f < sizeof flags / sizeof *flags; f++)
	  {
	    seed_begin (ro);
	    PATH_CALL (MKDIR, "sub", 0755, 0);
	    seed_call (NVPTX_RPC_SYMLINK, 0, 0, 0, "@/decoy/secret.txt",
		       "ln-abs");
	    seed_call (NVPTX_RPC_SYMLINK, 0, 0, 0, "../decoy/secret.txt",
		       "ln-rel");
	    seed_call (NVPTX_RPC_SYMLINK, 0, 0, 0, "chain2", "chain1");
	    seed_call (NVPTX_RPC_SYMLINK, 0, 0, 0, "sub/../ln-rel", "chain2");
	    seed_call (NVPTX_RPC_SYMLINK, 0, 0, 0, "../decoy", "ln-dir");
	    seed_call (NVPTX_RPC_SYMLINK, 0, 0, 0, "/proc/self/mem", "ln-mem");
	    seed_call (NVPTX_RPC_SYMLINK, 0, 0, 0, "..", "made-up");
	    seed_call (NVPTX_RPC_LINK, 0, 0, 0, "ln-rel", "hl-of-link");
	    OPEN (reads[i], flags[f]);
	    FD_CALL (READ, NEXT_FD, 64, 0);
	    FD_CALL (FCHMOD, NEXT_FD, 0600, 0);
	    FD_CALL (FTRUNCATE, NEXT_FD, 0, 0);
	    snprintf (name, sizeof name, "escape-open-%zu-%zu%s", i, f, suffix);
	    seed_end (dir, name);
	  }

      /* Calls on paths out.  */
      seed_begin (ro);
      seed_call (NVPTX_RPC_SYMLINK, 0, 0, 0, "../decoy", "ln-dir");
      seed_call (NVPTX_RPC_SYMLINK, 0, 0, 0, "../decoy/secret.txt", "ln-rel");
      PATH_CALL (STAT, "@/decoy/secret.txt", 0, 0);
      PATH_CALL (STAT, "..", 0, 0);
      PATH_CALL (LSTAT, "..", 0, 0);
      PATH_CALL (ACCESS, "../decoy/secret.txt", 0, 0);
      PATH_CALL (MKDIR, "../made-outside", 0755, 0);
      PATH_CALL (MKDIR, "..", 0755, 0);
      PATH_CALL (UNLINK, "..", 0, 0);
      PATH_CALL (RMDIR, "../decoy/dir", 0, 0);
      PATH_CALL (UNLINK, "ln-dir/secret.txt", 0, 0);
      PATH_CALL (TRUNCATE, "ln-rel", 0, 0);
      PATH_CALL (CHMOD, "ln-rel", 0777, 0);
      PATH_CALL (CHOWN, "ln-rel", 0, 0);
      PATH_CALL (STATVFS, "..", 0, 0);
      PATH_CALL (STATVFS, "@/decoy", 0, 0);
      PATH_CALL (PATHCONF, "ln-dir/secret.txt", NVPTX_RPC_PC_NAME_MAX, 0);
      PATH_CALL (PATHCONF, "/proc/self/cwd", NVPTX_RPC_PC_LINK_MAX, 0);
      seed_call (NVPTX_RPC_UTIMENS, 1, 1, 1, "ln-dir", NULL);
      seed_call (NVPTX_RPC_LINK, 0, 0, 0, "@/decoy/secret.txt", "hl");
      seed_call (NVPTX_RPC_LINK, 0, 0, 0, "ln-dir/secret.txt", "hl");
      OPEN ("inside", NVPTX_RPC_O_WRONLY | NVPTX_RPC_O_CREAT);
      seed_call (NVPTX_RPC_LINK, 0, 0, 0, "inside", "../hl");
      seed_call (NVPTX_RPC_RENAME, 0, 0, 0, "inside", "../moved-out");
      seed_call (NVPTX_RPC_RENAME, 0, 0, 0, "@/decoy/secret.txt",
		 "moved-in");
      seed_call (NVPTX_RPC_RENAME, 0, 0, 0, "inside", "ln-dir/moved");
      seed_call (NVPTX_RPC_RENAME, 0, 0, 0, "@/box", "@/box2");
      PATH_CALL (RMDIR, "@/box", 0, 0);
      seed_call (NVPTX_RPC_SYMLINK, 0, 0, 0, "x", "ln-dir/made");
      seed_call (NVPTX_RPC_SYMLINK, 0, 0, 0, "../created-outside",
		 "ln-dangling");
      OPEN ("ln-dangling", NVPTX_RPC_O_WRONLY | NVPTX_RPC_O_CREAT);
      PATH_CALL (CHDIR, "..", 0, 0);
      PATH_CALL (CHDIR, "@", 0, 0);
      PATH_CALL (CHDIR, "ln-dir", 0, 0);
      OPEN ("..", NVPTX_RPC_O_RDONLY | NVPTX_RPC_O_DIRECTORY);
      FD_CALL (READDIR, NEXT_FD + 1, 2048, 0);
      seed_call (NVPTX_RPC_READLINK, 0, 0, 0, "ln-rel", NULL);
      /* ELOOP, which in a sandbox may mean a magic link.  */
      seed_call (NVPTX_RPC_SYMLINK, 0, 0, 0, "loop-b", "loop-a");
      seed_call (NVPTX_RPC_SYMLINK, 0, 0, 0, "loop-a", "loop-b");
      OPEN ("loop-a", NVPTX_RPC_O_RDONLY);
      OPEN ("ln-rel", NVPTX_RPC_O_RDONLY | NVPTX_RPC_O_NOFOLLOW);
      snprintf (name, sizeof name, "escape-paths%s", suffix);
      seed_end (dir, name);

      /* From a subdirectory.  */
      seed_begin (ro);
      PATH_CALL (MKDIR, "deep", 0755, 0);
      PATH_CALL (CHDIR, "deep", 0, 0);
      OPEN ("../../decoy/secret.txt", NVPTX_RPC_O_RDONLY);
      PATH_CALL (MKDIR, "../../made-outside", 0755, 0);
      PATH_CALL (CHDIR, "../..", 0, 0);
      FD_CALL (GETCWD, 0, 0, 0);
      PATH_CALL (CHDIR, "..", 0, 0);
      snprintf (name, sizeof name, "escape-deep%s", suffix);
      seed_end (dir, name);

      /* Descriptors of files outside: /dev/null by name, those handed
	 over, and a duplicate.  */
      static const int fds[] = { NEXT_FD, HANDED_FD, PROC_FD, NEXT_FD + 1 };
      for (size_t i = 0; i < sizeof fds / sizeof *fds; i++)
	{
	  seed_begin (ro);
	  OPEN ("/dev/null", NVPTX_RPC_O_RDWR);
	  FD_CALL (DUP, HANDED_FD, 0, 0);
	  FD_CALL (FCHMOD, fds[i], 0666, 0);
	  FD_CALL (FTRUNCATE, fds[i], 0, 0);
	  FD_CALL (FCNTL, fds[i], NVPTX_RPC_F_SETFL, NVPTX_RPC_O_APPEND);
	  FD_CALL (FSYNC, fds[i], 1, 0);
	  FD_CALL (READ, fds[i], 64, 0);
	  FD_CALL (FSTAT, fds[i], 0, 0);
	  FD_CALL (FSTATVFS, fds[i], 0, 0);
	  FD_CALL (FPATHCONF, fds[i], NVPTX_RPC_PC_NAME_MAX, 0);
	  snprintf (name, sizeof name, "escape-fd-%d%s", fds[i], suffix);
	  seed_end (dir, name);
	}
    }
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  const char *tmpdir = getenv ("TMPDIR");
  const char *seeds = getenv ("RPC_FUZZ_WRITE_SEEDS");
  char cwd[PATH_MAX];
  int null_fd;

  if (CONFINED && seeds)
    {
      write_seeds (seeds);
      exit (0);
    }
  CHECK (getcwd (cwd, sizeof cwd) != NULL);
  absolute_args (argc, argv, cwd);
  snprintf (scratch_path, sizeof scratch_path, "%s/rpc-fuzz.XXXXXX",
	    tmpdir && *tmpdir ? tmpdir : "/tmp");
  CHECK (mkdtemp (scratch_path) != NULL);
  CHECK ((top_fd = open (scratch_path, O_RDONLY | O_DIRECTORY
				       | O_CLOEXEC)) >= 0);
  scratch_fd = top_fd;
  if (CONFINED)
    {
      /* The sandbox, and beside it what must stay out of its reach.  */
      unsigned char random[SECRET_SIZE / 2];
      char text[SECRET_SIZE + 16];
      CHECK (getrandom (random, sizeof random, 0) == sizeof random);
      for (size_t i = 0; i < sizeof random; i++)
	snprintf (secret + 2 * i, 3, "%02x", random[i]);
      snprintf (box_path, sizeof box_path, "%s/box", scratch_path);
      snprintf (text, sizeof text, "secret %s\n", secret);
      CHECK (mkdirat (top_fd, "box", 0755) == 0
	     && mkdirat (top_fd, "decoy", 0755) == 0
	     && mkdirat (top_fd, "decoy/dir", 0755) == 0
	     && mkdirat (top_fd, "box-evil", 0755) == 0);
      static const char *const decoys[] = {
	"decoy/secret.txt", "decoy/dir/secret.txt", "box-evil/file",
	"handed.txt",
      };
      for (size_t i = 0; i < sizeof decoys / sizeof *decoys; i++)
	{
	  /* handed.txt is the program's to read: no secret.  */
	  int fd = openat (top_fd, decoys[i], O_WRONLY | O_CREAT | O_CLOEXEC,
			   0644);
	  const char *bytes = i == 3 ? "handed over\n" : text;
	  CHECK (fd >= 0 && write (fd, bytes, strlen (bytes))
			    == (ssize_t) strlen (bytes) && close (fd) == 0);
	}
      CHECK (fstatat (top_fd, "handed.txt", &handed_st, 0) == 0
	     && stat ("/proc/cpuinfo", &proc_st) == 0);
      CHECK ((scratch_fd = openat (top_fd, "box", O_RDONLY | O_DIRECTORY
						   | O_CLOEXEC)) >= 0);
    }
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
  unsigned char fds_confined[FD_PROBE / 8];
  static unsigned char piece[WINDOW_LIMIT];
  bool read_only = false, input_holds_secret = false;
  char *outside_before = NULL;
  struct stat null_before, proc_before;
  const uint8_t *p;

  if (CONFINED)
    {
      if ((p = take (&data, &size, 1)) == NULL)
	return 0;
      read_only = *p & 1;
      /* Then the program may have written it in the sandbox itself.  */
      input_holds_secret = holds_secret (data, size);
    }
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
  if (CONFINED)
    {
      /* Handed to the program, then the sandbox set: what the oracle
	 holds against every reply.  */
      CHECK (open_for_program (server, mb, "../handed.txt") == HANDED_FD
	     && open_for_program (server, mb, "/proc/cpuinfo") == PROC_FD);
      CHECK (rpc_server_confine (server, box_path, read_only) == 0);
      open_fds (fds_confined);
      outside_before = outside_snapshot (read_only);
      CHECK (stat ("/dev/null", &null_before) == 0
	     && stat ("/proc/cpuinfo", &proc_before) == 0);
    }

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
      if (CONFINED && req.opcode < NVPTX_RPC_OPCODE_END
	  && traces[req.opcode] && strchr (traces[req.opcode], 's')
	  && (n = expand_top (mb->window, used, window_size)) != used)
	req.length = used = n;
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
      /* -1 with no error only as pathconf's limit without a value.  */
      CHECK (rep->result != -1
	     || ((rep->error > NVPTX_RPC_ERRNO_NONE
		  || ((req.opcode == NVPTX_RPC_PATHCONF
		       || req.opcode == NVPTX_RPC_FPATHCONF)
		      && !(req.flags & NVPTX_RPC_REPLY_PIECE)))
		 && rep->error < NVPTX_RPC_ERRNO_END
		 && (rep->flags & NVPTX_RPC_DONE)));
      CHECK (guard_intact (guard));
      /* The device changes only where a direct read put its bytes, and
	 every copy was made as rpc-server.h says.  */
      for (size_t i = 0; i < sizeof device; i++)
	CHECK (device[i] == device_before[i]
	       || (req.flags == NVPTX_RPC_DIRECT
		   && (req.opcode == NVPTX_RPC_READ
		       || req.opcode == NVPTX_RPC_PREAD)
		   && rep->result > 0
		   && (uintptr_t) &device[i] - (uint64_t) req.arg[2]
		      < (uint64_t) rep->result));
      CHECK (host_device_stats ().misuses == 0);
      /* One request, one reply.  */
      CHECK (!rpc_server_poll (server));
      update_shadow (&req, rep, piece);
      if (CONFINED)
	{
	  char *now = outside_snapshot (read_only);
	  if (strcmp (now, outside_before) != 0)
	    fprintf (stderr, "rpc-fuzz: outside the sandbox, before:\n%s"
		     "after:\n%s", outside_before, now);
	  CHECK (strcmp (now, outside_before) == 0);
	  free (now);
	  check_host_file ("/dev/null", &null_before);
	  check_host_file ("/proc/cpuinfo", &proc_before);
	  check_descriptors (fds_confined);
	  CHECK (input_holds_secret
		 || (!holds_secret (mb->window, rep->length)
		     && !holds_secret (device, sizeof device)));
	}
    }
  free (outside_before);

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
