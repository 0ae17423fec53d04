/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* _exit(2) for nvptx.  newlib's exit() has run the atexit handlers and
   flushed stdio by now; hand the status to the launcher and end the
   thread.  */

#include <unistd.h>

/* Set by crt0 from the kernel's first argument.  PTX has weak definitions
   but no weak declarations, so this is a weak definition, for programs
   not started by crt0 (offloading).  */
int *__attribute__ ((weak)) __exitval_ptr;

void __attribute__ ((noreturn))
_exit (int status)
{
  if (__exitval_ptr)
    *__exitval_ptr = status;
  for (;;)
    asm ("exit;" ::: "memory");
}
