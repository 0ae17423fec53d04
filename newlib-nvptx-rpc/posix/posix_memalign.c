/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* posix_memalign(3) for nvptx, and so newlib's aligned_alloc, which
   calls it.  malloc's blocks are 8 bytes past the CUDA heap's 16-byte
   boundaries: a larger alignment takes a block of the CUDA heap large
   enough to hold the size, two words and the alignment, and places the
   program's bytes on the first boundary past the two words, which hold
   the CUDA heap's pointer and the size, marked (malloc-block.h): free
   gives the CUDA heap that pointer, realloc copies that size.  */

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include "malloc-block.h"

/* The CUDA heap's malloc, as malloc.c calls it.  */
void *__nvptx_cuda_malloc (size_t) __asm__ ("malloc");

int
posix_memalign (void **memptr, size_t alignment, size_t size)
{
  if (alignment < sizeof (void *) || (alignment & (alignment - 1)) != 0)
    return EINVAL;
  if (alignment <= sizeof (long long))
    {
      void *block = malloc (size);
      if (block == NULL)
	return ENOMEM;
      *memptr = block;
      return 0;
    }

  size_t header = 2 * sizeof (long long);
  if (size >= NVPTX_ALIGNED_BLOCK || size > SIZE_MAX - header - alignment)
    return ENOMEM;
  char *start = __nvptx_cuda_malloc (size + header + alignment);
  if (start == NULL)
    return ENOMEM;
  uintptr_t block = ((uintptr_t) start + header + alignment - 1)
		    & ~(uintptr_t) (alignment - 1);
  ((void **) block)[-2] = start;
  ((size_t *) block)[-1] = size | NVPTX_ALIGNED_BLOCK;
  *memptr = (void *) block;
  return 0;
}
