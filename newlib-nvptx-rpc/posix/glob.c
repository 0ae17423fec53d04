/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* glob(3) and globfree: the paths that PATTERN matches, as glibc finds
   them in the C locale.  Each component of the pattern with a '*', '?'
   or '[' is matched by fnmatch (FNM_PERIOD: a leading '.' only by a
   '.') against the entries readdir gives; any other component is taken
   as it is, and a pattern of such components only is a path whose
   existence lstat checks.  A pattern ending in '/' matches directories
   only.  The new paths are sorted with strcmp unless GLOB_NOSORT;
   GLOB_MARK appends a '/' to each directory (stat's); GLOB_NOCHECK gives
   the pattern itself when nothing matches; GLOB_APPEND, GLOB_DOOFFS and
   GLOB_NOESCAPE as POSIX says.  A directory that cannot be opened,
   unless for ENOTDIR, is passed to ERRFUNC with errno; ERRFUNC's
   nonzero return or GLOB_ERR ends the call with GLOB_ABORTED.
   GLOB_ALTDIRFUNC, GLOB_BRACE, GLOB_TILDE and the other extensions are
   not supported: the flags are ignored.  */

#include <dirent.h>
#include <errno.h>
#include <fnmatch.h>
#include <glob.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct found
{
  char **paths;
  size_t count, room;
};

struct search
{
  int flags;
  int (*errfunc) (const char *, int);
  struct found found;
  char *path;
  size_t path_room;
};

static int
is_directory (const char *path)
{
  struct stat st;
  return stat (path, &st) == 0 && S_ISDIR (st.st_mode);
}

static int
add_path (struct search *search, const char *path, int mark)
{
  struct found *found = &search->found;
  size_t len = strlen (path);
  char *copy;

  if (found->count == found->room)
    {
      size_t more = found->room ? 2 * found->room : 16;
      char **bigger = realloc (found->paths, more * sizeof *bigger);
      if (bigger == NULL)
	return GLOB_NOSPACE;
      found->paths = bigger;
      found->room = more;
    }
  if ((copy = malloc (len + 2)) == NULL)
    return GLOB_NOSPACE;
  memcpy (copy, path, len + 1);
  if (mark && (len == 0 || copy[len - 1] != '/' || len == 1)
      && is_directory (path))
    strcpy (copy + len, "/");
  found->paths[found->count++] = copy;
  return 0;
}

/* Make room in SEARCH's path for LEN more bytes and a NUL.  */
static int
path_room (struct search *search, size_t len)
{
  if (len + 1 <= search->path_room)
    return 0;
  size_t room = 2 * (len + 1);
  char *bigger = realloc (search->path, room);
  if (bigger == NULL)
    return GLOB_NOSPACE;
  search->path = bigger;
  search->path_room = room;
  return 0;
}

static int
has_magic (const char *p, const char *end, int flags)
{
  for (; p < end; p++)
    if (*p == '*' || *p == '?' || *p == '[')
      return 1;
    else if (*p == '\\' && !(flags & GLOB_NOESCAPE) && p + 1 < end)
      p++;
  return 0;
}

/* The end of the component at P: its first '/' or its NUL.  */
static const char *
component_end (const char *p)
{
  while (*p != '\0' && *p != '/')
    p++;
  return p;
}

/* The path of LEN bytes, which components without magic ended, if it
   exists (lstat's: a dangling symbolic link is there).  As glibc: a
   path ending in slashes is given with one if it is a directory, with
   none if not; GLOB_MARK adds no other, but to "/".  */
static int
add_literal (struct search *search, size_t len)
{
  char *path = search->path;
  size_t base = len;
  struct stat st;

  while (base > 1 && path[base - 1] == '/')
    base--;
  if (len == 0)
    return 0;
  path[base] = '\0';
  if (lstat (path, &st) != 0)
    return 0;
  if (base < len && !(base == 1 && path[0] == '/') && is_directory (path))
    strcpy (path + base, "/");
  return add_path (search, path, search->flags & GLOB_MARK);
}

/* The paths that the rest of the pattern, REST, matches below the
   LEN bytes of SEARCH's path.  */
static int
expand (struct search *search, size_t len, const char *rest)
{
  const char *end;
  int status;

  while (*rest == '/')
    {
      if ((status = path_room (search, len + 1)) != 0)
	return status;
      search->path[len++] = '/';
      rest++;
    }
  search->path[len] = '\0';
  if (*rest == '\0')
    return add_literal (search, len);

  end = component_end (rest);
  if (!has_magic (rest, end, search->flags))
    {
      /* The component as it is, its quoting removed.  */
      if ((status = path_room (search, len + (end - rest))) != 0)
	return status;
      for (const char *p = rest; p < end; p++)
	{
	  if (*p == '\\' && !(search->flags & GLOB_NOESCAPE) && p + 1 < end)
	    p++;
	  search->path[len++] = *p;
	}
      return expand (search, len, end);
    }

  /* The directory to read: the path so far, without its last '/'
     unless it is all of it; "." for none.  */
  size_t dir_len = len;
  while (dir_len > 1 && search->path[dir_len - 1] == '/')
    dir_len--;
  search->path[dir_len] = '\0';
  const char *dir_name = dir_len ? search->path : ".";
  DIR *dir = opendir (dir_name);
  if (dir == NULL)
    {
      if (errno == ENOTDIR)
	return 0;
      if ((search->errfunc != NULL && search->errfunc (dir_name, errno))
	  || (search->flags & GLOB_ERR))
	return GLOB_ABORTED;
      return 0;
    }
  if (dir_len < len)
    search->path[dir_len] = '/';

  char *component = malloc (end - rest + 1);
  if (component == NULL)
    {
      closedir (dir);
      return GLOB_NOSPACE;
    }
  memcpy (component, rest, end - rest);
  component[end - rest] = '\0';

  int fnm_flags = FNM_PERIOD;
  if (search->flags & GLOB_NOESCAPE)
    fnm_flags |= FNM_NOESCAPE;
  struct dirent *entry;
  status = 0;
  while (status == 0 && (entry = readdir (dir)) != NULL)
    {
      if (fnmatch (component, entry->d_name, fnm_flags) != 0)
	continue;
      size_t name_len = strlen (entry->d_name);
      if ((status = path_room (search, len + name_len)) != 0)
	break;
      memcpy (search->path + len, entry->d_name, name_len + 1);
      if (*end == '\0')
	{
	  status = add_path (search, search->path,
			     search->flags & GLOB_MARK);
	  continue;
	}
      /* Only a directory (stat's) has entries to match the rest: d_type
	 says so without a call for most.  */
#ifdef DT_DIR
      if (entry->d_type != DT_UNKNOWN && entry->d_type != DT_LNK
	  && entry->d_type != DT_DIR)
	continue;
#endif
      if (!is_directory (search->path))
	continue;
      const char *tail = end;
      while (*tail == '/')
	tail++;
      if (*tail == '\0')
	{
	  /* "dir/": the directory with the pattern's slashes, and no
	     other for GLOB_MARK.  */
	  if ((status = path_room (search, len + name_len + (tail - end)))
	      != 0)
	    break;
	  memcpy (search->path + len + name_len, end, tail - end);
	  search->path[len + name_len + (tail - end)] = '\0';
	  status = add_path (search, search->path, 0);
	}
      else
	status = expand (search, len + name_len, end);
    }
  free (component);
  closedir (dir);
  return status;
}

static int
compare_paths (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

int
glob (const char *pattern, int flags, int (*errfunc) (const char *, int),
      glob_t *pglob)
{
  struct search search = { flags, errfunc, { NULL, 0, 0 }, NULL, 0 };
  int status;

  if (!(flags & GLOB_APPEND))
    {
      pglob->gl_pathc = 0;
      pglob->gl_pathv = NULL;
      if (!(flags & GLOB_DOOFFS))
	pglob->gl_offs = 0;
    }
  pglob->gl_flags = flags;
#ifdef GLOB_MAGCHAR
  if (has_magic (pattern, pattern + strlen (pattern), flags))
    pglob->gl_flags |= GLOB_MAGCHAR;
#endif

  status = path_room (&search, strlen (pattern));
  if (status == 0)
    status = expand (&search, 0, pattern);
  free (search.path);
  if (status == 0 && search.found.count == 0)
    {
      if (flags & GLOB_NOCHECK)
	{
	  /* The pattern, as glibc gives it: without trailing slashes.  */
	  status = add_path (&search, pattern, 0);
	  if (status == 0)
	    {
	      char *copy = search.found.paths[0];
	      size_t len = strlen (copy);
	      while (len > 1 && copy[len - 1] == '/')
		copy[--len] = '\0';
	    }
	}
      else
	status = GLOB_NOMATCH;
    }
  if (status == 0)
    {
      size_t offs = (flags & GLOB_DOOFFS) ? pglob->gl_offs : 0;
      size_t old = pglob->gl_pathv != NULL ? pglob->gl_pathc : 0;
      size_t total = offs + old + search.found.count + 1;
      char **pathv = realloc (pglob->gl_pathv, total * sizeof *pathv);
      if (pathv == NULL)
	status = GLOB_NOSPACE;
      else
	{
	  if (pglob->gl_pathv == NULL)
	    for (size_t i = 0; i < offs; i++)
	      pathv[i] = NULL;
	  if (!(flags & GLOB_NOSORT))
	    qsort (search.found.paths, search.found.count,
		   sizeof *search.found.paths, compare_paths);
	  memcpy (pathv + offs + old, search.found.paths,
		  search.found.count * sizeof *pathv);
	  pathv[total - 1] = NULL;
	  pglob->gl_pathv = pathv;
	  pglob->gl_pathc = old + search.found.count;
#if defined (__nvptx__) && !defined (__NVPTX_GLIBC_ABI__)
	  /* newlib's glob_t, BSD's, has these two more.  */
	  pglob->gl_matchc = search.found.count;
	  pglob->gl_errfunc = errfunc;
#endif
	  search.found.count = 0;
	}
    }
  while (search.found.count > 0)
    free (search.found.paths[--search.found.count]);
  free (search.found.paths);
  return status;
}

void
globfree (glob_t *pglob)
{
  if (pglob->gl_pathv == NULL)
    return;
  for (size_t i = 0; i < (size_t) pglob->gl_pathc; i++)
    free (pglob->gl_pathv[pglob->gl_offs + i]);
  free (pglob->gl_pathv);
  pglob->gl_pathv = NULL;
  pglob->gl_pathc = 0;
}
