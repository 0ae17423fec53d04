/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* An anonymous mapping of nvptx's mmap (mmap.c): on a page boundary in
   a heap block, the block's start in the word before it, and before
   that a mark that depends on the mapping's address, by which munmap
   and msync tell a mapping from any other address.  */

#ifndef NVPTX_MMAP_BLOCK_H
#define NVPTX_MMAP_BLOCK_H

#include <stddef.h>
#include <stdint.h>
#include <unistd.h>

#define MMAP_HEADER (2 * sizeof (void *))
#define MMAP_MARK ((uintptr_t) 0x6e7670746d6d6170)

/* The host's page size, which a program reads with sysconf too.  */
static inline size_t
__nvptx_mmap_page (void)
{
  long page = sysconf (_SC_PAGESIZE);

  return page > 0 && (page & (page - 1)) == 0 ? (size_t) page : 4096;
}

/* The heap block of the mapping at MAPPING, or NULL when MAPPING is not
   one.  */
static inline void *
__nvptx_mmap_start (void *mapping)
{
  uintptr_t at = (uintptr_t) mapping;

  if (at == 0 || at % __nvptx_mmap_page () != 0
      || ((uintptr_t *) mapping)[-2] != (MMAP_MARK ^ at))
    return NULL;
  return ((void **) mapping)[-1];
}

#endif /* NVPTX_MMAP_BLOCK_H */
