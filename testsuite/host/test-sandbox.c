/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* Confinement (rpc_server_confine, rpc_server_set_environment; see
   docs/security.md), through the client and the real server:
   - a program in a sandbox trying to reach outside it, each attempt its
     own check: refused, with everything outside the sandbox as it was
     (names, types, modes, owners, sizes, links, times and bytes);
   - what it may do inside the sandbox;
   - --read-only: every call that would change a file gets EROFS;
   - in every mode: /proc/PID/mem and environ, magic links to the
     launcher's descriptors, procfs opened for writing;
   - the environment the program gets.  */

#define _GNU_SOURCE
#include <ftw.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <utime.h>

#include "harness.h"

/* The host's nftw walks the scratch directory: the client's
   (client-names.h) would go through the sandbox it checks.  */
extern int real_nftw (const char *path,
		      int (*fn) (const char *, const struct stat *, int,
				 struct FTW *), int fd_limit, int flags)
  HARNESS_REAL (nftw);
/* The client's directory streams, as a program on nvptx sees them.  */
#include "include/dirent.h"

extern char **environ;

/* The harness's scratch directory, which holds every run's: what the
   snapshot covers.  */
static char scratch[PATH_MAX];
/* The current phase's directory (host path), and the sandbox in it.  */
static char here[PATH_MAX + 64], box[PATH_MAX + 128];

/* Bytes the launcher holds that a write to /proc/self/mem would reach.  */
static volatile uint64_t canary = 0x5a17ab1ec0ffee00u;

/* Confine the server to SANDBOX_DIR (READ_ONLY); false when it cannot,
   which without openat2 must be ENOSYS, and the caller skips the rest.  */
static bool
confined (const char *name, const char *sandbox_dir, bool read_only)
{
  errno = 0;
  int rc = rpc_server_confine (harness_server (), sandbox_dir, read_only);

  if (kernel_has_openat2 ())
    return check (rc == 0, name, "rpc_server_confine = %d errno %s", rc,
		  errno_name (errno));
  check (rc == -1 && errno == ENOSYS,
	 name_of ("%s: no openat2, so ENOSYS", name),
	 "rpc_server_confine = %d errno %s", rc, errno_name (errno));
  note ("no openat2: sandbox checks skipped");
  return false;
}

/* A path under HERE, as a static string (a rotating buffer).  */
static const char *
outside (const char *name)
{
  return name_of ("%s/%s", here, name);
}

/* The snapshot being built.  */
static char *snapshot_text;
static size_t snapshot_length;

static void
snapshot_add (const char *fmt, ...)
{
  va_list ap;
  char *line;

  va_start (ap, fmt);
  int n = vasprintf (&line, fmt, ap);
  va_end (ap);
  if (n < 0)
    abort ();
  snapshot_text = realloc (snapshot_text, snapshot_length + n + 1);
  if (snapshot_text == NULL)
    abort ();
  memcpy (snapshot_text + snapshot_length, line, n + 1);
  snapshot_length += n;
  free (line);
}

static int
snapshot_entry (const char *path, const struct stat *st, int type,
		struct FTW *ftw)
{
  (void) type;
  (void) ftw;
  if (strcmp (path, box) == 0)
    return FTW_SKIP_SUBTREE;
  snapshot_add ("%s %o %u:%u %lld %lu %lu %lld.%09ld %lld.%09ld", path,
		(unsigned) st->st_mode, (unsigned) st->st_uid,
		(unsigned) st->st_gid, (long long) st->st_size,
		(unsigned long) st->st_nlink, (unsigned long) st->st_ino,
		(long long) st->st_mtim.tv_sec, st->st_mtim.tv_nsec,
		(long long) st->st_ctim.tv_sec, st->st_ctim.tv_nsec);
  if (S_ISREG (st->st_mode))
    {
      size_t length;
      unsigned char *bytes = slurp (path, &length);
      uint64_t hash = 14695981039346656037u;
      for (size_t i = 0; bytes && i < length; i++)
	hash = (hash ^ bytes[i]) * 1099511628211u;
      free (bytes);
      snapshot_add (" %016llx", (unsigned long long) hash);
    }
  else if (S_ISLNK (st->st_mode))
    {
      char target[PATH_MAX];
      ssize_t n = real_readlink (path, target, sizeof target);
      snapshot_add (" -> %.*s", (int) (n < 0 ? 0 : n), target);
    }
  snapshot_add ("\n");
  return FTW_CONTINUE;
}

/* Everything under the scratch directory but the sandbox, as text: each
   file's name, mode, owner, size, links, inode, modification and change
   times to the nanosecond, and a hash of a file's bytes or a symlink's
   target.  A file made or removed changes its directory's times.  Not
   access times: the snapshot reads the files.  */
static char *
outside_snapshot (void)
{
  snapshot_text = NULL;
  snapshot_length = 0;
  snapshot_add ("");
  real_nftw (scratch, snapshot_entry, 16, FTW_PHYS | FTW_ACTIONRETVAL);
  return snapshot_text;
}

/* The snapshot before the escape attempts.  */
static char *outside_before;

/* The first line of A that B does not have the same, or NULL.  */
static char *
first_change (const char *a, const char *b)
{
  size_t at = 0;

  while (a[at] && a[at] == b[at])
    at++;
  if (a[at] == b[at])
    return NULL;
  while (at > 0 && a[at - 1] != '\n')
    at--;
  return strndup (a + at, strcspn (a + at, "\n"));
}

/* The table of docs/security.md: every attempt to reach what a mode
   keeps from the program, by mode, counted in the first run.  Refused:
   failed with the errno the mode gives, nothing changed.  Harmless:
   neither refused nor escaped.  Escaped: what the mode keeps changed,
   or the call succeeded where success is itself the escape (an open, a
   stat, outside the sandbox or of the launcher's memory).  */
enum tally_mode
{
  MODE_DEFAULT, MODE_SANDBOX, MODE_READ_ONLY, MODE_SANDBOX_READ_ONLY,
  MODES
};
static const char *const mode_names[MODES] = {
  "(none)", "--sandbox DIR", "--read-only", "--sandbox DIR --read-only",
};
static struct
{
  unsigned attempts, refused, harmless, escaped;
} tally[MODES];
static bool tallying;
static enum tally_mode tally_mode;

static void
tally_attempt (bool refused, bool escaped)
{
  if (!tallying)
    return;
  tally[tally_mode].attempts++;
  if (escaped)
    tally[tally_mode].escaped++;
  else if (refused)
    tally[tally_mode].refused++;
  else
    tally[tally_mode].harmless++;
}

/* A refusal the mode must give: EXPR, which returned GOT with errno E,
   must have failed with errno WANT; its success is an escape.  */
static void
refusal_seen (const char *name, const char *expr, long long got, int e,
	      int want)
{
  tally_attempt (got == -1 && e == want, got != -1);
  check (got == -1 && e == want, name,
	 "%s = %lld errno %s, expected -1 errno %s", expr, got,
	 errno_name (e), errno_name (want));
}

