/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* msync(2) for nvptx: a MAP_SHARED writable file mapping (mmap.c) is
   written back, from ADDRESS, where it starts, for LENGTH bytes (at most
   the mapping's), up to the file's end now: as on Linux, a mapping does
   not make its file longer.  Other mappings have nothing to write.  The
   GPU has no pages to track, so MS_ASYNC writes at once, as MS_SYNC.  */

#include <errno.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include "mmap-block.h"

int
msync (void *address, size_t length, int flags)
{
  if ((flags & ~(MS_ASYNC | MS_SYNC | MS_INVALIDATE)) != 0
      || (flags & (MS_ASYNC | MS_SYNC)) == (MS_ASYNC | MS_SYNC)
      || (uintptr_t) address % __nvptx_mmap_page () != 0)
    {
      errno = EINVAL;
      return -1;
    }
  struct __nvptx_mapping *header = __nvptx_mmap_header (address);
  if (header == NULL)
    {
      errno = ENOMEM;
      return -1;
    }
  if (header->fd < 0)
    return 0;

  struct stat st;
  if (fstat (header->fd, &st) != 0)
    return -1;
  if (length > header->length)
    length = header->length;
  if (st.st_size <= header->offset)
    return 0;
  if ((uintmax_t) (st.st_size - header->offset) < length)
    length = st.st_size - header->offset;
  for (size_t done = 0; done < length; )
    {
      ssize_t n = pwrite (header->fd, (char *) address + done, length - done,
			  header->offset + (off_t) done);
      if (n < 0 && errno != EINTR)
	return -1;
      if (n > 0)
	done += n;
    }
  return 0;
}
