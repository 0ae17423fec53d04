/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* Memory mappings for nvptx (mmap.c): anonymous ones, from the GPU's
   heap.  The values are Linux's, which the offload builds' programs,
   compiled from glibc's headers, pass.  */

#ifndef _SYS_MMAN_H
#define _SYS_MMAN_H

#include <sys/types.h>

#define PROT_NONE 0x0
#define PROT_READ 0x1
#define PROT_WRITE 0x2
#define PROT_EXEC 0x4

#define MAP_SHARED 0x01
#define MAP_PRIVATE 0x02
#define MAP_FIXED 0x10
#define MAP_ANONYMOUS 0x20
#define MAP_ANON MAP_ANONYMOUS

#define MAP_FAILED ((void *) -1)

#define MS_ASYNC 1
#define MS_INVALIDATE 2
#define MS_SYNC 4

#ifdef __cplusplus
extern "C" {
#endif

void *mmap (void *, size_t, int, int, int, off_t);
int munmap (void *, size_t);
int msync (void *, size_t, int);

#ifdef __cplusplus
}
#endif

#endif /* _SYS_MMAN_H */
