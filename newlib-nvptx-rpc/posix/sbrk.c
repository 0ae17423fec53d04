/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* sbrk: the GPU's heap is the CUDA heap, which has no break to move:
   ENOMEM, as when the break cannot grow.  */

#include <errno.h>
#include <stdint.h>
#include <unistd.h>

void *
sbrk (ptrdiff_t increment)
{
  (void) increment;
  errno = ENOMEM;
  return (void *) -1;
}
