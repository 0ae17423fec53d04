/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* munmap(2) for nvptx: writes a MAP_SHARED writable file mapping back
   (msync.c) and frees the whole mapping mmap returned at ADDRESS
   (mmap.c); any other address, or a length of 0, is EINVAL: a mapping is
   one heap block, which cannot be freed in part.  A mapping that cannot
   be written back stays, so that its bytes are not lost.  */

#include <errno.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
#include "mmap-block.h"

int
munmap (void *address, size_t length)
{
  struct __nvptx_mapping *header = __nvptx_mmap_header (address);

  if (header == NULL || length == 0)
    {
      errno = EINVAL;
      return -1;
    }
  if (header->fd >= 0)
    {
      if (msync (address, header->length, MS_SYNC) != 0)
	return -1;
      close (header->fd);
    }
  header->mark = 0;
  free (header->start);
  return 0;
}
