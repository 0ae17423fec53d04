/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* setjmp and longjmp for nvptx.  A non-local jump is not possible in
   PTX: the frames, the stack pointer and the return addresses are
   ptxas's, out of a program's reach.  So setjmp keeps nothing and
   returns 0, once, as a direct call does, and a program that never
   jumps runs exactly as natively: the common case of a setjmp kept for
   an error path that a correct run does not take.  A longjmp that is
   reached ends the program, after flushing its streams, with a message
   on stderr and status 134, an abort's (docs/posix-coverage.md).  */

#include <setjmp.h>
#include <stdio.h>
#include <unistd.h>

int
setjmp (jmp_buf env)
{
  env[0] = 0;
  return 0;
}

void
longjmp (jmp_buf env, int value)
{
  (void) env, (void) value;
  fflush (NULL);
  fputs ("nvptx-rpc: longjmp: no non-local jump on the GPU; the program "
	 "ends, status 134\n", stderr);
  _exit (134);
}
