/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* glibc's assert calls __assert_fail: in nvptx's OpenMP multilib, the
   message glibc writes (less the program's name, which the GPU does not
   know) on stderr, then abort, as newlib's own assert does.  */

#include <stdio.h>
#include <stdlib.h>

#ifdef __NVPTX_GLIBC_ABI__

void __attribute__ ((noreturn))
__assert_fail (const char *assertion, const char *file, unsigned int line,
	       const char *function)
{
  fprintf (stderr, "%s:%u: %s%sAssertion `%s' failed.\n", file, line,
	   function ? function : "", function ? ": " : "", assertion);
  abort ();
}

#endif /* __NVPTX_GLIBC_ABI__ */
