/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* A mapping of nvptx's mmap (mmap.c): on a page boundary in a heap
   block, with a header just before it that says what it maps and
   carries a mark that depends on the mapping's address, by which munmap
   and msync tell a mapping from any other address.  */

#ifndef NVPTX_MMAP_BLOCK_H
#define NVPTX_MMAP_BLOCK_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <unistd.h>

struct __nvptx_mapping
{
  size_t length;		/* As mmap was given it.  */
  off_t offset;			/* In the file of fd.  */
  int fd;			/* A MAP_SHARED writable file mapping's own
				   descriptor, to write back through; -1
				   for any other mapping.  */
  void *start;			/* The heap block.  */
  uintptr_t mark;		/* MMAP_MARK ^ the mapping's address.  */
};

#define MMAP_HEADER sizeof (struct __nvptx_mapping)
#define MMAP_MARK ((uintptr_t) 0x6e7670746d6d6170)

/* The host's page size, which a program reads with sysconf too.  */
static inline size_t
__nvptx_mmap_page (void)
{
  long page = sysconf (_SC_PAGESIZE);

  return page > 0 && (page & (page - 1)) == 0 ? (size_t) page : 4096;
}

/* The header of the mapping at MAPPING, or NULL when MAPPING is not
   where one starts.  */
static inline struct __nvptx_mapping *
__nvptx_mmap_header (void *mapping)
{
  uintptr_t at = (uintptr_t) mapping;
  struct __nvptx_mapping *header = (struct __nvptx_mapping *) mapping - 1;

  if (at == 0 || at % __nvptx_mmap_page () != 0
      || header->mark != (MMAP_MARK ^ at))
    return NULL;
  return header;
}

#endif /* NVPTX_MMAP_BLOCK_H */
