/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* ftw(3) and nftw: call FN for PATH and every object below it, as
   glibc does.  Each directory's entries are read whole, in readdir's
   order, before any is reported, so that one directory at a time is
   open: FD_LIMIT is not needed.  stat tells each object's kind (lstat
   with FTW_PHYS); a symbolic link to nothing is FTW_SLN, an object stat
   fails on with EACCES or ENOENT FTW_NS, with another errno the walk
   fails; a directory opendir refuses with EACCES is FTW_DNR.  Without
   FTW_PHYS a directory met again (through a link) is not walked twice.
   FTW_MOUNT leaves out the objects on other file systems; FTW_CHDIR
   enters each directory before its entries (and the first object's
   own before it), and returns to where it started; FTW_DEPTH reports a
   directory after its entries, as FTW_DP.  FN's nonzero return ends the
   walk, and is nftw's.  ftw is nftw without flags, reporting FTW_SLN
   as FTW_NS.  */

/* glibc's <ftw.h> (the host tests') declares nftw for X/Open only.  */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct walk
{
  int (*nfn) (const char *, const struct stat *, int, struct FTW *);
  int (*fn) (const char *, const struct stat *, int);
  int flags;
  dev_t dev;
  struct FTW info;
  char *path;
  size_t room;
  struct seen
  {
    dev_t dev;
    ino_t ino;
  } *seen;
  size_t seen_count, seen_room;
};

static int
report (struct walk *walk, const struct stat *st, int kind)
{
  if (walk->nfn != NULL)
    return walk->nfn (walk->path, st, kind, &walk->info);
  if (kind == FTW_SLN)
    kind = FTW_NS;
  return walk->fn (walk->path, st, kind);
}

/* Whether the directory ST was walked already; if not, remember it.
   -1 without memory.  */
static int
seen_before (struct walk *walk, const struct stat *st)
{
  for (size_t i = 0; i < walk->seen_count; i++)
    if (walk->seen[i].dev == st->st_dev && walk->seen[i].ino == st->st_ino)
      return 1;
  if (walk->seen_count == walk->seen_room)
    {
      size_t more = walk->seen_room ? 2 * walk->seen_room : 16;
      struct seen *bigger = realloc (walk->seen, more * sizeof *bigger);
      if (bigger == NULL)
	{
	  errno = ENOMEM;
	  return -1;
	}
      walk->seen = bigger;
      walk->seen_room = more;
    }
  walk->seen[walk->seen_count].dev = st->st_dev;
  walk->seen[walk->seen_count++].ino = st->st_ino;
  return 0;
}

static int walk_directory (struct walk *, const struct stat *);

/* The object whose name starts at walk->info.base of the path (the name
   to use with FTW_CHDIR, from the directory it is in).  */
static int
walk_object (struct walk *walk)
{
  const char *name = (walk->flags & FTW_CHDIR)
    ? walk->path + walk->info.base : walk->path;
  struct stat st;
  int kind;

  if (((walk->flags & FTW_PHYS) ? lstat (name, &st) : stat (name, &st)) != 0)
    {
      if (errno != EACCES && errno != ENOENT)
	return -1;
      if (!(walk->flags & FTW_PHYS) && lstat (name, &st) == 0
	  && S_ISLNK (st.st_mode))
	kind = FTW_SLN;
      else
	kind = FTW_NS;
    }
  else if (S_ISDIR (st.st_mode))
    kind = FTW_D;
  else if (S_ISLNK (st.st_mode))
    kind = FTW_SL;
  else
    kind = FTW_F;

  if (kind != FTW_NS && (walk->flags & FTW_MOUNT) && st.st_dev != walk->dev)
    return 0;
  if (kind != FTW_D)
    return report (walk, &st, kind);
  if (!(walk->flags & FTW_PHYS))
    {
      int before = seen_before (walk, &st);
      if (before != 0)
	return before < 0 ? -1 : 0;
    }
  return walk_directory (walk, &st);
}

/* The names of DIR's entries, but "." and "..", one after the other,
   each with its NUL, and an empty one at the end.  */
static char *
read_names (DIR *dir)
{
  char *names = NULL;
  size_t len = 0, room = 0;
  struct dirent *entry;

  for (;;)
    {
      errno = 0;
      entry = readdir (dir);
      const char *name = entry != NULL ? entry->d_name : "";
      if (entry != NULL
	  && (strcmp (name, ".") == 0 || strcmp (name, "..") == 0))
	continue;
      if (entry == NULL && errno != 0)
	break;
      size_t size = strlen (name) + 1;
      if (len + size > room)
	{
	  size_t more = 2 * (len + size) + 256;
	  char *bigger = realloc (names, more);
	  if (bigger == NULL)
	    {
	      errno = ENOMEM;
	      break;
	    }
	  names = bigger;
	  room = more;
	}
      memcpy (names + len, name, size);
      len += size;
      if (entry == NULL)
	return names;
    }
  free (names);
  return NULL;
}

