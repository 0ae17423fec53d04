/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* mmap(2) for nvptx: an anonymous mapping is zeroed memory of the GPU's
   heap, on a page boundary (the host's page size), the heap block's
   start kept in the word before it and a mark in the one before that,
   by which munmap knows a mapping (mmap-block.h).  A mapping of a file
   fails with ENODEV: the host does not serve them yet.  MAP_FIXED fails
   with ENOTSUP: the heap chooses the address.  */

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "mmap-block.h"

void *
mmap (void *address, size_t length, int protection, int flags, int fd,
      off_t offset)
{
  (void) address;
  (void) protection;
  (void) fd;
  int sharing = flags & (MAP_SHARED | MAP_PRIVATE);

  if (length == 0 || (sharing != MAP_SHARED && sharing != MAP_PRIVATE))
    {
      errno = EINVAL;
      return MAP_FAILED;
    }
  if ((flags & MAP_ANONYMOUS) == 0)
    {
      errno = ENODEV;
      return MAP_FAILED;
    }
  if ((flags & MAP_FIXED) != 0)
    {
      errno = ENOTSUP;
      return MAP_FAILED;
    }
  if (offset != 0)
    {
      errno = EINVAL;
      return MAP_FAILED;
    }
  size_t page = __nvptx_mmap_page ();
  if (length > SIZE_MAX - page - MMAP_HEADER)
    {
      errno = ENOMEM;
      return MAP_FAILED;
    }
  char *start = malloc (length + page + MMAP_HEADER);
  if (start == NULL)
    {
      errno = ENOMEM;
      return MAP_FAILED;
    }
  uintptr_t mapping = ((uintptr_t) start + MMAP_HEADER + page - 1)
		      & ~(uintptr_t) (page - 1);
  memset ((void *) mapping, 0, length);
  ((void **) mapping)[-1] = start;
  ((uintptr_t *) mapping)[-2] = MMAP_MARK ^ mapping;
  return (void *) mapping;
}
