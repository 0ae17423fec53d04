/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* A block of nvptx's malloc (malloc.c): the CUDA heap's allocation,
   the size the program asked for in its first word, the program's
   bytes after it.  A block of posix_memalign (posix_memalign.c) starts
   further into its allocation, on the boundary asked for: the word
   before it holds the size with NVPTX_ALIGNED_BLOCK set, the one before
   that the CUDA heap's pointer.  free and realloc find a block's start
   and size here (patches/0020).  */

#ifndef NVPTX_MALLOC_BLOCK_H
#define NVPTX_MALLOC_BLOCK_H

#include <stddef.h>

/* No block is this large: the size of one is below it.  */
#define NVPTX_ALIGNED_BLOCK ((size_t) 1 << (sizeof (size_t) * 8 - 1))

/* The size the program asked for of the block at PTR.  */
static inline size_t
__nvptx_block_size (void *ptr)
{
  return ((size_t *) ptr)[-1] & ~NVPTX_ALIGNED_BLOCK;
}

/* What the CUDA heap returned for the block at PTR, for its free.  */
static inline void *
__nvptx_block_start (void *ptr)
{
  if (((size_t *) ptr)[-1] & NVPTX_ALIGNED_BLOCK)
    return ((void **) ptr)[-2];
  return (long long *) ptr - 1;
}

#endif /* NVPTX_MALLOC_BLOCK_H */