static int
walk_directory (struct walk *walk, const struct stat *st)
{
  const char *name = (walk->flags & FTW_CHDIR)
    ? walk->path + walk->info.base : walk->path;
  DIR *dir = opendir (name);
  char *names;
  int parent = -1, result = 0;

  if (dir == NULL)
    return errno == EACCES ? report (walk, st, FTW_DNR) : -1;
  names = read_names (dir);
  if (names == NULL)
    result = -1;
  else if (!(walk->flags & FTW_DEPTH))
    result = report (walk, st, FTW_D);
  if (result == 0 && (walk->flags & FTW_CHDIR))
    {
      parent = open (".", O_RDONLY);
      if (parent < 0 || fchdir (dirfd (dir)) != 0)
	result = -1;
    }
  closedir (dir);
  if (result != 0)
    {
      if (parent >= 0)
	{
	  fchdir (parent);
	  close (parent);
	}
      free (names);
      return result;
    }

  struct FTW saved = walk->info;
  size_t dir_len = strlen (walk->path);
  size_t base = dir_len;
  if (base == 0 || walk->path[base - 1] != '/')
    base++;
  walk->info.base = base;
  walk->info.level++;
  for (const char *entry = names; result == 0 && *entry != '\0';
       entry += strlen (entry) + 1)
    {
      size_t len = strlen (entry);
      if (base + len + 1 > walk->room)
	{
	  size_t more = 2 * (base + len + 1);
	  char *bigger = realloc (walk->path, more);
	  if (bigger == NULL)
	    {
	      errno = ENOMEM;
	      result = -1;
	      break;
	    }
	  walk->path = bigger;
	  walk->room = more;
	}
      walk->path[base - 1] = '/';
      memcpy (walk->path + base, entry, len + 1);
      result = walk_object (walk);
    }
  free (names);
  walk->path[dir_len] = '\0';
  walk->info = saved;

  /* As glibc: FTW_DP from within the directory with FTW_CHDIR.  */
  if (result == 0 && (walk->flags & FTW_DEPTH))
    result = report (walk, st, FTW_DP);
  if (parent >= 0)
    {
      if (fchdir (parent) != 0 && result == 0)
	result = -1;
      close (parent);
    }
  return result;
}

static int
walk_tree (const char *path, struct walk *walk)
{
  size_t len = strlen (path);
  int start = -1, result;
  struct stat st;

  if (len == 0)
    {
      errno = ENOENT;
      return -1;
    }
  walk->room = len + 256;
  walk->path = malloc (walk->room);
  if (walk->path == NULL)
    {
      errno = ENOMEM;
      return -1;
    }
  /* As glibc: the first object's name without trailing slashes.  */
  while (len > 1 && path[len - 1] == '/')
    len--;
  memcpy (walk->path, path, len);
  walk->path[len] = '\0';
  path = walk->path;
  walk->seen = NULL;
  walk->seen_count = walk->seen_room = 0;

  /* The first object's name: after its last '/' but trailing ones.  */
  size_t base = len;
  while (base > 0 && path[base - 1] == '/')
    base--;
  while (base > 0 && path[base - 1] != '/')
    base--;
  walk->info.base = base;
  walk->info.level = 0;

  result = 0;
  if ((walk->flags & FTW_CHDIR) && base > 0)
    {
      start = open (".", O_RDONLY);
      if (start < 0)
	result = -1;
      else if (base == 1)
	result = chdir ("/");
      else
	{
	  walk->path[base - 1] = '\0';
	  result = chdir (walk->path);
	  walk->path[base - 1] = '/';
	}
      if (result != 0)
	result = -1;
    }

  const char *name = (walk->flags & FTW_CHDIR) ? walk->path + base
    : walk->path;
  if (result != 0)
    ;
  else if (((walk->flags & FTW_PHYS) ? lstat (name, &st)
	    : stat (name, &st)) != 0)
    {
      if (!(walk->flags & FTW_PHYS) && errno == ENOENT
	  && lstat (name, &st) == 0 && S_ISLNK (st.st_mode))
	result = report (walk, &st, FTW_SLN);
      else
	result = -1;
    }
  else
    {
      walk->dev = st.st_dev;
      if (S_ISDIR (st.st_mode))
	{
	  if (!(walk->flags & FTW_PHYS) && seen_before (walk, &st) < 0)
	    result = -1;
	  else
	    result = walk_directory (walk, &st);
	}
      else
	result = report (walk, &st, S_ISLNK (st.st_mode) ? FTW_SL : FTW_F);
    }

  int saved_errno = errno;
  if (start >= 0)
    {
      if (fchdir (start) != 0 && result == 0)
	result = -1, saved_errno = errno;
      close (start);
    }
  free (walk->path);
  free (walk->seen);
  errno = saved_errno;
  return result;
}

int
nftw (const char *path,
      int (*fn) (const char *, const struct stat *, int, struct FTW *),
      int fd_limit, int flags)
{
  struct walk walk = { .nfn = fn, .flags = flags };

  (void) fd_limit;
  return walk_tree (path, &walk);
}

int
ftw (const char *path, int (*fn) (const char *, const struct stat *, int),
     int fd_limit)
{
  struct walk walk = { .fn = fn };

  (void) fd_limit;
  return walk_tree (path, &walk);
}
