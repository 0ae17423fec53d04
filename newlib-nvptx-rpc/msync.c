/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* msync(2) for nvptx: an anonymous mapping has no file to write back
   to (mmap.c), so a valid request has nothing to do.  */

#include <errno.h>
#include <sys/mman.h>
#include "mmap-block.h"

int
msync (void *address, size_t length, int flags)
{
  (void) length;
  if ((flags & ~(MS_ASYNC | MS_SYNC | MS_INVALIDATE)) != 0
      || (flags & (MS_ASYNC | MS_SYNC)) == (MS_ASYNC | MS_SYNC)
      || (uintptr_t) address % __nvptx_mmap_page () != 0)
    {
      errno = EINVAL;
      return -1;
    }
  if (__nvptx_mmap_start (address) == NULL)
    {
      errno = ENOMEM;
      return -1;
    }
  return 0;
}
