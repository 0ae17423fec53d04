/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The POSIX functions the C library implements on the GPU itself, over
   the calls the host serves: getline and getdelim, basename and
   dirname, telldir and seekdir, scandir and alphasort, mmap
   (anonymous and of a file) with msync and munmap, posix_memalign and
   aligned_alloc, sched_yield, sigaction with raise, fnmatch, glob, ftw
   and nftw, iconv, regcomp, regexec and regerror.  Run natively and on the GPU, the output, status and
   files left behind must be identical (gpu.exp; differential.sh in CI,
   where getline, getdelim, posix_memalign, aligned_alloc, iconv and
   the regex functions are the host's).  Walks print their entries sorted: readdir's order is
   each directory's own.  Only relations are
   printed where the values are each C library's own (telldir's), and
   errno by name.  */

#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <ftw.h>
#include <glob.h>
#include <iconv.h>
#include <regex.h>
#include <libgen.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* A constant's name, for values that differ between C libraries.  */
struct constant { int value; const char *name; };
#define CONSTANT(name) { name, #name },

static const char *
constant_name (const struct constant *names, size_t count, int value,
	       const char *other)
{
  for (size_t i = 0; i < count; i++)
    if (names[i].value == value)
      return names[i].name;
  return other;
}

static const char *
errno_name (int e)
{
  static const struct constant names[] = {
    CONSTANT (ENOENT) CONSTANT (EBADF) CONSTANT (EINVAL) CONSTANT (ENOTDIR)
    CONSTANT (ENOMEM) CONSTANT (ENOSYS) CONSTANT (EACCES) CONSTANT (ENODEV)
    CONSTANT (EILSEQ) CONSTANT (E2BIG)
  };

  return constant_name (names, sizeof names / sizeof *names, e,
			"another errno");
}

static void
put_file (const char *path, const char *text)
{
  FILE *f = fopen (path, "w");

  if (f == NULL || fputs (text, f) == EOF || fclose (f) != 0)
    {
      printf ("cannot write %s: %s\n", path, errno_name (errno));
      exit (1);
    }
}

/* Lines as getline returns them, lengths and bytes; a line longer than
   any first buffer; one without a newline at the end; then -1.  */
static void
lines (void)
{
  char long_line[3001];
  memset (long_line, 'x', 3000);
  long_line[3000] = '\0';
  FILE *f = fopen ("lines.txt", "w");
  fprintf (f, "first\n\nthird: a:b:c\n%s\nno newline", long_line);
  fclose (f);

  f = fopen ("lines.txt", "r");
  char *line = NULL;
  size_t size = 0;
  ssize_t n;
  while ((n = getline (&line, &size, f)) != -1)
    {
      printf ("getline: %zd bytes, size >= %zd: %s, ", n, n + 1,
	      size >= (size_t) n + 1 ? "yes" : "no");
      if (n > 40)
	printf ("%zu 'x' then %s\n", strspn (line, "x"),
		line[n - 1] == '\n' ? "a newline" : "another byte");
      else
	printf ("\"%.*s\"\n", (int) (line[n - 1] == '\n' ? n - 1 : n), line);
      if (strlen (line) != (size_t) n)
	printf ("getline: not terminated after %zd bytes\n", n);
    }
  printf ("getline at the end: -1, feof %d\n", feof (f) != 0);

  rewind (f);
  while ((n = getdelim (&line, &size, ':', f)) != -1 && n < 40)
    printf ("getdelim ':': %zd bytes \"%s\"\n", n, line);
  fclose (f);

  /* A caller's buffer too small for the line: getline grows it.  */
  free (line);
  size = 2;
  line = malloc (size);
  f = fopen ("lines.txt", "r");
  n = getline (&line, &size, f);
  printf ("getline into 2 bytes: %zd \"%s\", grown: %s\n", n,
	  strtok (line, "\n"), size > 2 ? "yes" : "no");
  fclose (f);
  free (line);
  errno = 0;
  n = getline (NULL, &size, stdin);
  printf ("getline (NULL, ...): %zd %s\n", n, errno_name (errno));
  unlink ("lines.txt");
}

static void
path_parts (void)
{
  static const char *const paths[] = {
    "/usr/lib", "/usr/lib/", "usr", "usr/", "/", "//", "///", "//a",
    "//a/b", "a//b//", "///a///", ".", "..", "../x", "", "a/b/c.txt"
  };

  for (size_t i = 0; i < sizeof paths / sizeof *paths; i++)
    {
      char base[32], dir[32];
      strcpy (base, paths[i]);
      strcpy (dir, paths[i]);
      printf ("\"%s\": basename \"%s\", dirname \"%s\"\n", paths[i],
	      basename (base), dirname (dir));
    }
  printf ("NULL: basename \"%s\", dirname \"%s\"\n", basename (NULL),
	  dirname (NULL));
}

static int
not_dot (const struct dirent *entry)
{
  return entry->d_name[0] != '.';
}

static int
by_name_descending (const struct dirent **a, const struct dirent **b)
{
  return -strcmp ((*a)->d_name, (*b)->d_name);
}