#define REFUSAL(name, expr, want)					\
  do									\
    {									\
      errno = 0;							\
      long long got_ = (expr);						\
      refusal_seen ((name), #expr, got_, errno, (want));		\
    }									\
  while (0)

/* An escape attempt's outcome: the call EXPR returned GOT with errno E;
   it must have failed with errno WANT and left the outside unchanged.  */
static void
escape_seen (const char *name, const char *expr, long long got, int e,
	     int want)
{
  char *now = outside_snapshot ();
  char *change = first_change (outside_before, now);

  tally_attempt (got == -1 && e == want, change != NULL || got != -1);
  if (got != -1 || e != want)
    check (false, name_of ("escape: %s", name),
	   "%s = %lld errno %s, expected -1 errno %s", expr, got,
	   errno_name (e), errno_name (want));
  else
    check (change == NULL, name_of ("escape: %s", name),
	   "refused, but outside the sandbox this changed: %s", change);
  free (change);
  free (now);
}

#define ESCAPE(name, expr, want)					\
  do									\
    {									\
      errno = 0;							\
      long long got_ = (expr);						\
      escape_seen ((name), #expr, got_, errno, (want));			\
    }									\
  while (0)

/* open, and close what it opened: an attempt that must fail.  */
static int
try_open (const char *path, int flags)
{
  int fd = open (path, flags, 0644);

  if (fd >= 0)
    close (fd);
  return fd;
}

/* opendir, and close what it opened: 0 if it did, -1 with errno.  */
static int
try_opendir (const char *path)
{
  DIR *d = opendir (path);

  if (d == NULL)
    return -1;
  closedir (d);
  return 0;
}

/* The client's getcwd, compared with WANT.  */
static bool
cwd_is (const char *want)
{
  char buf[PATH_MAX];

  return getcwd (buf, sizeof buf) == buf && strcmp (buf, want) == 0;
}

/* PATH holds exactly CONTENT on the host.  */
static bool
host_file_is (const char *path, const char *content)
{
  size_t length;
  unsigned char *bytes = slurp (path, &length);
  bool same = bytes && length == strlen (content)
	      && memcmp (bytes, content, length) == 0;

  free (bytes);
  return same;
}

/* The client reads PATH, which must hold CONTENT.  */
static bool
client_reads (const char *path, const char *content)
{
  char buf[256];
  int fd = open (path, O_RDONLY);

  if (fd < 0)
    return false;
  ssize_t n = read (fd, buf, sizeof buf);
  close (fd);
  return n == (ssize_t) strlen (content) && memcmp (buf, content, n) == 0;
}

/* Make the phase's directory NAME under the run's and its host path.  */
static void
enter_phase (const char *name)
{
  char cwd[PATH_MAX];

  real_getcwd (cwd, sizeof cwd);
  snprintf (here, sizeof here, "%s/%s", cwd, name);
  snprintf (box, sizeof box, "%s/box", here);
  real_mkdir (here, 0755);
}

/* The layout of the sandbox phase, made with the host's calls.  */
static void
make_sandbox_layout (void)
{
  enter_phase ("sandbox");
  spit (outside ("outside.txt"), "outside: keep these bytes\n", 26);
  real_mkdir (outside ("outside-dir"), 0755);
  spit (outside ("outside-dir/secret.txt"), "secret\n", 7);
  /* Its name starts with the sandbox's.  */
  real_mkdir (outside ("box-evil"), 0755);
  spit (outside ("box-evil/file"), "evil twin\n", 10);
  real_mkdir (box, 0755);
  spit (outside ("box/inside.txt"), "inside\n", 7);
  real_mkdir (outside ("box/sub"), 0755);
  real_symlink ("../inside.txt", outside ("box/sub/ln-up"));
  real_symlink ("../../outside.txt", outside ("box/sub/ln-out"));
  real_symlink (outside ("outside.txt"), outside ("box/ln-abs-file"));
  real_symlink ("../outside.txt", outside ("box/ln-rel-file"));
  real_symlink (outside ("outside-dir"), outside ("box/ln-abs-dir"));
  real_symlink ("../outside-dir", outside ("box/ln-rel-dir"));
  real_symlink ("chain2", outside ("box/chain1"));
  real_symlink ("sub/../chain3", outside ("box/chain2"));
  real_symlink ("../outside.txt", outside ("box/chain3"));
  real_symlink ("/proc/self/mem", outside ("box/ln-mem"));
  real_symlink ("ln-mem", outside ("box/ln-mem-chain"));
  real_symlink ("../created-outside", outside ("box/ln-dangling-rel"));
  real_symlink (outside ("created-outside"), outside ("box/ln-dangling-abs"));
  real_symlink ("inside.txt", outside ("box/ln-inside"));
  real_symlink (outside ("box/inside.txt"), outside ("box/ln-inside-abs"));
}

/* The *at calls from a directory descriptor in the sandbox, its sub/,
   and the calls on a descriptor's file: the same rules as the paths
   from the working directory.  */
static void
at_escapes (void)
{
  int sub = open ("sub", O_RDONLY | O_DIRECTORY);
  struct stat st;
  char buf[64];

  CHECK ("escape: open sub", sub >= 0);
  ESCAPE ("openat from sub, ../../outside.txt",
	  openat (sub, "../../outside.txt", O_RDONLY), EACCES);
  ESCAPE ("openat from sub, a symlink out", openat (sub, "ln-out", O_RDWR),
	  EACCES);
  ESCAPE ("openat from sub, an absolute path outside",
	  openat (sub, outside ("outside.txt"), O_RDONLY), EACCES);
  ESCAPE ("openat from sub, create ../../made-outside",
	  openat (sub, "../../made-outside", O_WRONLY | O_CREAT, 0644),
	  EACCES);
  ESCAPE ("fstatat from sub, ../..", fstatat (sub, "../..", &st, 0), EACCES);
  ESCAPE ("fstatat from sub, a symlink out",
	  fstatat (sub, "ln-out", &st, 0), EACCES);
  ESCAPE ("faccessat from sub, a symlink out",
	  faccessat (sub, "ln-out", F_OK, 0), EACCES);
  ESCAPE ("mkdirat from sub, ../../made-outside",
	  mkdirat (sub, "../../made-outside", 0755), EACCES);
  ESCAPE ("mkfifoat from sub, ../../made-fifo",
	  mkfifoat (sub, "../../made-fifo", 0644), EACCES);
  ESCAPE ("mknod ../made-node", mknod ("../made-node", S_IFREG | 0644, 0),
	  EACCES);
  ESCAPE ("unlinkat from sub, ../../outside.txt",
	  unlinkat (sub, "../../outside.txt", 0), EACCES);
  ESCAPE ("unlinkat from sub, ../../outside-dir, AT_REMOVEDIR",
	  unlinkat (sub, "../../outside-dir", AT_REMOVEDIR), EACCES);
  ESCAPE ("renameat from sub, ../inside.txt to ../../moved",
	  renameat (sub, "../inside.txt", sub, "../../moved"), EACCES);
  ESCAPE ("renameat from sub, ../../outside.txt in",
	  renameat (sub, "../../outside.txt", sub, "taken"), EACCES);
  ESCAPE ("linkat from sub, a symlink out, followed",
	  linkat (sub, "ln-out", AT_FDCWD, "hl", AT_SYMLINK_FOLLOW), EACCES);
  ESCAPE ("linkat from sub, ../../outside.txt",
	  linkat (sub, "../../outside.txt", sub, "hl", 0), EACCES);
  ESCAPE ("symlinkat from sub, ../../made-ln",
	  symlinkat ("x", sub, "../../made-ln"), EACCES);
  ESCAPE ("readlinkat from sub, a link outside",
	  readlinkat (sub, "../../box/../outside.txt", buf, sizeof buf),
	  EACCES);
  ESCAPE ("fchmodat from sub, a symlink out",
	  fchmodat (sub, "ln-out", 0600, 0), EACCES);
  ESCAPE ("fchownat from sub, a symlink out",
	  fchownat (sub, "ln-out", real_getuid (), real_getgid (), 0), EACCES);
  ESCAPE ("utimensat from sub, a symlink out",
	  utimensat (sub, "ln-out", NULL, 0), EACCES);
  ESCAPE ("lchown ../outside.txt",
	  lchown ("../outside.txt", real_getuid (), real_getgid ()), EACCES);
  ESCAPE ("mkfifo ../made-fifo", mkfifo ("../made-fifo", 0644), EACCES);
  /* The links themselves are inside: theirs to change or read.  */
  CHECK_INT ("escape: fstatat from sub, the symlink itself",
	     fstatat (sub, "ln-out", &st, AT_SYMLINK_NOFOLLOW), 0);
  CHECK_INT ("escape: utimensat from sub, the symlink itself",
	     utimensat (sub, "ln-out", NULL, AT_SYMLINK_NOFOLLOW), 0);
  CHECK_INT ("escape: readlinkat from sub, the symlink",
	     readlinkat (sub, "ln-out", buf, sizeof buf), 17);
  CHECK_INT ("escape: openat from sub, ../inside.txt, is inside",
	     close (openat (sub, "../inside.txt", O_RDONLY)), 0);
  CHECK_INT ("escape: fchdir to sub", fchdir (sub), 0);
  CHECK ("escape: getcwd is sub", cwd_is (name_of ("%s/sub", box)));
  ESCAPE ("after fchdir, ../../outside.txt",
	  try_open ("../../outside.txt", O_RDONLY), EACCES);
  CHECK_INT ("escape: chdir .. back", chdir (".."), 0);
  CHECK_INT ("escape: close sub", close (sub), 0);
}

/* Attempts to reach outside the sandbox, from its top.  */
static void
escapes (void)
{
  char pid_mem[64], long_path[5003];
  struct stat st;
  char buf[64];
  struct utimbuf times = { 1, 1 };

  /* The snapshot sees what an escape would do.  */
  char *a = outside_snapshot ();
  spit (outside ("outside-dir/made-by-the-test"), "", 0);
  char *b = outside_snapshot (), *change = first_change (a, b);
  CHECK ("escape: the snapshot sees a file made outside", change != NULL);
  free (change);
  free (b);
  free (a);
  outside_before = outside_snapshot ();

  /* Absolute paths.  */
  ESCAPE ("absolute path, read", try_open (outside ("outside.txt"), O_RDONLY),
	  EACCES);
  ESCAPE ("absolute path, write and truncate",
	  try_open (outside ("outside.txt"), O_WRONLY | O_TRUNC), EACCES);
  ESCAPE ("absolute path, create",
	  try_open (outside ("made-outside"), O_WRONLY | O_CREAT), EACCES);
  ESCAPE ("absolute path, stat", stat (outside ("outside.txt"), &st),
	  EACCES);
  ESCAPE ("absolute path into the sandbox, then ..",
	  try_open (name_of ("%s/../outside.txt", box), O_RDONLY), EACCES);
  ESCAPE ("absolute path into the sandbox, then // and ..",
	  try_open (name_of ("%s//..//outside.txt", box), O_RDWR), EACCES);
  ESCAPE ("absolute path of a sibling whose name starts with the sandbox's",
	  try_open (name_of ("%s-evil/file", box), O_RDONLY), EACCES);
  ESCAPE ("/etc/passwd", try_open ("/etc/passwd", O_RDONLY), EACCES);
  ESCAPE ("opendir /", try_opendir ("/"), EACCES);
  ESCAPE ("/dev/zero", try_open ("/dev/zero", O_RDONLY), EACCES);

  /* `..'.  */
  ESCAPE ("../outside.txt, read and write",
	  try_open ("../outside.txt", O_RDWR), EACCES);
  ESCAPE ("a ../ chain to /etc/passwd",
	  try_open ("../../../../../../../../../../etc/passwd", O_RDONLY),
	  EACCES);
  ESCAPE ("sub/../../outside.txt", try_open ("sub/../../outside.txt",
					     O_WRONLY), EACCES);
  ESCAPE ("sub/../sub/../../outside.txt",
	  try_open ("sub/../sub/../../outside.txt", O_RDONLY), EACCES);
  ESCAPE ("stat ..", stat ("..", &st), EACCES);
  ESCAPE ("lstat ..", lstat ("..", &st), EACCES);
  ESCAPE ("access ../outside.txt", access ("../outside.txt", F_OK), EACCES);
  ESCAPE ("opendir ..", try_opendir (".."), EACCES);
  ESCAPE ("opendir sub/../..", try_opendir ("sub/../.."), EACCES);
  ESCAPE ("mkdir ../made-outside", mkdir ("../made-outside", 0755), EACCES);
  ESCAPE ("mkdir ..", mkdir ("..", 0755), EACCES);
  ESCAPE ("unlink ..", unlink (".."), EACCES);
  ESCAPE ("rmdir ../outside-dir", rmdir ("../outside-dir"), EACCES);
  /* "..", 4990 slashes, "outside.txt": longer than PATH_MAX.  */
  memset (long_path, '/', sizeof long_path);
  memcpy (long_path, "..", 2);
  strcpy (long_path + sizeof long_path - 12, "outside.txt");
  ESCAPE ("a ../ path longer than PATH_MAX", try_open (long_path, O_RDONLY),
	  ENAMETOOLONG);
  {
    /* The argument block without its NUL.  */
    struct __nvptx_rpc_call call = {
      .opcode = NVPTX_RPC_OPEN, .arg = { NVPTX_RPC_O_RDONLY, 0 },
      .out = { { "../outside.txt", 14 } },
    };
    ESCAPE ("a path without its NUL", __nvptx_rpc_call (&call), EPROTO);
  }

  /* Symlinks.  */
  ESCAPE ("symlink with an absolute target outside",
	  try_open ("ln-abs-file", O_RDONLY), EACCES);
  ESCAPE ("symlink with a relative target outside",
	  try_open ("ln-rel-file", O_WRONLY | O_APPEND), EACCES);
  ESCAPE ("symlink in a subdirectory climbing out",
	  try_open ("sub/ln-out", O_RDWR), EACCES);
  ESCAPE ("a chain of symlinks out", try_open ("chain1", O_RDWR), EACCES);
  ESCAPE ("stat through a chain", stat ("chain1", &st), EACCES);
  ESCAPE ("a file in a symlinked directory outside",
	  try_open ("ln-rel-dir/secret.txt", O_RDONLY), EACCES);
  ESCAPE ("a file in an absolute symlinked directory",
	  try_open ("ln-abs-dir/secret.txt", O_RDONLY), EACCES);
  ESCAPE ("lstat of a file in a symlinked directory",
	  lstat ("ln-rel-dir/secret.txt", &st), EACCES);
  ESCAPE ("O_CREAT through a dangling symlink out",
	  try_open ("ln-dangling-rel", O_WRONLY | O_CREAT), EACCES);
  ESCAPE ("O_CREAT through a dangling absolute symlink",
	  try_open ("ln-dangling-abs", O_WRONLY | O_CREAT | O_TRUNC), EACCES);
  ESCAPE ("symlink made now, then written through",
	  (symlink (outside ("outside.txt"), "made-abs"),
	   try_open ("made-abs", O_WRONLY | O_TRUNC)), EACCES);
  ESCAPE ("symlink to .. made now, then a file through it",
	  (symlink ("..", "made-up"), try_open ("made-up/outside.txt",
						O_RDONLY)), EACCES);
  ESCAPE ("opendir of a symlink to .. made now", try_opendir ("made-up"),
	  EACCES);
  ESCAPE ("hard link of an escaping symlink, then opened",
	  (link ("ln-rel-file", "hl-of-link"), try_open ("hl-of-link",
							 O_RDWR)), EACCES);

  /* /proc.  */
  ESCAPE ("/proc/self/mem", try_open ("/proc/self/mem", O_RDWR), EACCES);
  snprintf (pid_mem, sizeof pid_mem, "/proc/%d/mem", (int) real_getpid ());
  ESCAPE ("/proc/PID/mem", try_open (pid_mem, O_RDONLY), EACCES);
  ESCAPE ("symlink to /proc/self/mem", try_open ("ln-mem", O_RDWR), EACCES);
  ESCAPE ("symlink to a symlink to /proc/self/mem",
	  try_open ("ln-mem-chain", O_WRONLY), EACCES);
  ESCAPE ("/proc/self/fd/0", try_open ("/proc/self/fd/0", O_RDONLY), EACCES);
  ESCAPE ("/proc/self/environ", try_open ("/proc/self/environ", O_RDONLY),
	  EACCES);
  ESCAPE ("/proc/self/cwd", try_opendir ("/proc/self/cwd"), EACCES);
  ESCAPE ("/proc/self/exe", try_open ("/proc/self/exe", O_RDONLY), EACCES);
  ESCAPE ("/proc/self/root", try_opendir ("/proc/self/root"), EACCES);

  /* Links and renames.  */
  ESCAPE ("hard link, source outside",
	  link (outside ("outside.txt"), "hl"), EACCES);
  ESCAPE ("hard link, source ../", link ("../outside.txt", "hl"), EACCES);
  ESCAPE ("hard link, source in a symlinked directory",
	  link ("ln-rel-dir/secret.txt", "hl"), EACCES);
  ESCAPE ("hard link, target outside", link ("inside.txt", "../hl"),
	  EACCES);
  ESCAPE ("hard link, absolute target outside",
	  link ("inside.txt", outside ("hl")), EACCES);
  ESCAPE ("rename out of the sandbox",
	  rename ("inside.txt", "../moved-out"), EACCES);
  ESCAPE ("rename into the sandbox",
	  rename (outside ("outside.txt"), "moved-in"), EACCES);
  ESCAPE ("rename onto ..", rename ("inside.txt", ".."), EACCES);
  ESCAPE ("rename into a symlinked directory outside",
	  rename ("inside.txt", "ln-rel-dir/moved"), EACCES);
  ESCAPE ("rename of the sandbox itself",
	  rename (box, name_of ("%s2", box)), EACCES);
  ESCAPE ("rmdir of the sandbox itself", rmdir (box), EACCES);

  /* Changes through symlinks.  */
  ESCAPE ("unlink through a symlinked parent directory",
	  unlink ("ln-rel-dir/secret.txt"), EACCES);
  ESCAPE ("unlink through an absolute symlinked parent directory",
	  unlink ("ln-abs-dir/secret.txt"), EACCES);
  ESCAPE ("truncate through a symlink", truncate ("ln-rel-file", 0), EACCES);
  ESCAPE ("truncate through a chain", truncate ("chain1", 0), EACCES);
  ESCAPE ("chmod through a symlink", chmod ("ln-abs-file", 0777), EACCES);
  ESCAPE ("chown through a symlink",
	  chown ("ln-rel-file", real_getuid (), real_getgid ()), EACCES);
  ESCAPE ("utime through a symlink", utime ("ln-abs-file", &times), EACCES);
  ESCAPE ("utimes of a symlinked directory", utimes ("ln-rel-dir", NULL),
	  EACCES);
  ESCAPE ("symlink made in a symlinked directory",
	  symlink ("x", "ln-rel-dir/made"), EACCES);
  ESCAPE ("mkdir in a symlinked directory", mkdir ("ln-abs-dir/made", 0755),
	  EACCES);

  /* O_NOFOLLOW: a last symlink is not followed, as ever (ELOOP); one in
     the middle is, and is refused.  */
  ESCAPE ("O_NOFOLLOW on an escaping symlink: ELOOP",
	  try_open ("ln-rel-file", O_RDONLY | O_NOFOLLOW), ELOOP);
  ESCAPE ("O_NOFOLLOW|O_CREAT on a dangling symlink out: ELOOP",
	  try_open ("ln-dangling-rel", O_WRONLY | O_CREAT | O_NOFOLLOW),
	  ELOOP);
  ESCAPE ("O_NOFOLLOW through a symlinked directory",
	  try_open ("ln-rel-dir/secret.txt", O_RDONLY | O_NOFOLLOW), EACCES);

  /* Trailing slashes make the last symlink count as a directory.  */
  ESCAPE ("open of a symlinked directory/", try_opendir ("ln-rel-dir/"),
	  EACCES);
  ESCAPE ("lstat of a symlinked directory/", lstat ("ln-rel-dir/", &st),
	  EACCES);
  ESCAPE ("stat of a symlinked directory/.", stat ("ln-abs-dir/.", &st),
	  EACCES);
  ESCAPE ("readlink of a symlinked directory/",
	  readlink ("ln-abs-dir/", buf, sizeof buf), EACCES);
  ESCAPE ("link of a symlinked directory/",
	  link ("ln-rel-dir/", "hl-dir"), EACCES);
  ESCAPE ("mkdir of a dangling symlink/: EEXIST",
	  mkdir ("ln-dangling-rel/", 0755), EEXIST);
  ESCAPE ("O_CREAT of a dangling symlink/: EISDIR",
	  try_open ("ln-dangling-rel/", O_WRONLY | O_CREAT), EISDIR);
  ESCAPE ("unlink of a symlinked directory/: ENOTDIR",
	  unlink ("ln-rel-dir/"), ENOTDIR);
  ESCAPE ("rmdir of a symlinked directory/: ENOTDIR",
	  rmdir ("ln-rel-dir/"), ENOTDIR);
  ESCAPE ("rename of a symlinked directory/: ENOTDIR",
	  rename ("ln-rel-dir/", "moved-dir"), ENOTDIR);

  /* The working directory.  */
  ESCAPE ("chdir ..", chdir (".."), EACCES);
  ESCAPE ("after chdir .., outside.txt is no relative name",
	  try_open ("outside.txt", O_RDONLY), ENOENT);
  ESCAPE ("chdir /", chdir ("/"), EACCES);
  ESCAPE ("chdir to the directory above, absolute", chdir (here), EACCES);
  ESCAPE ("chdir through a symlink out", chdir ("ln-rel-dir"), EACCES);
  ESCAPE ("chdir /proc/self/cwd", chdir ("/proc/self/cwd"), EACCES);
  CHECK ("escape: after the chdir attempts, getcwd is the sandbox",
	 cwd_is (box));
  at_escapes ();

  CHECK_INT ("escape: mkdir in the sandbox", mkdir ("deep", 0755), 0);
  CHECK_INT ("escape: chdir into it", chdir ("deep"), 0);
  ESCAPE ("from a subdirectory, ../../outside.txt",
	  try_open ("../../outside.txt", O_RDONLY), EACCES);
  ESCAPE ("from a subdirectory, mkdir ../../made-outside",
	  mkdir ("../../made-outside", 0755), EACCES);
  ESCAPE ("from a subdirectory, chdir ../..", chdir ("../.."), EACCES);
  ESCAPE ("from a subdirectory, rename ../inside.txt ../../moved",
	  rename ("../inside.txt", "../../moved"), EACCES);
  CHECK ("escape: getcwd is still the subdirectory",
	 cwd_is (name_of ("%s/deep", box)));
  CHECK_INT ("escape: chdir .. back to the top", chdir (".."), 0);
  CHECK ("escape: getcwd is the sandbox again", cwd_is (box));

  CHECK ("escape: the launcher's memory is untouched",
	 canary == 0x5a17ab1ec0ffee00u);
  CHECK ("escape: outside.txt holds its bytes",
	 host_file_is (outside ("outside.txt"),
		       "outside: keep these bytes\n"));
  free (outside_before);
}

/* What a program may do in the sandbox.  */
static void
inside (void)
{
  struct stat st, host;
  char buf[PATH_MAX];

  CHECK ("sandbox: starts at the top", cwd_is (box));
  int fd = open ("new.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  CHECK ("sandbox: create", fd >= 0);
  CHECK_INT ("sandbox: write", write (fd, "new\n", 4), 4);
  close (fd);
  CHECK ("sandbox: the host sees it", host_file_is (outside ("box/new.txt"),
						    "new\n"));
  CHECK ("sandbox: read", client_reads ("inside.txt", "inside\n"));
  CHECK ("sandbox: absolute path inside",
	 client_reads (name_of ("%s/inside.txt", box), "inside\n"));
  CHECK ("sandbox: absolute path inside, repeated slashes",
	 client_reads (name_of ("%s//sub/..//inside.txt", box), "inside\n"));
  CHECK_INT ("sandbox: stat of the sandbox by its path", stat (box, &st), 0);
  CHECK ("sandbox: it is a directory", S_ISDIR (st.st_mode));
  CHECK_INT ("sandbox: rename within", rename ("new.txt", "renamed.txt"), 0);
  CHECK ("sandbox: renamed on the host",
	 host_file_is (outside ("box/renamed.txt"), "new\n")
	 && real_access (outside ("box/new.txt"), F_OK) != 0);
  CHECK_INT ("sandbox: rename into a subdirectory",
	     rename ("renamed.txt", "sub/renamed.txt"), 0);
  CHECK_INT ("sandbox: rename back with ..",
	     rename ("sub/../sub/renamed.txt", "sub/../renamed.txt"), 0);
  CHECK_INT ("sandbox: link within", link ("inside.txt", "hl-in"), 0);
  CHECK ("sandbox: the host sees 2 links",
	 real_stat (outside ("box/inside.txt"), &host) == 0
	 && host.st_nlink == 2);
  CHECK_INT ("sandbox: unlink within", unlink ("hl-in"), 0);
  CHECK_INT ("sandbox: truncate", truncate ("renamed.txt", 2), 0);
  CHECK ("sandbox: truncated on the host",
	 host_file_is (outside ("box/renamed.txt"), "ne"));
  CHECK_INT ("sandbox: chmod", chmod ("renamed.txt", 0600), 0);
  CHECK_INT ("sandbox: chmod on the host", real_stat (outside
						      ("box/renamed.txt"),
						      &host) == 0
	     ? (int) (host.st_mode & 07777) : -1, 0600);
  struct utimbuf times = { 1000000000, 1000000000 };
  CHECK_INT ("sandbox: utime", utime ("renamed.txt", &times), 0);
  CHECK_INT ("sandbox: utime on the host",
	     real_stat (outside ("box/renamed.txt"), &host) == 0
	     ? host.st_mtime : -1, 1000000000);
  CHECK_INT ("sandbox: chown to the same owner",
	     chown ("renamed.txt", real_getuid (), real_getgid ()), 0);
  CHECK_INT ("sandbox: access", access ("renamed.txt", R_OK | W_OK), 0);

  /* Directories and the working directory.  */
  CHECK_INT ("sandbox: mkdir", mkdir ("d", 0755), 0);
  CHECK_INT ("sandbox: chdir into it", chdir ("d"), 0);
  CHECK ("sandbox: getcwd", cwd_is (name_of ("%s/d", box)));
  fd = open ("f", O_WRONLY | O_CREAT, 0644);
  CHECK ("sandbox: create a relative path in it", fd >= 0);
  close (fd);
  CHECK_INT ("sandbox: the file is on the host",
	     real_access (outside ("box/d/f"), F_OK), 0);
  CHECK ("sandbox: ../inside.txt from the subdirectory",
	 client_reads ("../inside.txt", "inside\n"));
  CHECK ("sandbox: ../sub/ln-up, a symlink climbing and staying in",
	 client_reads ("../sub/ln-up", "inside\n"));
  CHECK_INT ("sandbox: stat ..", stat ("..", &st), 0);
  CHECK_INT ("sandbox: stat .. is the top", st.st_ino,
	     real_stat (box, &host) == 0 ? (long long) host.st_ino : -1);
  CHECK_INT ("sandbox: chdir by absolute path", chdir (box), 0);
  CHECK ("sandbox: getcwd back at the top", cwd_is (box));
  CHECK_INT ("sandbox: chdir d/.. stays", chdir ("d/.."), 0);
  CHECK_INT ("sandbox: unlink in a subdirectory", unlink ("d/f"), 0);
  CHECK_INT ("sandbox: rmdir", rmdir ("d"), 0);
  CHECK_INT ("sandbox: rmdir on the host",
	     real_access (outside ("box/d"), F_OK), -1);

  /* A removed working directory, as in any process.  */
  CHECK_INT ("sandbox: mkdir gone", mkdir ("gone", 0755), 0);
  CHECK_INT ("sandbox: chdir gone", chdir ("gone"), 0);
  CHECK_INT ("sandbox: rmdir ../gone", rmdir ("../gone"), 0);
  CHECK_ERRNO ("sandbox: getcwd in a removed directory: ENOENT",
	       getcwd (buf, sizeof buf) ? 0 : -1, ENOENT);
  CHECK_ERRNO ("sandbox: a file in a removed directory: ENOENT",
	       try_open ("f", O_WRONLY | O_CREAT), ENOENT);
  CHECK_INT ("sandbox: chdir back by absolute path", chdir (box), 0);

  /* Symlinks within.  */
  CHECK ("sandbox: a symlink within", client_reads ("ln-inside", "inside\n"));
  CHECK ("sandbox: sub/ln-up, ../ in a symlink's target",
	 client_reads ("sub/ln-up", "inside\n"));
  CHECK_INT ("sandbox: symlink made within", symlink ("inside.txt", "made-in"),
	     0);
  CHECK ("sandbox: read through it", client_reads ("made-in", "inside\n"));
  CHECK_ERRNO ("sandbox: O_NOFOLLOW on a symlink within: ELOOP",
	       try_open ("ln-inside", O_RDONLY | O_NOFOLLOW), ELOOP);
  CHECK_ERRNO ("sandbox: an absolute target, even inside, is not followed",
	       try_open ("ln-inside-abs", O_RDONLY), EACCES);
  /* A symlink is a string: reading it, or its own attributes, is allowed
     wherever it points.  */
  CHECK_INT ("sandbox: lstat of an escaping symlink", lstat ("ln-abs-file",
							      &st), 0);
  CHECK ("sandbox: lstat of an escaping symlink: S_ISLNK",
	 S_ISLNK (st.st_mode));
  memset (buf, 0, sizeof buf);
  CHECK_INT ("sandbox: readlink of an escaping symlink",
	     readlink ("ln-abs-file", buf, sizeof buf),
	     strlen (outside ("outside.txt")));
  CHECK ("sandbox: readlink gives the target string",
	 strcmp (buf, outside ("outside.txt")) == 0);
  CHECK_ERRNO ("sandbox: readlink of a file: EINVAL",
	       readlink ("inside.txt", buf, sizeof buf), EINVAL);

  /* Directory streams and the null device.  */
  DIR *d = opendir (".");
  int names = 0;
  for (struct dirent *e; d && (e = readdir (d)) != NULL;)
    names += strcmp (e->d_name, "inside.txt") == 0
	     || strcmp (e->d_name, "sub") == 0;
  if (d)
    closedir (d);
  CHECK_INT ("sandbox: opendir . lists the sandbox", names, 2);
  fd = open ("/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  CHECK ("sandbox: /dev/null opens", fd >= 0);
  CHECK_INT ("sandbox: /dev/null takes writes", write (fd, "gone", 4), 4);
  close (fd);
  CHECK_ERRNO ("sandbox: stat of /dev/null: EACCES",
	       stat ("/dev/null", &st), EACCES);
}

static void
sandbox_phase (void)
{
  make_sandbox_layout ();
  if (!confined ("sandbox: confine", box, false))
    return;
  CHECK_ERRNO ("sandbox: confine to a missing directory: ENOENT",
	       rpc_server_confine (harness_server (), outside ("missing"),
				   false), ENOENT);
  CHECK_ERRNO ("sandbox: confine to a file: ENOTDIR",
	       rpc_server_confine (harness_server (), outside ("outside.txt"),
				   false), ENOTDIR);
  if (!confined ("sandbox: confine again", box, false))
    return;
  tally_mode = MODE_SANDBOX;
  escapes ();
  inside ();
}

/* --read-only, with and without a sandbox.  */
static void
read_only_calls (const char *label)
{
  struct stat st;
  char buf[64];

  spit ("keep.txt", "keep\n", 5);
  real_mkdir ("d", 0755);
  real_symlink ("keep.txt", "ln");
  real_getcwd (buf, sizeof buf);

  int fd = open ("keep.txt", O_RDONLY);
#define EROFS_CHECK(what, expr)						\
  REFUSAL (name_of ("%s: %s: EROFS", label, what), expr, EROFS)
  EROFS_CHECK ("open O_WRONLY", try_open ("keep.txt", O_WRONLY));
  EROFS_CHECK ("open O_RDWR", try_open ("keep.txt", O_RDWR));
  EROFS_CHECK ("open O_CREAT", try_open ("made.txt", O_WRONLY | O_CREAT));
  EROFS_CHECK ("open O_RDONLY|O_CREAT",
	       try_open ("made.txt", O_RDONLY | O_CREAT));
  EROFS_CHECK ("open O_RDONLY|O_TRUNC", try_open ("keep.txt",
						  O_RDONLY | O_TRUNC));
  EROFS_CHECK ("open O_RDONLY|O_APPEND",
	       try_open ("keep.txt", O_RDONLY | O_APPEND));
  EROFS_CHECK ("open O_WRONLY through a symlink", try_open ("ln", O_WRONLY));
  EROFS_CHECK ("creat", creat ("made.txt", 0644));
  EROFS_CHECK ("unlink", unlink ("keep.txt"));
  EROFS_CHECK ("rename", rename ("keep.txt", "moved.txt"));
  EROFS_CHECK ("link", link ("keep.txt", "hl"));
  EROFS_CHECK ("symlink", symlink ("keep.txt", "made-ln"));
  EROFS_CHECK ("mkdir", mkdir ("made-d", 0755));
  EROFS_CHECK ("rmdir", rmdir ("d"));
  EROFS_CHECK ("chmod", chmod ("keep.txt", 0600));
  EROFS_CHECK ("fchmod", fchmod (fd, 0600));
  EROFS_CHECK ("chown", chown ("keep.txt", real_getuid (), real_getgid ()));
  EROFS_CHECK ("truncate", truncate ("keep.txt", 1));
  EROFS_CHECK ("ftruncate", ftruncate (fd, 1));
  EROFS_CHECK ("utime", utime ("keep.txt", NULL));
  EROFS_CHECK ("utimes", utimes ("keep.txt", NULL));
  EROFS_CHECK ("access W_OK", access ("keep.txt", W_OK));
  EROFS_CHECK ("fchown", fchown (fd, real_getuid (), real_getgid ()));
  EROFS_CHECK ("lchown", lchown ("ln", real_getuid (), real_getgid ()));
  EROFS_CHECK ("futimens", futimens (fd, NULL));
  EROFS_CHECK ("utimensat", utimensat (AT_FDCWD, "keep.txt", NULL, 0));
  EROFS_CHECK ("mkfifo", mkfifo ("made.txt", 0644));
  EROFS_CHECK ("mknod", mknod ("made.txt", S_IFREG | 0644, 0));
  EROFS_CHECK ("openat O_WRONLY", openat (AT_FDCWD, "keep.txt", O_WRONLY));
  EROFS_CHECK ("mkdirat", mkdirat (AT_FDCWD, "made-d", 0755));
  EROFS_CHECK ("unlinkat", unlinkat (AT_FDCWD, "keep.txt", 0));
  EROFS_CHECK ("renameat", renameat (AT_FDCWD, "keep.txt", AT_FDCWD,
				     "moved.txt"));
  EROFS_CHECK ("linkat", linkat (AT_FDCWD, "keep.txt", AT_FDCWD, "hl", 0));
  EROFS_CHECK ("symlinkat", symlinkat ("keep.txt", AT_FDCWD, "made-ln"));
  EROFS_CHECK ("fchmodat", fchmodat (AT_FDCWD, "keep.txt", 0600, 0));
  EROFS_CHECK ("fchownat", fchownat (AT_FDCWD, "keep.txt", real_getuid (),
				     real_getgid (), 0));
  EROFS_CHECK ("faccessat W_OK", faccessat (AT_FDCWD, "keep.txt", W_OK, 0));
#undef EROFS_CHECK
  CHECK (name_of ("%s: the host's files unchanged", label),
	 host_file_is ("keep.txt", "keep\n")
	 && real_lstat ("keep.txt", &st) == 0 && (st.st_mode & 07777) == 0644
	 && st.st_nlink == 1 && real_access ("made.txt", F_OK) != 0
	 && real_access ("moved.txt", F_OK) != 0
	 && real_access ("made-ln", F_OK) != 0
	 && real_access ("made-d", F_OK) != 0
	 && real_access ("d", F_OK) == 0);
  CHECK_ERRNO (name_of ("%s: writing a missing path: EROFS, refused before "
			"it is looked up", label),
	       try_open ("missing/x", O_WRONLY | O_CREAT), EROFS);

  /* Reading.  */
  char data[8];
  CHECK_INT (name_of ("%s: read", label), read (fd, data, sizeof data), 5);
  close (fd);
  CHECK (name_of ("%s: read through a symlink", label),
	 client_reads ("ln", "keep\n"));
  CHECK_INT (name_of ("%s: stat", label), stat ("keep.txt", &st), 0);
  CHECK_INT (name_of ("%s: access R_OK", label), access ("keep.txt", R_OK),
	     0);
  CHECK_ERRNO (name_of ("%s: access W_OK of a missing file: ENOENT", label),
	       access ("missing", W_OK), ENOENT);
  CHECK_INT (name_of ("%s: readlink", label), readlink ("ln", data, 8), 8);
  CHECK_INT (name_of ("%s: chdir", label), chdir ("d"), 0);
  CHECK_INT (name_of ("%s: chdir back", label), chdir (".."), 0);
  DIR *d = opendir (".");
  CHECK (name_of ("%s: opendir", label), d != NULL && readdir (d) != NULL);
  if (d)
    closedir (d);

  /* The standard streams stay writable, and /dev/null.  */
  static const char line[] = "# --read-only: standard output stays "
			     "writable\n";
  CHECK_INT (name_of ("%s: write to standard output", label),
	     write (1, line, sizeof line - 1), sizeof line - 1);
  fd = open ("/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  CHECK (name_of ("%s: /dev/null opens for writing", label), fd >= 0);
  CHECK_INT (name_of ("%s: /dev/null takes writes", label),
	     write (fd, "x", 1), 1);
  close (fd);
}

static void
read_only_phase (const struct harness_run *run)
{
  char cwd[PATH_MAX];

  enter_phase ("ro");
  real_getcwd (cwd, sizeof cwd);
  real_mkdir ("ro/box", 0755);
  real_chdir ("ro");
  CHECK_INT ("read-only: confine", rpc_server_confine (harness_server (),
						       NULL, true), 0);
  tally_mode = MODE_READ_ONLY;
  read_only_calls ("read-only");

  /* With a sandbox too, named relative to the launcher's working
     directory, which is in it: the program starts there.  */
  stop_server ();
  real_chdir ("box");
  start_server (run->window, run->direct, NULL);
  if (!confined ("read-only sandbox: confine", "..", true))
    {
      real_chdir (cwd);
      return;
    }
  CHECK ("read-only sandbox: starts in the launcher's directory",
	 cwd_is (name_of ("%s/ro/box", cwd)));
  tally_mode = MODE_SANDBOX_READ_ONLY;
  read_only_calls ("read-only sandbox");
  REFUSAL ("read-only sandbox: reading outside: EACCES",
	       try_open ("../../ro", O_RDONLY), EACCES);
  real_chdir (cwd);
}

/* What every mode refuses: the launcher's memory, environment and
   descriptors through /proc.  */
static void
every_mode_phase (void)
{
  char path[PATH_MAX], buf[256];
  struct stat st;
  int pid = real_getpid ();

  enter_phase ("any");
  real_chdir ("any");
  tally_mode = MODE_DEFAULT;
  spit ("hidden.txt", "hidden bytes\n", 13);
  spit ("plain.txt", "plain\n", 6);
  real_symlink ("/proc/self/mem", "ln-mem");
  real_symlink ("ln-mem", "ln-mem-chain");
  real_symlink ("loop-b", "loop-a");
  real_symlink ("loop-a", "loop-b");
  real_symlink ("plain.txt", "ln-plain");
  /* A host descriptor the program's fd table does not have.  */
  int hidden = real_open ("hidden.txt", O_RDWR | O_CLOEXEC);

#define REFUSED(what, expr)						\
  REFUSAL (name_of ("every mode: %s: EACCES", what), expr, EACCES)
  REFUSED ("/proc/self/mem O_RDWR", try_open ("/proc/self/mem", O_RDWR));
  REFUSED ("/proc/self/mem O_WRONLY", try_open ("/proc/self/mem", O_WRONLY));
  REFUSED ("/proc/self/mem O_RDONLY", try_open ("/proc/self/mem", O_RDONLY));
  REFUSED ("/proc/PID/mem", try_open (name_of ("/proc/%d/mem", pid),
				      O_RDWR));
  REFUSED ("/proc/self/task/PID/mem",
	   try_open (name_of ("/proc/self/task/%d/mem", pid), O_RDONLY));
  REFUSED ("/proc/thread-self/mem", try_open ("/proc/thread-self/mem",
					      O_RDWR));
  REFUSED ("/proc/self/../self/mem", try_open ("/proc/self/../self/mem",
					       O_RDWR));
  REFUSED ("a symlink to /proc/self/mem", try_open ("ln-mem", O_RDWR));
  REFUSED ("a chain to /proc/self/mem", try_open ("ln-mem-chain", O_RDONLY));
  REFUSED ("/proc/self/environ", try_open ("/proc/self/environ", O_RDONLY));
  REFUSED ("/proc/PID/environ", try_open (name_of ("/proc/%d/environ", pid),
					  O_RDONLY));
  REFUSED ("/proc/self/comm for writing", try_open ("/proc/self/comm",
						    O_WRONLY));
  REFUSED ("/proc/self/oom_score_adj for writing",
	   try_open ("/proc/self/oom_score_adj", O_WRONLY | O_TRUNC));
  REFUSED ("chmod of a file of /proc", chmod ("/proc/self/status", 0777));
  CHECK ("every mode: the launcher's memory is untouched",
	 canary == 0x5a17ab1ec0ffee00u);

  /* Magic links: openat2 refuses them; without it, nothing does.  */
  if (!kernel_has_openat2 ())
    note ("no openat2: magic-link checks skipped");
  else
    {
      REFUSED ("/proc/self/fd/N of a hidden fd, O_RDWR",
	       try_open (name_of ("/proc/self/fd/%d", hidden), O_RDWR));
      REFUSED ("/proc/self/fd/N of a hidden fd, O_RDONLY",
	       try_open (name_of ("/proc/self/fd/%d", hidden), O_RDONLY));
      REFUSED ("/proc/PID/fd/N of a hidden fd",
	       try_open (name_of ("/proc/%d/fd/%d", pid, hidden), O_WRONLY));
      REFUSED ("/dev/fd/N of a hidden fd",
	       try_open (name_of ("/dev/fd/%d", hidden), O_RDWR));
      REFUSED ("/dev/stdout, which leads to /proc/self/fd/1",
	       try_open ("/dev/stdout", O_WRONLY));
      REFUSED ("/dev/stdin", try_open ("/dev/stdin", O_RDONLY));
      REFUSED ("truncate /proc/self/fd/N",
	       truncate (name_of ("/proc/self/fd/%d", hidden), 0));
      REFUSED ("chmod /proc/self/fd/N",
	       chmod (name_of ("/proc/self/fd/%d", hidden), 0777));
      REFUSED ("stat /proc/self/fd/N",
	       stat (name_of ("/proc/self/fd/%d", hidden), &st));
      REFUSED ("opendir /proc/self/cwd", try_opendir ("/proc/self/cwd"));
      REFUSED ("/proc/self/cwd/plain.txt",
	       try_open ("/proc/self/cwd/plain.txt", O_RDONLY));
      REFUSED ("unlink /proc/self/cwd/plain.txt",
	       unlink ("/proc/self/cwd/plain.txt"));
      REFUSED ("/proc/self/exe", try_open ("/proc/self/exe", O_RDONLY));
      REFUSED ("opendir /proc/self/root", try_opendir ("/proc/self/root"));
      REFUSED ("chdir /proc/self/root", chdir ("/proc/self/root"));
      CHECK ("every mode: the hidden file is untouched",
	     host_file_is ("hidden.txt", "hidden bytes\n")
	     && real_stat ("hidden.txt", &st) == 0
	     && (st.st_mode & 07777) == 0644);
    }
#undef REFUSED
  real_close (hidden);

  /* Allowed: reading /proc, and what only looks at a magic link.  */
  int fd = open ("/proc/self/status", O_RDONLY);
  CHECK ("every mode: /proc/self/status opens", fd >= 0);
  CHECK ("every mode: /proc/self/status reads", read (fd, buf, 5) == 5
	 && memcmp (buf, "Name:", 5) == 0);
  close (fd);
  CHECK_INT ("every mode: stat of /proc/self/mem (attributes only)",
	     stat ("/proc/self/mem", &st), 0);
  CHECK_INT ("every mode: lstat of /proc/self/cwd (the link itself)",
	     lstat ("/proc/self/cwd", &st), 0);
  CHECK ("every mode: lstat of /proc/self/cwd: S_ISLNK", S_ISLNK (st.st_mode));
  CHECK_INT ("every mode: readlink of /proc/self/cwd reads its text",
	     readlink ("/proc/self/cwd", buf, sizeof buf), strlen (here));

  /* ELOOP where open gives it.  */
  CHECK_ERRNO ("every mode: a loop of symlinks: ELOOP",
	       try_open ("loop-a", O_RDONLY), ELOOP);
  CHECK_ERRNO ("every mode: stat of a loop: ELOOP", stat ("loop-a", &st),
	       ELOOP);
  CHECK_ERRNO ("every mode: O_NOFOLLOW on a symlink: ELOOP",
	       try_open ("ln-plain", O_RDONLY | O_NOFOLLOW), ELOOP);
  CHECK_ERRNO ("every mode: O_NOFOLLOW on /proc/self/cwd: ELOOP",
	       try_open ("/proc/self/cwd", O_RDONLY | O_NOFOLLOW), ELOOP);

  /* Ordinary absolute paths work as before.  */
  CHECK ("every mode: an absolute path", client_reads (outside ("plain.txt"),
						       "plain\n"));
  fd = open (outside ("made.txt"), O_WRONLY | O_CREAT | O_EXCL, 0644);
  CHECK ("every mode: create by absolute path", fd >= 0);
  CHECK_INT ("every mode: write by absolute path", write (fd, "made\n", 5),
	     5);
  close (fd);
  CHECK ("every mode: the host sees it", host_file_is ("made.txt", "made\n"));
  CHECK_INT ("every mode: rename by absolute paths",
	     rename (outside ("made.txt"), outside ("moved.txt")), 0);
  CHECK_INT ("every mode: unlink by absolute path",
	     unlink (outside ("moved.txt")), 0);
  CHECK ("every mode: /etc/passwd reads",
	 (fd = open ("/etc/passwd", O_RDONLY)) >= 0 && close (fd) == 0);
  CHECK_INT ("every mode: chdir by absolute path", chdir (here), 0);
  CHECK ("every mode: getcwd is the launcher's",
	 getcwd (path, sizeof path) && real_getcwd (buf, sizeof buf)
	 && strcmp (path, buf) == 0 && strcmp (path, here) == 0);
  CHECK_INT ("every mode: chdir ..", chdir (".."), 0);
}

/* A file's attributes that a call on a descriptor could change.  */
struct attributes
{
  mode_t mode;
  uid_t uid;
  gid_t gid;
  off_t size;
  struct timespec mtime, ctime;
};

static bool
attributes_of (const char *path, struct attributes *a)
{
  struct stat st;

  if (real_stat (path, &st) != 0)
    return false;
  *a = (struct attributes) {
    st.st_mode, st.st_uid, st.st_gid, st.st_size, st.st_mtim, st.st_ctim,
  };
  return true;
}

static bool
attributes_same (const struct attributes *a, const struct attributes *b)
{
  return a->mode == b->mode && a->uid == b->uid && a->gid == b->gid
	 && a->size == b->size && a->mtime.tv_sec == b->mtime.tv_sec
	 && a->mtime.tv_nsec == b->mtime.tv_nsec
	 && a->ctime.tv_sec == b->ctime.tv_sec
	 && a->ctime.tv_nsec == b->ctime.tv_nsec;
}

/* A call on a descriptor of the file at PATH: EXPR returned GOT with
   errno E; it must have failed with errno WANT and left the file's
   attributes as BEFORE.  A mode it changed is put back, so that a
   server that lets the call through leaves /dev/null and /proc as they
   were for what runs after.  */
static void
descriptor_call_seen (const char *name, const char *expr, long long got,
		      int e, int want, const char *path,
		      const struct attributes *before)
{
  struct attributes after;
  bool same = attributes_of (path, &after) && attributes_same (before,
							      &after);

  if (!same && after.mode != before->mode)
    real_chmod (path, before->mode & 07777);
  tally_attempt (got == -1 && e == want, !same);
  if (got != -1 || e != want)
    check (false, name, "%s = %lld errno %s, expected -1 errno %s", expr,
	   got, errno_name (e), errno_name (want));
  else
    check (same, name, "refused, but %s changed", path);
}

#define DESCRIPTOR_CALL(name, expr, want, path)				\
  do									\
    {									\
      struct attributes before_;					\
      attributes_of ((path), &before_);					\
      errno = 0;							\
      long long got_ = (expr);						\
      descriptor_call_seen ((name), #expr, got_, errno, (want), (path),	\
			    &before_);					\
    }									\
  while (0)

/* F_SETFL adding O_APPEND to FD's flags; what it returned, the flags as
   they were after it.  */
static int
set_append (int fd)
{
  int flags = fcntl (fd, F_GETFL);

  return flags < 0 ? -1 : fcntl (fd, F_SETFL, flags | O_APPEND);
}

/* The calls on a descriptor that change its file (fchmod, ftruncate,
   F_SETFL's O_APPEND), in MODE, on descriptors of files the mode keeps
   from change: /dev/null opened by name, a file of procfs, a file
   outside the sandbox opened before it was set and a duplicate of it,
   and a file outside given as standard input (guest 0).  Each must be
   refused as the call on its path would be (EROFS under --read-only,
   EACCES for procfs in every mode and outside a sandbox), leaving the
   file as it was; reading and writing them, and fsync, stay allowed.  */
static void
descriptor_calls (enum tally_mode mode)
{
  bool sandboxed = mode == MODE_SANDBOX || mode == MODE_SANDBOX_READ_ONLY;
  bool read_only = mode == MODE_READ_ONLY || mode == MODE_SANDBOX_READ_ONLY;
  const char *label = mode_names[mode];
  struct stat st;
  char buf[8], pre_path[PATH_MAX], stdin_path[PATH_MAX];

  tally_mode = mode;
  /* outside's buffers rotate.  */
  snprintf (pre_path, sizeof pre_path, "%s", outside ("pre.txt"));
  snprintf (stdin_path, sizeof stdin_path, "%s", outside ("stdin.txt"));
  CHECK_INT (name_of ("descriptors %s: unconfined first", label),
	     rpc_server_confine (harness_server (), NULL, false), 0);
  spit (outside ("pre.txt"), "before the sandbox\n", 19);
  spit (outside ("stdin.txt"), "standard input\n", 15);
  spit (outside ("box/in.txt"), "inside\n", 7);
  real_chmod (outside ("pre.txt"), 0644);
  real_chmod (outside ("stdin.txt"), 0644);
  real_chmod (outside ("box/in.txt"), 0644);
  int pre = open (outside ("pre.txt"), O_RDWR);
  int proc = open ("/proc/cpuinfo", O_RDONLY);
  real_mkdir (outside ("pre-dir"), 0755);
  int pre_dir = open (outside ("pre-dir"), O_RDONLY | O_DIRECTORY);
  /* The launcher's standard input, as "<> stdin.txt" would give it.  */
  int saved_stdin = real_fcntl (0, F_DUPFD_CLOEXEC, 3);
  int stdin_file = real_open (outside ("stdin.txt"), O_RDWR);
  real_dup2 (stdin_file, 0);
  real_close (stdin_file);
  if (!confined (name_of ("descriptors %s: confine", label),
		 sandboxed ? box : NULL, read_only))
    sandboxed = read_only = false;
  int null = open ("/dev/null", O_RDWR);
  int dup_pre = dup (pre);
  CHECK (name_of ("descriptors %s: the descriptors open", label),
	 pre >= 0 && proc >= 0 && null >= 0 && dup_pre >= 0);

  const struct
  {
    const char *name, *path;
    int fd;
    mode_t mode;		/* fchmod's: a change, or the same mode,
				   which changes the ctime.  */
  } targets[] = {
    { "/dev/null by name", "/dev/null", null, 0666 },
    { "/proc/cpuinfo", "/proc/cpuinfo", proc, 0444 },
    { "a file opened before the sandbox", pre_path, pre, 0600 },
    { "its duplicate", pre_path, dup_pre, 0600 },
    { "standard input, a file outside", stdin_path, 0, 0600 },
  };
  for (size_t t = 0; t < sizeof targets / sizeof *targets; t++)
    {
      const char *name = targets[t].name, *path = targets[t].path;
      int fd = targets[t].fd;
      bool procfs = strcmp (path, "/proc/cpuinfo") == 0;
      int want = read_only ? EROFS : EACCES;

      if (!read_only && !sandboxed && !procfs)
	/* The program may change them, as their paths.  */
	continue;
      DESCRIPTOR_CALL (name_of ("descriptors %s: fchmod of %s: %s", label,
				name, errno_name (want)),
		       fchmod (fd, targets[t].mode), want, path);
      DESCRIPTOR_CALL (name_of ("descriptors %s: ftruncate of %s: %s", label,
				name, errno_name (want)),
		       ftruncate (fd, 1), want, path);
      DESCRIPTOR_CALL (name_of ("descriptors %s: F_SETFL O_APPEND on %s: %s",
				label, name, errno_name (want)),
		       set_append (fd), want, path);
      DESCRIPTOR_CALL (name_of ("descriptors %s: fchown of %s: %s", label,
				name, errno_name (want)),
		       fchown (fd, real_getuid (), real_getgid ()), want, path);
      DESCRIPTOR_CALL (name_of ("descriptors %s: futimens of %s: %s", label,
				name, errno_name (want)),
		       futimens (fd, NULL), want, path);
      CHECK (name_of ("descriptors %s: %s has no O_APPEND", label, name),
	     !(fcntl (fd, F_GETFL) & O_APPEND));
      CHECK (name_of ("descriptors %s: %s still reads", label, name),
	     fd == null ? read (fd, buf, sizeof buf) == 0
	     : lseek (fd, 0, SEEK_SET) == 0 && read (fd, buf, 4) == 4);
    }

  /* What stays allowed: writing /dev/null and a file handed over,
     F_SETFL's O_NONBLOCK, fsync.  */
  CHECK_INT (name_of ("descriptors %s: /dev/null takes writes", label),
	     write (null, "gone", 4), 4);
  if (!read_only)
    {
      CHECK_INT (name_of ("descriptors %s: the file opened before takes "
			  "writes", label),
		 lseek (pre, 0, SEEK_END) >= 0 ? write (pre, "+", 1) : -1, 1);
      CHECK_INT (name_of ("descriptors %s: fsync of it", label), fsync (pre),
		 0);
      CHECK_INT (name_of ("descriptors %s: fdatasync of standard input",
			  label), fdatasync (0), 0);
    }
  CHECK_INT (name_of ("descriptors %s: F_SETFL O_NONBLOCK on /dev/null",
		      label), fcntl (null, F_SETFL, O_NONBLOCK), 0);
  if (sandboxed && !read_only)
    {
      /* A file beneath the sandbox is the program's to change.  */
      int in = open ("in.txt", O_RDWR);
      CHECK_INT (name_of ("descriptors %s: fchmod of a file inside", label),
		 fchmod (in, 0600), 0);
      CHECK_INT (name_of ("descriptors %s: ftruncate of a file inside",
			  label), ftruncate (in, 1), 0);
      CHECK_INT (name_of ("descriptors %s: F_SETFL O_APPEND on a file "
			  "inside", label), set_append (in), 0);
      CHECK (name_of ("descriptors %s: the host sees them", label),
	     real_stat (outside ("box/in.txt"), &st) == 0
	     && (st.st_mode & 07777) == 0600 && st.st_size == 1);
      close (in);
    }
  if (mode == MODE_DEFAULT)
    {
      CHECK_INT (name_of ("descriptors %s: fchmod of a file outside any "
			  "sandbox", label), fchmod (pre, 0600), 0);
      CHECK (name_of ("descriptors %s: the host sees it", label),
	     real_stat (outside ("pre.txt"), &st) == 0
	     && (st.st_mode & 07777) == 0600);
    }

  if (sandboxed)
    {
      /* A directory opened before the sandbox leads outside it: no *at
	 call resolves from it, nor does fchdir make it the working
	 directory.  */
      int change = read_only ? EROFS : EACCES;
      REFUSAL (name_of ("descriptors %s: openat from a directory opened "
			"before: %s", label, errno_name (change)),
	       openat (pre_dir, "made", O_WRONLY | O_CREAT, 0644), change);
      REFUSAL (name_of ("descriptors %s: openat of it for reading: EACCES",
			label), openat (pre_dir, ".", O_RDONLY), EACCES);
      REFUSAL (name_of ("descriptors %s: fstatat from it: EACCES", label),
	       fstatat (pre_dir, ".", &st, 0), EACCES);
      REFUSAL (name_of ("descriptors %s: mkdirat from it: %s", label,
			errno_name (change)),
	       mkdirat (pre_dir, "made", 0755), change);
      REFUSAL (name_of ("descriptors %s: fchdir to it: EACCES", label),
	       fchdir (pre_dir), EACCES);
      CHECK (name_of ("descriptors %s: nothing made there", label),
	     real_access (outside ("pre-dir/made"), F_OK) != 0);
      CHECK_INT (name_of ("descriptors %s: fstatat of it, AT_EMPTY_PATH, "
			  "as fstat", label),
		 fstatat (pre_dir, "", &st, AT_EMPTY_PATH), 0);
    }
  close (pre_dir);
  close (dup_pre);
  close (null);
  close (proc);
  close (pre);
  real_dup2 (saved_stdin, 0);
  real_close (saved_stdin);
  rpc_server_confine (harness_server (), NULL, false);
}

static void
descriptor_phase (void)
{
  enter_phase ("fd");
  real_mkdir (box, 0755);
  for (int mode = 0; mode < MODES; mode++)
    descriptor_calls (mode);
}

/* The environment the program imports, as getenv_r.c does: its length,
   then the block, split at the NULs.  NULL-terminated, malloc'd with its
   strings.  */
static char **
imported_environment (void)
{
  struct __nvptx_rpc_call call = { .opcode = NVPTX_RPC_ENVIRON };
  long long total = __nvptx_rpc_call (&call);
  char *block = malloc (total + 1), **env;
  size_t count = 0;

  call.in = block;
  call.in_length = total;
  if (total < 0 || __nvptx_rpc_call (&call) != total)
    abort ();
  for (long long i = 0; i < total; i++)
    count += block[i] == '\0';
  env = malloc ((count + 1) * sizeof *env + total + 1);
  memcpy (env + count + 1, block, total);
  char *at = (char *) (env + count + 1);
  for (size_t i = 0; i < count; i++, at += strlen (at) + 1)
    env[i] = at;
  env[count] = NULL;
  free (block);
  return env;
}

/* ENV, joined as "A=1 B=2".  */
static const char *
joined (char **env)
{
  static char text[65536];
  size_t at = 0;

  text[0] = '\0';
  for (; *env && at < sizeof text - 1; env++)
    at += snprintf (text + at, sizeof text - at, "%s%s", at ? " " : "",
		    *env);
  return text;
}

/* Set the environment, then what the client imports must be WANT.  */
static void
environment_is (const char *name, bool inherit,
		const char *const *settings, size_t count, const char *want)
{
  int rc = rpc_server_set_environment (harness_server (), inherit, settings,
				       count);
  char **env = imported_environment ();

  check (rc == 0 && strcmp (joined (env), want) == 0,
	 name_of ("environment: %s", name), "got \"%.200s\", rc %d",
	 joined (env), rc);
  free (env);
}

static void
environment_phase (void)
{
  char want[65536];

  /* The host's environment, with one variable changed and one added.  */
  snprintf (want, sizeof want, "%s", joined (environ));
  char **env = imported_environment ();
  check (strcmp (joined (env), want) == 0,
	 "environment: by default, the launcher's", "%.200s", joined (env));
  free (env);

  environment_is ("--no-env: empty", false, NULL, 0, "");
  static const char *const picked[] = {
    "NVPTX_RPC_TEST_PASS", "A=1", "B=two=2", "NVPTX_RPC_TEST_MISSING", "C=",
  };
  environment_is ("--no-env --env NAME --env NAME=VALUE...", false, picked, 5,
		  "NVPTX_RPC_TEST_PASS=passed through A=1 B=two=2 C=");
  static const char *const twice[] = { "A=1", "A=2" };
  environment_is ("the last setting of a name wins", false, twice, 2, "A=2");
  static const char *const unset[] = { "NVPTX_RPC_TEST_MISSING=1",
				       "NVPTX_RPC_TEST_MISSING" };
  environment_is ("a bare name the launcher lacks removes it", false, unset,
		  2, "");

  /* The whole host environment, NVPTX_RPC_TEST_PASS changed in place.  */
  static const char *const changed[] = { "NVPTX_RPC_TEST_PASS=changed",
					 "NVPTX_RPC_TEST_OTHER",
					 "ADDED=yes" };
  size_t at = 0;
  want[0] = '\0';
  for (char **e = environ; *e; e++)
    at += snprintf (want + at, sizeof want - at, "%s%s", at ? " " : "",
		    strncmp (*e, "NVPTX_RPC_TEST_PASS=", 20) == 0
		    ? "NVPTX_RPC_TEST_PASS=changed" : *e);
  snprintf (want + at, sizeof want - at, " ADDED=yes");
  environment_is ("the launcher's, with --env", true, changed, 3, want);

  static const char *const nameless[] = { "=x" };
  CHECK_ERRNO ("environment: a setting without a name: EINVAL",
	       rpc_server_set_environment (harness_server (), false, nameless,
					   1), EINVAL);
  static const char *const empty[] = { "" };
  CHECK_ERRNO ("environment: an empty setting: EINVAL",
	       rpc_server_set_environment (harness_server (), false, empty,
					   1), EINVAL);
  env = imported_environment ();
  check (strcmp (joined (env), want) == 0,
	 "environment: a refused setting changes nothing", "%.200s",
	 joined (env));
  free (env);
}

int
main (void)
{
  /* Before the server's snapshot of the environment.  */
  setenv ("NVPTX_RPC_TEST_PASS", "passed through", 1);
  setenv ("NVPTX_RPC_TEST_OTHER", "other", 1);
  unsetenv ("NVPTX_RPC_TEST_MISSING");

  harness_begin ("test-sandbox");
  real_getcwd (scratch, sizeof scratch);
  int fds_at_start = host_fds_open ();
  size_t nruns;
  const struct harness_run *runs = harness_runs (&nruns);

  for (size_t r = 0; r < nruns; r++)
    {
      run_begin (&runs[r], NULL);
      tallying = r == 0;
      sandbox_phase ();
      run_end ();
    }
  compare_runs ("sandbox");
  CHECK_INT ("sandbox: no host fd left open", host_fds_open (), fds_at_start);
  for (size_t r = 0; r < nruns; r++)
    {
      run_begin (&runs[r], NULL);
      tallying = r == 0;
      read_only_phase (&runs[r]);
      run_end ();
    }
  compare_runs ("read-only");
  for (size_t r = 0; r < nruns; r++)
    {
      run_begin (&runs[r], NULL);
      tallying = r == 0;
      every_mode_phase ();
      run_end ();
    }
  compare_runs ("every mode");
  for (size_t r = 0; r < nruns; r++)
    {
      run_begin (&runs[r], NULL);
      tallying = r == 0;
      descriptor_phase ();
      run_end ();
    }
  compare_runs ("descriptors");
  for (size_t r = 0; r < nruns; r++)
    {
      run_begin (&runs[r], NULL);
      tallying = r == 0;
      environment_phase ();
      run_end ();
    }
  compare_runs ("environment");
  CHECK_INT ("no host fd left open", host_fds_open (), fds_at_start);
  printf ("# escape attempts (docs/security.md): mode, attempts, refused, "
	  "harmless, escaped\n");
  for (int mode = 0; mode < MODES; mode++)
    printf ("# | %s | %u | %u | %u | %u |\n", mode_names[mode],
	    tally[mode].attempts, tally[mode].refused, tally[mode].harmless,
	    tally[mode].escaped);
  return harness_end ();
}
