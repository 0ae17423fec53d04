/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* fnmatch, glob, ftw and nftw, the client's (newlib-nvptx-rpc/fnmatch.c,
   glob.c, ftw.c) against glibc's own: fnmatch on every pattern, name
   and combination of flags of the tables below; glob and nftw over a
   scratch tree (symbolic links to a directory, to a file, to nothing,
   to "."; hidden files; names with '*' and '\'; a directory without
   permissions unless the test runs as root, who reads it anyway) through
   the real server at each window, without DMA and with it: the same
   paths, kinds, bases, levels, working directories, return values and
   errno, compared as strings.  Both read the same directories, so the
   order of nftw's calls is compared too.  Then glob and nftw under
   --sandbox: a directory outside is EACCES, as every call's.  The
   values of the flags are glibc's here, newlib's on the GPU: the code
   uses the names.  */

#define _GNU_SOURCE
#include <fnmatch.h>
#include <ftw.h>
#include <glob.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

extern int real_fnmatch (const char *pattern, const char *name, int flags)
  HARNESS_REAL (fnmatch);
extern int real_glob (const char *pattern, int flags,
		      int (*errfunc) (const char *, int), glob_t *pglob)
  HARNESS_REAL (glob);
extern void real_globfree (glob_t *pglob) HARNESS_REAL (globfree);
extern int real_nftw (const char *path,
		      int (*fn) (const char *, const struct stat *, int,
				 struct FTW *), int fd_limit, int flags)
  HARNESS_REAL (nftw);
extern int real_ftw (const char *path,
		     int (*fn) (const char *, const struct stat *, int),
		     int fd_limit) HARNESS_REAL (ftw);

/* Patterns and names, each tried under every combination of flags.  */
static const char *const fn_patterns[] = {
  "", "*", "?", "a", "abc", "a*", "*c", "a*c", "a?c", "*.c", ".*", "*.*",
  "a*b*c", "**", "*a*a*a*b", "[abc]", "[!abc]", "[^abc]", "[a-c]x",
  "[]]", "[]a]", "[!]]", "[]-a]", "[a-]", "[-a]", "[", "[a", "[!", "[]",
  "a[", "[[]", "[\\]]", "[\\!a]", "\\*", "\\?", "\\[a]", "a\\", "\\",
  "\\a\\b", "[[:alpha:]]*", "[[:digit:]][[:digit:]]", "[[:upper:]]",
  "[[:lower:]]", "[[:space:]]", "[[:punct:]]", "[[:xdigit:]]*",
  "[[:alnum:][:punct:]]", "[![:alpha:]]", "[[:bogus:]]", "[[:alpha:]",
  "[[.a.]]", "[[=a=]]", "[[.a.]-c]", "[[.-.]]", "[A-Z]", "[a-z]", "A*",
  "*/*", "a/*", "a/?", "a/[b.]", "*/b", "a*/b", "a/b", "a\\/b", "a[/]b",
  "a?b", "a*b", "*b", "a/.*", "a/*c", ".a/b", "*/.b", "?a", "[.]a",
  "\\.a", ".a", "a/", "a/b/", "*/", "a/**", "**/c", "*a*/*", "a*/*/c",
  "x*y*z", "*x", "[a-c][a-c]*", "[z-a]", "[[:ALPHA:]]", "[!/]",
  "*[!a]", "ab*", "a*c*", "\\\\", "[\\\\]", "[\\]", "[a\\-c]"
};
static const char *const fn_names[] = {
  "", "a", "abc", "abbc", "ac", "aXc", "a.c", ".c", ".a", "..", ".",
  "x.c", "aaab", "aaaab", "aaaaab", "b", "d", "]", "[", "!", "^", "-",
  "\\", "*", "?", "[a]", "a[", "ab", "A", "Z", "z", "Abc", "5", "55",
  " ", ".", "x", "a/b", "a/.b", "a/bc", "a/b/c", "a/.", "a/c", ".a/b",
  "x/.b", "a//b", "ab/c", "abc/d", "aa/b/c", "a/", "xyz", "xaybzc",
  "/", "a\\b", "a\\", "ab/", "a-c", "-", "b/a", "\\a"
};