static void
directories (void)
{
  static const char *const names[] = { "delta", "alpha", "echo", "charlie",
				       "bravo", ".hidden" };
  mkdir ("dir", 0755);
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    {
      char path[32];
      snprintf (path, sizeof path, "dir/%s", names[i]);
      put_file (path, names[i]);
    }

  /* seekdir back to telldir's position gives the same entries again.  */
  DIR *d = opendir ("dir");
  char seen[8][32];
  int count = 0;
  long at_third = -1;
  struct dirent *entry;
  for (;;)
    {
      if (count == 2)
	at_third = telldir (d);
      if (count == 8 || (entry = readdir (d)) == NULL)
	break;
      strcpy (seen[count++], entry->d_name);
    }
  printf ("readdir: %d entries\n", count);
  seekdir (d, at_third);
  int same = 0;
  for (int i = 2; i < count && (entry = readdir (d)) != NULL; i++)
    same += strcmp (entry->d_name, seen[i]) == 0;
  printf ("after seekdir to the third: %d of %d the same, then %s\n", same,
	  count - 2, readdir (d) == NULL ? "the end" : "more");
  rewinddir (d);
  entry = readdir (d);
  printf ("rewinddir: first entry again: %s\n",
	  entry && strcmp (entry->d_name, seen[0]) == 0 ? "yes" : "no");
  seekdir (d, at_third);
  entry = readdir (d);
  printf ("seekdir forward to the third: %s\n",
	  entry && strcmp (entry->d_name, seen[2]) == 0 ? "yes" : "no");
  closedir (d);

  struct dirent **list;
  int n = scandir ("dir", &list, not_dot, alphasort);
  printf ("scandir, no dot files, alphasort: %d:", n);
  for (int i = 0; i < n; i++)
    {
      printf (" %s", list[i]->d_name);
      free (list[i]);
    }
  printf ("\n");
  free (list);
  n = scandir ("dir", &list, NULL, by_name_descending);
  printf ("scandir, all, descending: %d:", n);
  for (int i = 0; i < n; i++)
    {
      printf (" %s", list[i]->d_name);
      free (list[i]);
    }
  printf ("\n");
  free (list);
  errno = 0;
  n = scandir ("no-such-dir", &list, NULL, alphasort);
  printf ("scandir no-such-dir: %d %s\n", n, errno_name (errno));
  errno = 0;
  n = scandir ("dir/alpha", &list, NULL, alphasort);
  printf ("scandir of a file: %d %s\n", n, errno_name (errno));

  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    {
      char path[32];
      snprintf (path, sizeof path, "dir/%s", names[i]);
      unlink (path);
    }
  rmdir ("dir");
}

