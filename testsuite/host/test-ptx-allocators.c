/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* ptx_rename_allocators (ptx-allocators.c): malloc, free and realloc in
   a variable's initializer or a mov's operands, as GCC's nvptx back end
   leaves them, and nothing else.  The PTX of allocator hooks is GCC 12's for
   "struct hooks h = { malloc, free, realloc };", which ptxas refused
   ("Invalid initial value symbol 'malloc'") and accepts renamed.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ptx-allocators.h"

static int failures;

/* PTX renamed must be WANT; NULL: left as it is.  */
static void
check (const char *name, const char *ptx, const char *want)
{
  char *got = ptx_rename_allocators (ptx);
  int ok = want == NULL ? got == NULL
	   : got != NULL && strcmp (got, want) == 0;

  printf ("%s: %s\n", ok ? "PASS" : "FAIL", name);
  if (!ok)
    printf ("  got: %s\n", got ? got : "(as it is)");
  failures += !ok;
  free (got);
}

int
main (void)
{
  check ("hooks, as the linked program has them",
	 ".extern .func (.param .u64 %value_out) __nvptx_malloc "
	 "(.param .u64 %in_ar0);\n"
	 "// BEGIN GLOBAL VAR DEF: h\n"
	 ".visible .global .align 8 .u64 h[3] =\n"
	 "{malloc,free,realloc };\n",
	 ".extern .func (.param .u64 %value_out) __nvptx_malloc "
	 "(.param .u64 %in_ar0);\n"
	 "// BEGIN GLOBAL VAR DEF: h\n"
	 ".visible .global .align 8 .u64 h[3] =\n"
	 "{__nvptx_malloc,__nvptx_free,__nvptx_realloc };\n");
  check ("one hook, generic, as GCC writes it",
	 ".global .align 8 .u64 p = generic(malloc);\n",
	 ".global .align 8 .u64 p = generic(__nvptx_malloc);\n");
  check ("calls and declarations: left alone",
	 ".extern .func (.param .u64 %value_out) malloc "
	 "(.param .u64 %in_ar0);\n"
	 "call (%value_in), malloc, (%out_arg1);\n"
	 "call free, (%out_arg1);\n", NULL);
  check ("other names in initializers: left alone",
	 ".global .u64 t[2] = { freed, my_malloc };\n"
	 ".const .u8 s[4] = { 102, 114, 101, 101 };\n", NULL);
  check ("comments: left alone",
	 "// a = malloc;\n/* b = free; */\n.global .u32 x = 1;\n", NULL);
  check ("after an initializer, an instruction naming free",
	 ".global .u64 h = { free };\ncall free, (%r1);\n",
	 ".global .u64 h = { __nvptx_free };\ncall free, (%r1);\n");
  check ("an address taken in code, as GCC 12 writes a destructor's",
	 "// BEGIN GLOBAL FUNCTION DECL: __nvptx_free\n"
	 ".extern .func __nvptx_free (.param .u64 %in_ar0);\n"
	 "mov.u64 %r300,free;\n"
	 "@%r1 mov.u64 %r2, realloc;\n"
	 "call free,(%out_arg1);\n"
	 "mov.u32 %r3, 7;\n",
	 "// BEGIN GLOBAL FUNCTION DECL: __nvptx_free\n"
	 ".extern .func __nvptx_free (.param .u64 %in_ar0);\n"
	 "mov.u64 %r300,__nvptx_free;\n"
	 "@%r1 mov.u64 %r2, __nvptx_realloc;\n"
	 "call free,(%out_arg1);\n"
	 "mov.u32 %r3, 7;\n");
  check ("other instructions' operands: left alone",
	 "ld.global.u64 %r1, [free_list];\nmovement: ret;\n", NULL);
  return failures != 0;
}
