/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The POSIX functions the C library implements on the GPU itself, over
   the calls the host serves: getline and getdelim, basename and
   dirname, telldir and seekdir, scandir and alphasort, mmap
   (anonymous and of a file) with msync and munmap, posix_memalign and aligned_alloc,
   sched_yield, sigaction with raise.  Run natively and on the GPU, the
   output, status and files left behind must be identical (gpu.exp;
   differential.sh in CI, where getline, getdelim, posix_memalign and
   aligned_alloc are the host's).  Only relations are
   printed where the values are each C library's own (telldir's), and
   errno by name.  */

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
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

static const char *
errno_name (int e)
{
  static const struct { int value; const char *name; } names[] = {
#define E(name) { name, #name },
    E (ENOENT) E (EBADF) E (EINVAL) E (ENOTDIR) E (ENOMEM) E (ENOSYS)
    E (EACCES) E (ENODEV)
#undef E
  };

  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    if (names[i].value == e)
      return names[i].name;
  return "another errno";
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
  return 0;
}
