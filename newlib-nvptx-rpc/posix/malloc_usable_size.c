/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* malloc_usable_size: the bytes the program asked for of a block of
   malloc, realloc or posix_memalign (malloc-block.h), which are all it
   may use; 0 for a null pointer.  */

#include <stddef.h>
#include "malloc-block.h"

size_t
malloc_usable_size (void *ptr)
{
  return ptr ? __nvptx_block_size (ptr) : 0;
}