/* Patterns for glob, over the tree scratch_tree makes.  */
static const char *const glob_patterns[] = {
  "*", ".*", "*/", "*/*", "d*", "d*/*", "dir/*", "dir/.*", "dir/*/",
  "dir/sub/*", "*/sub", "*/sub/", "*/*/*", "file?", "file[0-9]",
  "file[!1]", "f*e1", "nofile", "file1", "dir", "dir/", "dir/sub",
  "nodir/*", "nodir/x", "file1/*", "file1/", "link*", "link*/", "link*/*",
  "dangling", "dang*", "quoted\\*", "quoted*", "quoted\\\\*", "\\*",
  "[[]*", "star*", "dir/sub/deep/*", "*/sub/deep", "dir/.h*", "dir/\\.h*",
  "dir/[.]h*", "*/", ".", "..", "./file1", "./*", "dir/../file*",
  "dir//sub", "dir//*", "", "/", "*z", "[A-Z]*", "???", "*1", "file[",
  "dir/sub/deep/leaf", "loop*", "loop/*", "locked/*", "locked/x", "lock*/*", "*/s1/", "dir/sub/s1/", "dir/sub/s1//", "dir//", "//", "*//", "linkfile/", "dangling/", "*/*/"
};

/* A string that grows, for the description of a result.  */
struct text
{
  char *s;
  size_t len, room;
};

static void
add (struct text *t, const char *fmt, ...)
{
  va_list ap;
  for (;;)
    {
      va_start (ap, fmt);
      int n = vsnprintf (t->s ? t->s + t->len : NULL,
			 t->s ? t->room - t->len : 0, fmt, ap);
      va_end (ap);
      if (t->s != NULL && t->len + n < t->room)
	{
	  t->len += n;
	  return;
	}
      t->room = 2 * (t->len + n + 1) + 256;
      t->s = realloc (t->s, t->room);
      if (t->s == NULL)
	abort ();
    }
}

static void
clear (struct text *t)
{
  t->len = 0;
  if (t->s)
    t->s[0] = '\0';
}

static void
fnmatch_cases (void)
{
  /* Every combination of the five flags.  */
  int all = FNM_PATHNAME | FNM_NOESCAPE | FNM_PERIOD | FNM_LEADING_DIR
    | FNM_CASEFOLD;
  size_t checked = 0;

  for (int flags = 0; flags <= all; flags++)
    {
      if (flags & ~all)
	continue;
      char first[256] = "";
      size_t differ = 0;
      for (size_t i = 0; i < sizeof fn_patterns / sizeof *fn_patterns; i++)
	for (size_t j = 0; j < sizeof fn_names / sizeof *fn_names; j++)
	  {
	    int want = real_fnmatch (fn_patterns[i], fn_names[j], flags);
	    int got = fnmatch (fn_patterns[i], fn_names[j], flags);
	    checked++;
	    if (got != want && differ++ == 0)
	      snprintf (first, sizeof first, "\"%s\" \"%s\": %d, glibc %d",
			fn_patterns[i], fn_names[j], got, want);
	  }
      check (differ == 0, name_of ("fnmatch, flags %#x: as glibc", flags),
	     "%zu differ, first %s", differ, first);
    }
  note ("fnmatch: %zu cases", checked);
  CHECK ("fnmatch: FNM_NOMATCH is 1", fnmatch ("a", "b", 0) == FNM_NOMATCH);
}

