/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* mmap(2) for nvptx: a mapping is memory of the GPU's heap, on a page
   boundary (the host's page size), with a header before it
   (mmap-block.h), whole pages.  An anonymous mapping is zeroed.  A mapping of a
   regular file holds a copy of its bytes, read with pread (by DMA where
   the launcher offers it), zeros past the file's end: the GPU cannot
   fault a page in.  MAP_SHARED with PROT_WRITE keeps a descriptor of its
   own, through which msync and munmap write the mapping back; other
   writers' changes are not seen in a mapping (docs/posix-coverage.md).
   MAP_FIXED fails with ENOTSUP: the heap chooses the address.  */

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "mmap-block.h"

/* Check that FD may be mapped as FLAGS and PROTECTION ask (POSIX's
   EACCES, ENODEV), and give the mapping a descriptor of its own when it
   writes back.  0, or -1 with errno.  */
static int
map_file (struct __nvptx_mapping *header, int fd, int protection, int flags)
{
  struct stat st;
  int mode = fcntl (fd, F_GETFL);

  if (mode < 0 || fstat (fd, &st) != 0)
    return -1;
  if (!S_ISREG (st.st_mode))
    {
      errno = ENODEV;
      return -1;
    }
  mode &= O_ACCMODE;
  int shared_write = (flags & MAP_SHARED) != 0 && (protection & PROT_WRITE);
  if (mode == O_WRONLY || (shared_write && mode != O_RDWR))
    {
      errno = EACCES;
      return -1;
    }
  header->fd = shared_write ? fcntl (fd, F_DUPFD_CLOEXEC, 0) : -1;
  return shared_write && header->fd < 0 ? -1 : 0;
}

/* Read the file's bytes into the mapping; past its end they stay 0.  */
static int
read_file (const struct __nvptx_mapping *header, int fd, char *mapping)
{
  size_t done = 0;

  while (done < header->length)
    {
      ssize_t n = pread (fd, mapping + done, header->length - done,
			 header->offset + (off_t) done);
      if (n < 0 && errno != EINTR)
	return -1;
      if (n == 0)
	break;
      if (n > 0)
	done += n;
    }
  return 0;
}

void *
mmap (void *address, size_t length, int protection, int flags, int fd,
      off_t offset)
{
  (void) address;
  int sharing = flags & (MAP_SHARED | MAP_PRIVATE);
  int anonymous = (flags & MAP_ANONYMOUS) != 0;
  size_t page = __nvptx_mmap_page ();

  if (length == 0 || (sharing != MAP_SHARED && sharing != MAP_PRIVATE)
      || offset < 0 || (anonymous ? offset != 0 : offset % page != 0))
    {
      errno = EINVAL;
      return MAP_FAILED;
    }
  if ((flags & MAP_FIXED) != 0)
    {
      errno = ENOTSUP;
      return MAP_FAILED;
    }
  if (length > SIZE_MAX - 2 * page - MMAP_HEADER)
    {
      errno = ENOMEM;
      return MAP_FAILED;
    }
  /* Whole pages, zeros past LENGTH, as the kernel's.  */
  size_t span = (length + page - 1) & ~(page - 1);
  if (!anonymous && (uintmax_t) length > (uintmax_t) INT64_MAX - offset)
    {
      errno = EOVERFLOW;
      return MAP_FAILED;
    }
  struct __nvptx_mapping file = { .fd = -1 };
  if (!anonymous && map_file (&file, fd, protection, flags) != 0)
    return MAP_FAILED;
  char *start = malloc (span + page + MMAP_HEADER);
  if (start == NULL)
    {
      if (file.fd >= 0)
	close (file.fd);
      errno = ENOMEM;
      return MAP_FAILED;
    }
  uintptr_t mapping = ((uintptr_t) start + MMAP_HEADER + page - 1)
		      & ~(uintptr_t) (page - 1);
  struct __nvptx_mapping *header = (struct __nvptx_mapping *) mapping - 1;
  *header = file;
  header->length = length;
  header->offset = offset;
  header->start = start;
  memset ((void *) mapping, 0, span);
  if (!anonymous && read_file (header, fd, (char *) mapping) != 0)
    {
      int error = errno;
      if (header->fd >= 0)
	close (header->fd);
      free (start);
      errno = error;
      return MAP_FAILED;
    }
  header->mark = MMAP_MARK ^ mapping;
  return (void *) mapping;
}