/* An anonymous mapping: zeroed, on a page boundary, writable; unmapped.  */
static void
mapping (void)
{
  size_t length = 3 * 4096 + 100;
  long page = sysconf (_SC_PAGESIZE);
  unsigned char *p = mmap (NULL, length, PROT_READ | PROT_WRITE,
			   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED)
    {
      printf ("mmap: MAP_FAILED %s\n", errno_name (errno));
      return;
    }
  size_t zeros = 0;
  for (size_t i = 0; i < length; i++)
    zeros += p[i] == 0;
  memset (p, 0x5a, length);
  printf ("mmap anonymous: %zu of %zu bytes zero, on a page: %s, "
	  "written: %s\n", zeros, length,
	  (uintptr_t) p % page == 0 ? "yes" : "no",
	  p[length - 1] == 0x5a ? "yes" : "no");
  printf ("msync: %d\n", msync (p, length, MS_SYNC));
  printf ("munmap: %d\n", munmap (p, length));
  errno = 0;
  void *q = mmap (NULL, 0, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  printf ("mmap of 0 bytes: %s %s\n", q == MAP_FAILED ? "MAP_FAILED" : "a mapping",
	  errno_name (errno));
}

/* Whether the SIZE bytes at P hold the bytes fill writes from SEED.  */
static void
fill (unsigned char *p, size_t size, unsigned seed)
{
  for (size_t i = 0; i < size; i++)
    p[i] = (unsigned char) (seed + i * 7);
}

static int
filled (const unsigned char *p, size_t size, unsigned seed)
{
  for (size_t i = 0; i < size; i++)
    if (p[i] != (unsigned char) (seed + i * 7))
      return 0;
  return 1;
}

/* Whether the file at PATH holds SIZE bytes, those fill writes from
   SEED but where CHANGED (or NULL) says otherwise.  */
static const char *
file_holds (const char *path, size_t size, unsigned seed,
	    const char *changed)
{
  static unsigned char bytes[3 * 4096];
  int fd = open (path, O_RDONLY);
  ssize_t n = fd < 0 ? -1 : read (fd, bytes, sizeof bytes);

  if (fd >= 0)
    close (fd);
  if (n != (ssize_t) size)
    return "wrong size";
  for (size_t i = 0; i < size; i++)
    {
      unsigned char want = changed && changed[i] ? (unsigned char) changed[i]
		      : (unsigned char) (seed + i * 7);
      if (bytes[i] != want)
	return "wrong bytes";
    }
  return "as written";
}

/* Mappings of a file: a copy of its bytes, zeros past its end, at a
   page's offset; MAP_PRIVATE writes stay in the mapping, MAP_SHARED ones
   reach the file on msync and munmap (not past its end, and after its
   descriptor is closed); EACCES, ENODEV, EINVAL and EBADF as Linux.  */
static void
file_mapping (void)
{
  enum { size = 10000 };
  static unsigned char data[size];
  static char changed[size];
  long page = sysconf (_SC_PAGESIZE);
  int fd = open ("map.dat", O_RDWR | O_CREAT | O_TRUNC, 0644);

  fill (data, size, 3);
  if (fd < 0 || write (fd, data, size) != size)
    {
      printf ("cannot write map.dat: %s\n", errno_name (errno));
      return;
    }
  unsigned char *p = mmap (NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
  if (p == MAP_FAILED)
    printf ("mmap of a file: MAP_FAILED %s\n", errno_name (errno));
  else
    {
      size_t zeros = 0, end = (size + page - 1) / page * page;
      for (size_t i = size; i < end; i++)
	zeros += p[i] == 0;
      printf ("mmap MAP_PRIVATE: the file's bytes %s, %zu of %zu past its "
	      "end zero\n", filled (p, size, 3) ? "yes" : "no", zeros,
	      end - size);
      printf ("munmap: %d\n", munmap (p, size));
    }
  p = mmap (NULL, 4096, PROT_READ, MAP_SHARED, fd, page);
  printf ("mmap at offset one page: %s\n", p == MAP_FAILED ? "MAP_FAILED"
	  : memcmp (p, data + page, size - page < 4096 ? size - page : 4096)
	    == 0 ? "the file's bytes there" : "other bytes");
  if (p != MAP_FAILED)
    munmap (p, 4096);

  p = mmap (NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
  if (p != MAP_FAILED)
    {
      memset (p, 0x11, 100);
      printf ("MAP_PRIVATE written: munmap %d, file %s\n", munmap (p, size),
	      file_holds ("map.dat", size, 3, NULL));
    }

  p = mmap (NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (p == MAP_FAILED)
    printf ("mmap MAP_SHARED: MAP_FAILED %s\n", errno_name (errno));
  else
    {
      memset (p + 10, 'a', 20);
      memset (changed + 10, 'a', 20);
      int rc = msync (p, size, MS_SYNC);
      printf ("MAP_SHARED msync: %d, file %s\n", rc,
	      file_holds ("map.dat", size, 3, changed));
      memset (p + size - 5, 'b', 5);
      memset (changed + size - 5, 'b', 5);
      memset (p + size, 'c', 50);
      close (fd);
      rc = munmap (p, size);
      printf ("MAP_SHARED, descriptor closed, munmap: %d, file %s\n", rc,
	      file_holds ("map.dat", size, 3, changed));
    }

  errno = 0;
  fd = open ("map.dat", O_RDONLY);
  p = mmap (NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  printf ("MAP_SHARED writable of a read-only descriptor: %s %s\n",
	  p == MAP_FAILED ? "MAP_FAILED" : "a mapping", errno_name (errno));
  errno = 0;
  p = mmap (NULL, size, PROT_READ, MAP_PRIVATE, fd, 100);
  printf ("mmap at an offset not a page's: %s %s\n",
	  p == MAP_FAILED ? "MAP_FAILED" : "a mapping", errno_name (errno));
  close (fd);
  errno = 0;
  p = mmap (NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
  printf ("mmap of a closed descriptor: %s %s\n",
	  p == MAP_FAILED ? "MAP_FAILED" : "a mapping", errno_name (errno));
  fd = open ("map.dat", O_WRONLY);
  errno = 0;
  p = mmap (NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
  printf ("mmap of a write-only descriptor: %s %s\n",
	  p == MAP_FAILED ? "MAP_FAILED" : "a mapping", errno_name (errno));
  close (fd);
  fd = open (".", O_RDONLY);
  errno = 0;
  p = mmap (NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
  printf ("mmap of a directory: %s %s\n",
	  p == MAP_FAILED ? "MAP_FAILED" : "a mapping", errno_name (errno));
  close (fd);
  unlink ("map.dat");
}

/* posix_memalign and aligned_alloc: on the boundary asked for, all of
   the size writable, realloc keeping the bytes, free taking the block
   back (the blocks of each size are freed and taken again, so a free
   that gave the heap a wrong address would show); EINVAL for an
   alignment that is not a power of two multiple of sizeof (void *),
   ENOMEM for a size no heap has, *memptr left as it was.  */
static void
aligned (void)
{
  static const size_t alignments[] = { 8, 16, 32, 64, 256, 4096 };

  for (size_t i = 0; i < sizeof alignments / sizeof *alignments; i++)
    {
      size_t alignment = alignments[i];
      int good = 1;
      for (int round = 0; round < 3; round++)
	{
	  void *blocks[4];
	  for (int b = 0; b < 4; b++)
	    {
	      size_t size = 1 + b * 100 + round;
	      int rc = posix_memalign (&blocks[b], alignment, size);
	      if (rc != 0)
		{
		  printf ("posix_memalign %zu, %zu: %s\n", alignment, size,
			  errno_name (rc));
		  return;
		}
	      good &= (uintptr_t) blocks[b] % alignment == 0;
	      fill (blocks[b], size, b + round);
	    }
	  for (int b = 0; b < 4; b++)
	    {
	      good &= filled (blocks[b], 1 + b * 100 + round, b + round);
	      free (blocks[b]);
	    }
	}
      printf ("posix_memalign %zu: 12 blocks on the boundary, written, "
	      "freed: %s\n", alignment, good ? "yes" : "no");
    }

  void *p = NULL;
  int rc = posix_memalign (&p, 64, 100);
  fill (p, 100, 3);
  unsigned char *q = realloc (p, 5000);
  printf ("posix_memalign 64, 100: %d; realloc to 5000 keeps the 100 "
	  "bytes: %s\n", rc, q != NULL && filled (q, 100, 3) ? "yes" : "no");
  rc = posix_memalign (&p, 128, 300);
  fill (p, 300, 5);
  q = realloc (p, 40);
  printf ("posix_memalign 128, 300: %d; realloc to 40 keeps 40 bytes: "
	  "%s\n", rc, q != NULL && filled (q, 40, 5) ? "yes" : "no");
  free (q);

  static const size_t bad[] = { 0, 4, 12, 24, 100 };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
    {
      p = &rc;
      errno = 0;
      rc = posix_memalign (&p, bad[i], 16);
      printf ("posix_memalign alignment %zu: %s, pointer kept: %s, "
	      "errno kept: %s\n", bad[i], rc == 0 ? "0" : errno_name (rc),
	      p == &rc ? "yes" : "no", errno == 0 ? "yes" : "no");
    }
  p = &rc;
  rc = posix_memalign (&p, 64, SIZE_MAX - 8);
  printf ("posix_memalign of SIZE_MAX - 8: %s, pointer kept: %s\n",
	  rc == 0 ? "0" : errno_name (rc), p == &rc ? "yes" : "no");

  unsigned char *a = aligned_alloc (256, 1024);
  if (a != NULL)
    fill (a, 1024, 9);
  printf ("aligned_alloc 256, 1024: on the boundary: %s, written: %s\n",
	  a != NULL && (uintptr_t) a % 256 == 0 ? "yes" : "no",
	  a != NULL && filled (a, 1024, 9) ? "yes" : "no");
  free (a);
  a = aligned_alloc (4096, 4096);
  printf ("aligned_alloc 4096, 4096: on the boundary: %s\n",
	  a != NULL && (uintptr_t) a % 4096 == 0 ? "yes" : "no");
  free (a);
}

static volatile sig_atomic_t caught;

static void
on_usr1 (int sig)
{
  caught = sig;
}

static void
signals (void)
{
  struct sigaction action, old;

  memset (&action, 0, sizeof action);
  action.sa_handler = on_usr1;
  sigemptyset (&action.sa_mask);
  int rc = sigaction (SIGUSR1, &action, &old);
  printf ("sigaction SIGUSR1: %d\n", rc);
  printf ("the old action was SIG_DFL: %s\n",
	  old.sa_handler == SIG_DFL ? "yes" : "no");
  memset (&old, 0, sizeof old);
  rc = sigaction (SIGUSR1, NULL, &old);
  printf ("sigaction query: %d, the handler: %s\n", rc,
	  old.sa_handler == on_usr1 ? "yes" : "no");
  /* Once only: newlib's raise resets the handler before it calls it.  */
  rc = raise (SIGUSR1);
  printf ("raise SIGUSR1: %d, caught %s\n", rc,
	  caught == SIGUSR1 ? "SIGUSR1" : "nothing");
  action.sa_handler = SIG_IGN;
  sigaction (SIGUSR1, &action, NULL);
  caught = 0;
  rc = raise (SIGUSR1);
  printf ("ignored: raise %d, caught %s\n", rc,
	  caught ? "something" : "nothing");
  action.sa_handler = SIG_DFL;
  sigaction (SIGUSR1, &action, NULL);
  errno = 0;
  rc = sigaction (SIGKILL, &action, NULL);
  printf ("sigaction SIGKILL: %d %s\n", rc, errno_name (errno));
  errno = 0;
  rc = sigaction (0, &action, NULL);
  printf ("sigaction 0: %d %s\n", rc, errno_name (errno));
}

/* fnmatch: for each pattern, one character per name and flags: 0 for
   a match, 1 for none.  */
static void
matching (void)
{
  static const char *const patterns[] = {
    "*", "?", "a*c", "*.c", ".*", "[abc]", "[!abc]", "[^a-c]", "[]]",
    "[!]]", "[a-]", "[", "[a", "\\*", "\\", "a\\", "[[:alpha:]]*",
    "[[:digit:][:upper:]]", "[[:bogus:]]", "[[.a.]-c]", "[[=b=]]",
    "a/*", "*/b", "a?b", "*b", "a/.*", "A*", "[A-Z]", "a*/b", "*a*a*b"
  };
  static const char *const names[] = {
    "", "a", "abc", "a.c", ".c", ".a", "b", "]", "[", "\\", "*", "A",
    "Z", "5", "a/b", "a/.b", "ab/c", "aXb", "aaab", "-", "ab"
  };
  static const int flags[] = {
    0, FNM_NOESCAPE, FNM_PATHNAME, FNM_PERIOD, FNM_PATHNAME | FNM_PERIOD,
    FNM_CASEFOLD, FNM_LEADING_DIR, FNM_PATHNAME | FNM_LEADING_DIR
  };

  for (size_t i = 0; i < sizeof patterns / sizeof *patterns; i++)
    {
      printf ("fnmatch \"%s\":", patterns[i]);
      for (size_t f = 0; f < sizeof flags / sizeof *flags; f++)
	{
	  printf (" ");
	  for (size_t j = 0; j < sizeof names / sizeof *names; j++)
	    {
	      int r = fnmatch (patterns[i], names[j], flags[f]);
	      printf ("%c", r == 0 ? '0' : r == FNM_NOMATCH ? '1' : '?');
	    }
	}
      printf ("\n");
    }
}

/* The tree glob and nftw look at.  Its link to a directory leads out of
   it: through a link into the tree, which of the two nftw walks would
   be readdir's to say.  */
static const char *const tree_dirs[] = {
  "t", "t/dir", "t/dir/sub", "t/dir/.hidden", "t/empty", "u"
};
static const char *const tree_files[] = {
  "t/file1", "t/file2", "t/.dot", "t/a*b", "t/dir/x.c", "t/dir/y.c",
  "t/dir/.hx", "t/dir/sub/deep", "t/dir/.hidden/in", "u/f.c"
};
static const char *const tree_links[][2] = {
  { "../u", "t/link" }, { "nowhere", "t/dangling" }, { "file1", "t/lfile" }
};

static void
tree (int make)
{
  size_t n;
  if (make)
    {
      for (n = 0; n < sizeof tree_dirs / sizeof *tree_dirs; n++)
	mkdir (tree_dirs[n], 0755);
      for (n = 0; n < sizeof tree_files / sizeof *tree_files; n++)
	put_file (tree_files[n], "x");
      for (n = 0; n < sizeof tree_links / sizeof *tree_links; n++)
	symlink (tree_links[n][0], tree_links[n][1]);
      return;
    }
  for (n = 0; n < sizeof tree_links / sizeof *tree_links; n++)
    unlink (tree_links[n][1]);
  for (n = 0; n < sizeof tree_files / sizeof *tree_files; n++)
    unlink (tree_files[n]);
  for (n = sizeof tree_dirs / sizeof *tree_dirs; n-- > 0;)
    rmdir (tree_dirs[n]);
}

static int errfunc_calls;

static int
glob_error (const char *path, int error)
{
  printf ("  errfunc \"%s\" %s\n", path, errno_name (error));
  return errfunc_calls++ > 0;
}

static const char *
glob_status (int r)
{
  return r == 0 ? "0" : r == GLOB_NOMATCH ? "GLOB_NOMATCH"
    : r == GLOB_ABORTED ? "GLOB_ABORTED" : r == GLOB_NOSPACE ? "GLOB_NOSPACE"
    : "another";
}

static int
compare_strings (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static void
globbing (void)
{
  static const char *const patterns[] = {
    "t/*", "t/.*", "t/*/", "t/*/*", "t/d*/*.c", "t/dir/.h*", "t/[!f]*",
    "t/a\\*b", "t/*\\**", "t/file?", "t/nofile", "t/file1", "t/dir/",
    "t/file1/", "t/nodir/*", "t/l*/*", "t/dangling", "t/*/sub/deep", "*/"
  };
  static const struct { int flags; const char *name; } sets[] = {
    { 0, "0" }, { GLOB_MARK, "GLOB_MARK" }, { GLOB_NOCHECK, "GLOB_NOCHECK" },
    { GLOB_NOESCAPE, "GLOB_NOESCAPE" }, { GLOB_ERR, "GLOB_ERR" },
    { GLOB_NOSORT, "GLOB_NOSORT" }
  };
  glob_t g;

  tree (1);
  printf ("glob u/*: %s\n", glob_status (glob ("u/*", 0, NULL, &g)));
  globfree (&g);
  for (size_t s = 0; s < sizeof sets / sizeof *sets; s++)
    for (size_t i = 0; i < sizeof patterns / sizeof *patterns; i++)
      {
	if (sets[s].flags == GLOB_MARK && strcmp (patterns[i], "*/") == 0)
	  continue;		/* glibc: "t//"; nvptx: "t/".  */
	int r = glob (patterns[i], sets[s].flags, NULL, &g);
	printf ("glob \"%s\" %s: %s", patterns[i], sets[s].name,
		glob_status (r));
	if (r == 0)
	  {
	    if (sets[s].flags & GLOB_NOSORT)
	      qsort (g.gl_pathv, g.gl_pathc, sizeof *g.gl_pathv,
		     compare_strings);
	    for (size_t k = 0; k < (size_t) g.gl_pathc; k++)
	      printf (" %s", g.gl_pathv[k]);
	    printf (" (%s)", g.gl_pathv[g.gl_pathc] == NULL ? "NULL-terminated"
		    : "not terminated");
	    globfree (&g);
	  }
	printf ("\n");
      }

  /* GLOB_DOOFFS, then GLOB_APPEND.  */
  g.gl_offs = 2;
  int r1 = glob ("t/file*", GLOB_DOOFFS, NULL, &g);
  int r2 = glob ("t/dir/*", GLOB_DOOFFS | GLOB_APPEND, NULL, &g);
  int r3 = glob ("t/none*", GLOB_DOOFFS | GLOB_APPEND, NULL, &g);
  printf ("glob DOOFFS 2, APPEND, APPEND nothing: %s %s %s, %d paths:",
	  glob_status (r1), glob_status (r2), glob_status (r3),
	  (int) g.gl_pathc);
  for (size_t k = 0; k < 2 + (size_t) g.gl_pathc + 1; k++)
    printf (" %s", g.gl_pathv[k] ? g.gl_pathv[k] : "NULL");
  printf ("\n");
  globfree (&g);

  /* The error function for a directory that is not there, then
     GLOB_ERR.  */
  errfunc_calls = 0;
  printf ("glob t/nodir/* with errfunc:\n");
  int r = glob ("t/nodir/*", 0, glob_error, &g);
  printf ("  %s\n", glob_status (r));
  r = glob ("t/nodir/*", 0, glob_error, &g);
  printf ("  errfunc's nonzero: %s\n", glob_status (r));
  r = glob ("t/nodir/*", GLOB_ERR, NULL, &g);
  printf ("glob t/nodir/* GLOB_ERR: %s\n", glob_status (r));
  r = glob ("t/file1/*", GLOB_ERR, NULL, &g);
  printf ("glob t/file1/* GLOB_ERR (ENOTDIR): %s\n", glob_status (r));
  tree (0);
}

static char *walked[64];
static size_t walked_count;
static int walk_stop;

static const char *
kind_name (int kind)
{
  static const char *const names[] = {
    "FTW_F", "FTW_D", "FTW_DNR", "FTW_NS", "FTW_SL", "FTW_DP", "FTW_SLN"
  };
  return kind >= 0 && kind < 7 ? names[kind] : "another";
}

static int
walk_one (const char *path, const struct stat *st, int kind,
	  struct FTW *info)
{
  char line[256], cwd[256], *here = getcwd (cwd, sizeof cwd);
  const char *cwd_name = here ? strrchr (here, '/') + 1 : "?";
  snprintf (line, sizeof line, "%s %s base %d level %d%s%s, in %s", path,
	    kind_name (kind), info->base, info->level,
	    kind != FTW_NS && S_ISDIR (st->st_mode) ? ", a directory" : "",
	    kind != FTW_NS && S_ISLNK (st->st_mode) ? ", a link" : "",
	    strcmp (cwd_name, "t") == 0 || strcmp (cwd_name, "dir") == 0
	    || strcmp (cwd_name, "sub") == 0 || strcmp (cwd_name, ".hidden") == 0
	    || strcmp (cwd_name, "empty") == 0 || strcmp (cwd_name, "u") == 0
	    ? cwd_name : "the start");
  if (walked_count < sizeof walked / sizeof *walked)
    walked[walked_count++] = strdup (line);
  return walked_count == (size_t) walk_stop ? 7 : 0;
}

static int
ftw_one (const char *path, const struct stat *st, int kind)
{
  struct FTW info = { 0, 0 };
  (void) st;
  return walk_one (path, st, kind == FTW_NS ? FTW_NS : kind, &info);
}

static void
walked_print (const char *what, int r)
{
  printf ("%s: %d, %zu entries\n", what, r, walked_count);
  qsort (walked, walked_count, sizeof *walked, compare_strings);
  for (size_t i = 0; i < walked_count; i++)
    {
      /* Which entries a stopped walk saw is readdir's order.  */
      if (walk_stop == 0)
	printf ("  %s\n", walked[i]);
      free (walked[i]);
    }
  walked_count = 0;
}

static void
walking (void)
{
  static const struct { int flags; const char *name; } sets[] = {
    { 0, "0" }, { FTW_PHYS, "FTW_PHYS" }, { FTW_DEPTH, "FTW_DEPTH" },
    { FTW_CHDIR, "FTW_CHDIR" }, { FTW_MOUNT, "FTW_MOUNT" },
    { FTW_PHYS | FTW_DEPTH | FTW_CHDIR, "FTW_PHYS|FTW_DEPTH|FTW_CHDIR" }
  };
  char line[64];

  tree (1);
  for (size_t s = 0; s < sizeof sets / sizeof *sets; s++)
    {
      int r = nftw ("t", walk_one, 4, sets[s].flags);
      snprintf (line, sizeof line, "nftw t %s", sets[s].name);
      walked_print (line, r);
    }
  walked_print ("nftw t/dir/ FTW_CHDIR",
		nftw ("t/dir/", walk_one, 4, FTW_CHDIR));
  walked_print ("nftw t/dangling", nftw ("t/dangling", walk_one, 4, 0));
  walked_print ("nftw t/lfile FTW_PHYS",
		nftw ("t/lfile", walk_one, 4, FTW_PHYS));
  walk_stop = 3;
  int stopped = nftw ("t", walk_one, 4, 0);
  walked_print ("nftw t, the third call returns 7", stopped);
  walk_stop = 0;
  walked_print ("ftw t", ftw ("t", ftw_one, 4));
  errno = 0;
  int r = nftw ("t/missing", walk_one, 4, 0);
  printf ("nftw t/missing: %d %s\n", r, errno_name (errno));
  errno = 0;
  r = nftw ("", walk_one, 4, 0);
  printf ("nftw \"\": %d %s\n", r, errno_name (errno));
  tree (0);
}

/* iconv between encodings glibc and newlib both have, on input each
   converts alike: bytes out, what is left, errno.  (Not alike: a
   character the target lacks, glibc's EILSEQ and newlib's '?'; UTF-8
   to UTF-8, which newlib copies unchecked; an empty input, newlib's
   EINVAL.)  UTF-16's output is little-endian after its BOM on both.  */
static void
convert (const char *to, const char *from, const char *in, size_t in_len,
	 size_t room)
{
  iconv_t cd = iconv_open (to, from);
  if (cd == (iconv_t) -1)
    {
      printf ("iconv_open %s from %s: fails\n", to, from);
      return;
    }
  char out[64], *ip = (char *) in, *op = out;
  size_t il = in_len, ol = room;
  errno = 0;
  size_t r = iconv (cd, &ip, &il, &op, &ol);
  printf ("iconv %s from %s: %ld%s%s, %zu of %zu in, out", to, from,
	  (long) r, r == (size_t) -1 ? " " : "",
	  r == (size_t) -1 ? errno_name (errno) : "", in_len - il, in_len);
  for (char *p = out; p < op; p++)
    printf (" %02x", (unsigned char) *p);
  printf ("\n");
  printf ("iconv_close: %d\n", iconv_close (cd));
}

static void
converting (void)
{
  const char latin1[] = "caf\xe9 \xfc\xdf";
  const char utf8[] = "a\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80";

  convert ("UTF-8", "ISO-8859-1", latin1, strlen (latin1), 64);
  convert ("UTF-8", "LATIN1", latin1, strlen (latin1), 64);
  convert ("ISO-8859-1", "UTF-8", "caf\xc3\xa9", 5, 64);
  convert ("UTF-16LE", "UTF-8", utf8, strlen (utf8), 64);
  convert ("UTF-16BE", "UTF-8", utf8, strlen (utf8), 64);
  convert ("UCS-4LE", "UTF-8", utf8, strlen (utf8), 64);
  convert ("UCS-4BE", "UTF-8", utf8, strlen (utf8), 64);
  convert ("UTF-8", "UTF-16LE", "a\0\xac\x20\x3d\xd8\x00\xde", 8, 64);
  convert ("UTF-16", "UTF-8", "a\xc3\xa9", 3, 64);
  convert ("UCS-4", "UTF-8", "a\xc3\xa9", 3, 64);
  convert ("UTF-8", "UTF-16", "\xff\xfe" "a\0\xe9\0", 6, 64);
  convert ("UTF-8", "UTF-16", "\xfe\xff\0a\0\xe9", 6, 64);
  convert ("UTF-8", "L1", "\xe9", 1, 64);
  convert ("UTF-8", "CP819", "\xe9", 1, 64);
  convert ("US-ASCII", "UTF-8", "plain", 5, 64);
  convert ("UTF-8", "ASCII", "plain", 5, 64);
  /* An invalid byte: EILSEQ where it is; an incomplete sequence at the
     end: EINVAL; no room for the next character: E2BIG.  */
  convert ("UTF-16LE", "UTF-8", "ab\xff" "cd", 5, 64);
  convert ("UTF-16LE", "UTF-8", "ab\xc3", 3, 64);
  convert ("UTF-16LE", "UTF-8", "ab\xe2\x82", 4, 64);
  convert ("UTF-16LE", "UTF-8", "abcdef", 6, 5);
  convert ("UCS-4LE", "UTF-8", "a\xe2\x82\xac", 4, 6);
  convert ("UTF-8", "NO-SUCH-ENCODING", "a", 1, 64);
  convert ("NO-SUCH-ENCODING", "UTF-8", "a", 1, 64);

  /* A null input resets the state: 0.  */
  iconv_t cd = iconv_open ("UTF-16LE", "UTF-8");
  printf ("iconv reset: %ld\n", (long) iconv (cd, NULL, NULL, NULL, NULL));
  iconv_close (cd);
}

/* regcomp and regexec: POSIX's answers, which glibc's regex and
   newlib's (Henry Spencer's) give alike: each match and its
   subexpressions as offsets (-1 for none), REG_NOMATCH, an error code
   by name.  Only the whole match where POSIX leaves the subexpressions
   of an ambiguous match to the implementation.  */
static const char *
regex_error_name (int r)
{
  static const struct constant names[] = {
    CONSTANT (REG_NOMATCH) CONSTANT (REG_BADPAT) CONSTANT (REG_ECOLLATE)
    CONSTANT (REG_ECTYPE) CONSTANT (REG_EESCAPE) CONSTANT (REG_ESUBREG)
    CONSTANT (REG_EBRACK) CONSTANT (REG_EPAREN) CONSTANT (REG_EBRACE)
    CONSTANT (REG_BADBR) CONSTANT (REG_ERANGE) CONSTANT (REG_ESPACE)
    CONSTANT (REG_BADRPT)
  };

  return constant_name (names, sizeof names / sizeof *names, r,
			"another code");
}

static void
regexes (void)
{
  static const struct
  {
    const char *pattern;
    int cflags;
    const char *subject;
    int eflags;
    size_t nmatch;
  } cases[] = {
    { "^([a-z]+)@([a-z]+)\\.(com|org)$", REG_EXTENDED, "user@example.org",
      0, 4 },
    { "a\\(b*\\)c", 0, "xabbbcx", 0, 2 },
    { "a\\(b*\\)c", 0, "xacx", 0, 2 },
    { "\\(ab\\)\\1", 0, "xababy", 0, 2 },
    { "[[:digit:]]+", REG_EXTENDED, "abc123def", 0, 1 },
    { "[a-c]+", REG_EXTENDED, "xxcabz", 0, 1 },
    { "[^a-c]+", REG_EXTENDED, "abcxyzabc", 0, 1 },
    { "hello", REG_EXTENDED | REG_ICASE, "say HeLLo", 0, 1 },
    { "x(y)?z", REG_EXTENDED, "xz", 0, 2 },
    { "a{2,3}", REG_EXTENDED, "caaaab", 0, 1 },
    { "(a|ab)(c|bcd)(d*)", REG_EXTENDED, "abcd", 0, 1 },
    { "^b", REG_EXTENDED, "a\nb", 0, 1 },
    { "^b", REG_EXTENDED | REG_NEWLINE, "a\nb", 0, 1 },
    { "a$", REG_EXTENDED | REG_NEWLINE, "a\nb", 0, 1 },
    { "a.b", REG_EXTENDED | REG_NEWLINE, "a\nb", 0, 1 },
    { "a.b", REG_EXTENDED, "a\nb", 0, 1 },
    { "^a", REG_EXTENDED, "a", REG_NOTBOL, 1 },
    { "a$", REG_EXTENDED, "a", REG_NOTEOL, 1 },
    { "b+", REG_EXTENDED | REG_NOSUB, "abbc", 0, 0 },
    { "z", REG_EXTENDED, "abc", 0, 1 },
    { "(", REG_EXTENDED, "", 0, 0 },
    { "a\\(", 0, "", 0, 0 },
    { "[a", REG_EXTENDED, "", 0, 0 },
    { "a{1", REG_EXTENDED, "", 0, 0 },
    { "a{2,1}", REG_EXTENDED, "", 0, 0 },
    { "[z-a]", REG_EXTENDED, "", 0, 0 },
    { "[[:bogus:]]", REG_EXTENDED, "", 0, 0 },
    { "\\(a\\)\\2", 0, "", 0, 0 },
    { "a\\", REG_EXTENDED, "", 0, 0 },
  };

  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    {
      regex_t re;
      regmatch_t match[4];
      int r = regcomp (&re, cases[i].pattern, cases[i].cflags);

      printf ("regex %zu:", i);
      if (r != 0)
	{
	  printf (" regcomp %s\n", regex_error_name (r));
	  continue;
	}
      if (!(cases[i].cflags & REG_NOSUB))
	printf (" %zu subexpressions,", (size_t) re.re_nsub);
      r = regexec (&re, cases[i].subject, cases[i].nmatch, match,
		   cases[i].eflags);
      if (r == 0)
	{
	  printf (" match");
	  for (size_t m = 0; m < cases[i].nmatch; m++)
	    printf (" (%ld,%ld)", (long) match[m].rm_so,
		    (long) match[m].rm_eo);
	}
      else
	printf (" %s", regex_error_name (r));
      printf ("\n");
      regfree (&re);
    }

  /* regerror: the message's size with its NUL, the message cut to fit
     (each library words its own).  */
  regex_t re;
  int r = regcomp (&re, "(", REG_EXTENDED);
  char whole[256], cut[4];
  size_t size = regerror (r, &re, whole, sizeof whole);
  size_t size_cut = regerror (r, &re, cut, sizeof cut);

  printf ("regerror: size %s, cut to %zu of %s\n",
	  size == strlen (whole) + 1 && size > 1 ? "right" : "wrong",
	  strlen (cut),
	  size_cut == size && strncmp (cut, whole, 3) == 0 ? "the same"
	  : "another");
}

int
main (void)
{
  lines ();
  path_parts ();
  directories ();
  mapping ();
  file_mapping ();
  aligned ();
  printf ("sched_yield: %d\n", sched_yield ());
  signals ();
  matching ();
  globbing ();
  walking ();
  converting ();
  regexes ();
  return 0;
}
