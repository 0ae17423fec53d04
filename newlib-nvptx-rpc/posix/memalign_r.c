/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* _memalign_r for nvptx, over posix_memalign (posix_memalign.c): newlib
   master's aligned_alloc calls it, and stdlib's memalign too, where
   nvptx's malloc is its own (MALLOC_PROVIDED) and stdlib's is not built.
   An alignment below a pointer's is a pointer's, as in newlib's malloc;
   one that is not a power of two fails with EINVAL.  The file is not
   malignr.c, stdlib's, whose member of libc.a it would replace.  */

#include <errno.h>
#include <reent.h>
#include <stdlib.h>

void *
_memalign_r (struct _reent *reent, size_t alignment, size_t size)
{
  void *block;

  if (alignment < sizeof (void *))
    alignment = sizeof (void *);
  int error = posix_memalign (&block, alignment, size);
  if (error != 0)
    {
      reent->_errno = error;
      return NULL;
    }
  return block;
}