/* Make a file of PATH.  */
static void
make_file (const char *path)
{
  int fd = real_open (path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  check (fd >= 0, name_of ("tree: %s", path), "%s", strerror (errno));
  real_close (fd);
}

static bool as_root;

static void
scratch_tree (void)
{
  static const char *const dirs[] = {
    "dir", "dir/sub", "dir/sub/deep", "dir/empty", "dir/.hidden",
    "dir/.hidden/in", "locked", "locked/inside"
  };
  static const char *const files[] = {
    "file1", "file2", "file3", ".dotfile", "Upper", "quoted*", "quoted\\x",
    "*", "[x", "star", "dir/a", "dir/b", "dir/.hb", "dir/sub/deep/leaf",
    "dir/sub/s1", "dir/.hidden/in/x", "locked/secret"
  };
  static const char *const links[][2] = {
    { "dir", "linkdir" }, { "file1", "linkfile" }, { "nowhere", "dangling" },
    { ".", "loop" }
  };

  for (size_t i = 0; i < sizeof dirs / sizeof *dirs; i++)
    CHECK_INT (name_of ("tree: mkdir %s", dirs[i]), real_mkdir (dirs[i], 0755),
	       0);
  for (size_t i = 0; i < sizeof files / sizeof *files; i++)
    make_file (files[i]);
  for (size_t i = 0; i < sizeof links / sizeof *links; i++)
    CHECK_INT (name_of ("tree: symlink %s", links[i][1]),
	       real_symlink (links[i][0], links[i][1]), 0);
  /* Unreadable, and not searchable: EACCES for glob's opendir, FTW_DNR
     for nftw; but not for root.  */
  CHECK_INT ("tree: chmod locked 0", real_chmod ("locked", 0), 0);
}

static void
unlock_tree (void)
{
  CHECK_INT ("tree: chmod locked 0755", real_chmod ("locked", 0755), 0);
}

static struct text *errfunc_log;
static int errfunc_result;

static int
log_error (const char *path, int error)
{
  add (errfunc_log, " errfunc (%s, %s)", path, errno_name (error));
  return errfunc_result;
}

/* glob's return value, and on success gl_pathc, the gl_offs NULLs, the
   paths, and the NULL after them; each errfunc call.  */
static void
describe_glob (struct text *t, int r, const glob_t *g, int flags)
{
  add (t, "%d", r);
  if (r != 0)
    return;
  size_t offs = (flags & GLOB_DOOFFS) ? g->gl_offs : 0;
  add (t, " [%zu]", (size_t) g->gl_pathc);
  for (size_t i = 0; i < offs + g->gl_pathc; i++)
    add (t, " %s", g->gl_pathv[i] ? g->gl_pathv[i] : "(NULL)");
  if (g->gl_pathv[offs + g->gl_pathc] != NULL)
    add (t, " (not NULL-terminated)");
}

static void
glob_cases (void)
{
  static const struct { int flags; const char *name; } sets[] = {
    { 0, "0" }, { GLOB_MARK, "GLOB_MARK" }, { GLOB_NOCHECK, "GLOB_NOCHECK" },
    { GLOB_NOESCAPE, "GLOB_NOESCAPE" }, { GLOB_ERR, "GLOB_ERR" },
    { GLOB_DOOFFS, "GLOB_DOOFFS" }, { GLOB_ERR | GLOB_MARK, "GLOB_ERR|MARK" },
    { GLOB_MARK | GLOB_NOCHECK | GLOB_NOESCAPE, "GLOB_MARK|NOCHECK|NOESCAPE" }
  };
  struct text want = { 0 }, got = { 0 };
  size_t checked = 0;

  for (int e = 0; e < 3; e++)
    for (size_t s = 0; s < sizeof sets / sizeof *sets; s++)
      {
	int flags = sets[s].flags;
	size_t differ = 0;
	char first[512] = "";
	for (size_t i = 0; i < sizeof glob_patterns / sizeof *glob_patterns;
	     i++)
	  {
	    const char *pattern = glob_patterns[i];
	    glob_t g;
	    int (*errfunc) (const char *, int) = e ? log_error : NULL;

	    /* glibc gives "dir//" for "*" followed by '/' with GLOB_MARK,
	       and "dir/" for any other pattern ending in '/'; the client
	       "dir/" for both (below).  */
	    if ((flags & GLOB_MARK) && strcmp (pattern, "*/") == 0)
	      continue;
	    errfunc_result = e == 2;
	    clear (&want);
	    clear (&got);
	    g.gl_offs = 2;
	    errfunc_log = &want;
	    int r = real_glob (pattern, flags, errfunc, &g);
	    describe_glob (&want, r, &g, flags);
	    if (r == 0)
	      real_globfree (&g);
	    g.gl_offs = 2;
	    errfunc_log = &got;
	    r = glob (pattern, flags, errfunc, &g);
	    describe_glob (&got, r, &g, flags);
	    if (r == 0)
	      globfree (&g);
	    checked++;
	    note ("glob \"%s\" %s e%d: %s", pattern, sets[s].name, e, got.s);
	    if (strcmp (want.s, got.s) != 0 && differ++ == 0)
	      snprintf (first, sizeof first, "\"%s\": %s, glibc %s", pattern,
			got.s, want.s);
	  }
	check (differ == 0,
	       name_of ("glob, %s, %s: as glibc", sets[s].name,
			e == 0 ? "no errfunc" : e == 1 ? "errfunc 0"
			: "errfunc 1"), "%zu differ, first %s", differ, first);
      }
  note ("glob: %zu cases", checked);

  /* GLOB_DOOFFS, then two GLOB_APPENDs, the second matching nothing.  */
  glob_t g1, g2;
  g1.gl_offs = g2.gl_offs = 1;
  int a1 = real_glob ("file*", GLOB_DOOFFS, NULL, &g1);
  int a2 = real_glob ("dir/*", GLOB_DOOFFS | GLOB_APPEND, NULL, &g1);
  int a3 = real_glob ("none*", GLOB_DOOFFS | GLOB_APPEND, NULL, &g1);
  int b1 = glob ("file*", GLOB_DOOFFS, NULL, &g2);
  int b2 = glob ("dir/*", GLOB_DOOFFS | GLOB_APPEND, NULL, &g2);
  int b3 = glob ("none*", GLOB_DOOFFS | GLOB_APPEND, NULL, &g2);
  clear (&want);
  clear (&got);
  add (&want, "%d %d %d: ", a1, a2, a3);
  add (&got, "%d %d %d: ", b1, b2, b3);
  describe_glob (&want, 0, &g1, GLOB_DOOFFS);
  describe_glob (&got, 0, &g2, GLOB_DOOFFS);
  check (strcmp (want.s, got.s) == 0, "glob: GLOB_DOOFFS then GLOB_APPEND",
	 "%s, glibc %s", got.s, want.s);
  CHECK_INT ("glob: GLOB_APPEND of nothing: GLOB_NOMATCH", b3, GLOB_NOMATCH);
  real_globfree (&g1);
  globfree (&g2);

  /* "*" then '/' with GLOB_MARK: the directories with one '/'.  */
  int r = glob ("*/", GLOB_MARK, NULL, &g1);
  clear (&got);
  describe_glob (&got, r, &g1, 0);
  if (r == 0)
    globfree (&g1);
  CHECK ("glob \"*/\" GLOB_MARK: one '/'",
	 strcmp (got.s, "0 [4] dir/ linkdir/ locked/ loop/") == 0);
  free (want.s);
  free (got.s);
}

static struct text *walk_log;
static int walk_calls, walk_stop;

static void
log_object (const char *path, const struct stat *st, int kind,
	    const struct FTW *info)
{
  char cwd[PATH_MAX];
  const char *here = real_getcwd (cwd, sizeof cwd) ? strrchr (cwd, '/') : "?";
  add (walk_log, "\n  %s kind %d", path, kind);
  if (info)
    add (walk_log, " base %d level %d", info->base, info->level);
  if (kind != FTW_NS)
    add (walk_log, " mode %o size %lld", (unsigned) st->st_mode,
	 S_ISDIR (st->st_mode) ? 0LL : (long long) st->st_size);
  add (walk_log, " in %s", here);
}

static int
walk_nftw (const char *path, const struct stat *st, int kind,
	   struct FTW *info)
{
  log_object (path, st, kind, info);
  return ++walk_calls == walk_stop ? 42 : 0;
}

static int
walk_ftw (const char *path, const struct stat *st, int kind)
{
  log_object (path, st, kind, NULL);
  return ++walk_calls == walk_stop ? 43 : 0;
}

static void
nftw_cases (void)
{
  static const char *const roots[] = {
    ".", "dir", "dir/", "./dir/sub", "file1", "dangling", "nothing", "",
    "linkdir", "loop", "dir/sub/deep/leaf", "locked", "linkfile"
  };
  int all = FTW_PHYS | FTW_MOUNT | FTW_CHDIR | FTW_DEPTH;
  struct text want = { 0 }, got = { 0 };
  char start[PATH_MAX], after[PATH_MAX];

  real_getcwd (start, sizeof start);
  for (int flags = 0; flags <= all; flags++)
    {
      if (flags & ~all)
	continue;
      size_t differ = 0;
      char first[1024] = "";
      for (size_t i = 0; i < sizeof roots / sizeof *roots; i++)
	for (walk_stop = 0; walk_stop <= 3; walk_stop += 3)
	  {
	    clear (&want);
	    clear (&got);
	    walk_log = &want;
	    walk_calls = 0;
	    errno = 0;
	    int r = real_nftw (roots[i], walk_nftw, 4, flags);
	    add (&want, "\n  %d %s", r, r == -1 ? errno_name (errno) : "");
	    walk_log = &got;
	    walk_calls = 0;
	    errno = 0;
	    r = nftw (roots[i], walk_nftw, 4, flags);
	    add (&got, "\n  %d %s", r, r == -1 ? errno_name (errno) : "");
	    real_getcwd (after, sizeof after);
	    if (strcmp (after, start) != 0)
	      {
		add (&got, "\n  left in %s", after);
		real_chdir (start);
	      }
	    if (strcmp (want.s, got.s) != 0 && differ++ == 0)
	      snprintf (first, sizeof first, "\"%s\", stop at %d:%s\nglibc:%s",
			roots[i], walk_stop, got.s, want.s);
	  }
      check (differ == 0, name_of ("nftw, flags %#x: as glibc", flags),
	     "%zu differ, first %s", differ, first);
    }
  walk_stop = 0;
  for (size_t i = 0; i < sizeof roots / sizeof *roots; i++)
    {
      clear (&want);
      clear (&got);
      walk_log = &want;
      int r = real_ftw (roots[i], walk_ftw, 4);
      add (&want, "\n  %d", r);
      walk_log = &got;
      r = ftw (roots[i], walk_ftw, 4);
      add (&got, "\n  %d", r);
      check (strcmp (want.s, got.s) == 0,
	     name_of ("ftw \"%s\": as glibc", roots[i]), "%s\nglibc:%s", got.s,
	     want.s);
    }
  free (want.s);
  free (got.s);
}

static int
never (const char *path, const struct stat *st, int kind, struct FTW *info)
{
  (void) st, (void) kind, (void) info;
  check (false, "sandbox: nftw calls nothing outside", "%s", path);
  return 1;
}

/* Confined to the run's directory: what is outside is EACCES.  */
static void
sandboxed (void)
{
  char box[PATH_MAX];
  struct text log = { 0 };
  glob_t g;

  if (!kernel_has_openat2 ())
    {
      note ("no openat2: sandbox checks skipped");
      return;
    }
  CHECK_INT ("sandbox: mkdir box", mkdir ("box", 0755), 0);
  make_file ("box/inside");
  CHECK_INT ("sandbox: symlink box/etc -> /etc", symlink ("/etc", "box/etc"),
	     0);
  real_getcwd (box, sizeof box);
  strcat (box, "/box");
  CHECK_INT ("sandbox: confine", rpc_server_confine (harness_server (), box,
						     false), 0);
  CHECK_INT ("sandbox: chdir into it", chdir (box), 0);
  errfunc_log = &log;
  errfunc_result = 0;
  clear (&log);
  int r = glob ("/etc/pass*", 0, log_error, &g);
  add (&log, " = %d", r);
  check (strcmp (log.s, name_of (" errfunc (/etc, EACCES) = %d",
				 GLOB_NOMATCH)) == 0,
	 "sandbox: glob /etc/pass*: EACCES, no match", "%s", log.s);
  clear (&log);
  r = glob ("etc/*", GLOB_ERR, log_error, &g);
  add (&log, " = %d", r);
  check (strcmp (log.s, name_of (" errfunc (etc, EACCES) = %d",
				 GLOB_ABORTED)) == 0,
	 "sandbox: glob etc/* GLOB_ERR: GLOB_ABORTED", "%s", log.s);
  clear (&log);
  r = glob ("*", 0, NULL, &g);
  describe_glob (&log, r, &g, 0);
  if (r == 0)
    globfree (&g);
  check (strcmp (log.s, "0 [2] etc inside") == 0, "sandbox: glob * inside",
	 "%s", log.s);
  CHECK_ERRNO ("sandbox: nftw /etc: EACCES", nftw ("/etc", never, 4, 0),
	       EACCES);
  CHECK_ERRNO ("sandbox: nftw etc (a link out): EACCES",
	       nftw ("etc", never, 4, 0), EACCES);
  CHECK_ERRNO ("sandbox: nftw .. : EACCES", nftw ("..", never, 4, 0), EACCES);
  free (log.s);
}

int
main (void)
{
  harness_begin ("test-match");
  as_root = real_geteuid () == 0;
  size_t nruns;
  const struct harness_run *runs = harness_runs (&nruns);
  for (size_t r = 0; r < nruns; r++)
    {
      run_begin (&runs[r], NULL);
      fnmatch_cases ();
      scratch_tree ();
      glob_cases ();
      nftw_cases ();
      unlock_tree ();
      run_end ();
    }
  compare_runs ("results");
  run_begin (&runs[0], NULL);
  sandboxed ();
  run_end ();
  if (as_root)
    printf ("test-match: run as root, who reads the unreadable directory:"
	    " EACCES and FTW_DNR were not reached\n");
  return harness_end ();
}
