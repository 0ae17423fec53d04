/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* munmap(2) for nvptx: frees the whole mapping mmap returned at ADDRESS
   (mmap.c); any other address, or a length of 0, is EINVAL: a mapping is
   one heap block, which cannot be freed in part.  */

#include <errno.h>
#include <stdlib.h>
#include <sys/mman.h>
#include "mmap-block.h"

int
munmap (void *address, size_t length)
{
  void *start = __nvptx_mmap_start (address);

  if (start == NULL || length == 0)
    {
      errno = EINVAL;
      return -1;
    }
  ((uintptr_t *) address)[-2] = 0;
  free (start);
  return 0;
}
