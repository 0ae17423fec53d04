/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* scandir(3): the entries of PATH that SELECT keeps (all without it),
   each a copy in its own allocation, sorted by COMPARE if given, in an
   array the caller frees with each entry.  */

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>

int
scandir (const char *path, struct dirent ***list,
	 int (*filter) (const struct dirent *),
	 int (*compare) (const struct dirent **, const struct dirent **))
{
  DIR *dir = opendir (path);
  struct dirent **entries = NULL, *entry;
  size_t count = 0, room = 0;

  if (dir == NULL)
    return -1;
  while (errno = 0, (entry = readdir (dir)) != NULL)
    {
      if (filter != NULL && !filter (entry))
	continue;
      if (count == room)
	{
	  size_t more = room ? 2 * room : 16;
	  struct dirent **bigger = realloc (entries, more * sizeof *entries);
	  if (bigger == NULL)
	    goto no_memory;
	  entries = bigger;
	  room = more;
	}
      if ((entries[count] = malloc (sizeof *entry)) == NULL)
	goto no_memory;
      *entries[count++] = *entry;
    }
  if (errno != 0)
    goto fail;
  closedir (dir);
  if (compare != NULL && count > 1)
    qsort (entries, count, sizeof *entries,
	   (int (*) (const void *, const void *)) compare);
  *list = entries;
  return count;

 no_memory:
  /* nvptx's malloc leaves errno alone.  */
  errno = ENOMEM;
 fail:;
  int saved_errno = errno;
  while (count > 0)
    free (entries[--count]);
  free (entries);
  closedir (dir);
  errno = saved_errno;
  return -1;
}
