/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* sigaltstack: the alternate signal stack, kept and reported; a GPU
   program's handlers run on its own stack (raise calls them).  */

#include <errno.h>
#include <signal.h>
#include <stddef.h>

int
sigaltstack (const stack_t *stack, stack_t *old)
{
  static stack_t current = { .ss_flags = SS_DISABLE };

  if (stack != NULL && (stack->ss_flags & ~SS_DISABLE))
    {
      errno = EINVAL;
      return -1;
    }
  if (stack != NULL && !(stack->ss_flags & SS_DISABLE)
      && stack->ss_size < MINSIGSTKSZ)
    {
      errno = ENOMEM;
      return -1;
    }
  if (old != NULL)
    *old = current;
  if (stack != NULL)
    current = *stack;
  return 0;
}
