/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* ptx-program.c: the .const bytes of a link counted as ptxas counts
   them, the .const state space made .global, and a program's inputs
   prepared as the launcher links them: moved all together only when
   their .const data passes the constant bank.  The PTX is GCC 12's, as
   it writes string literals and const tables.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ptx-program.h"

static int failures;

/* Whether PTX names the .const state space anywhere.  */
static int
names_const (const char *ptx)
{
  return strstr (ptx, ".const ") || strstr (ptx, ".const\t")
	 || strstr (ptx, ".const.");
}

static void
check (const char *name, int ok)
{
  printf ("%s: %s\n", ok ? "PASS" : "FAIL", name);
  failures += !ok;
}

/* A definition of a .const table of COUNT 32-bit words named NAME, and
   a function that reads it, as GCC writes them.  */
static char *
table (const char *name, unsigned count)
{
  static const char format[] =
    "// BEGIN VAR DEF: %s\n"
    "\t.const .align 4 .u32 %s[%u] = { 1, 2, 3 };\n"
    "\t\tcvta.const.u64\t%%r39, %s;\n"
    "\t\tld.const.u32\t%%r40, [%s+4];\n";
  size_t size = sizeof format + 4 * strlen (name) + 16;
  char *out = malloc (size);

  snprintf (out, size, format, name, name, count, name, name);
  return out;
}

int
main (void)
{
  const char *literals =
    "// BEGIN VAR DEF: $LC0\n"
    "\t.const .align 1 .u8 $LC0[11] = { 37, 117, 32, 0 };\n"
    "\t.visible .const .align 8 .u64 big[3] = { 1, 2, 3 };\n"
    "\t.extern .const .align 4 .u32 other[20000];\n"
    "\t.visible .global .align 8 .u64 names[2] = { generic($LC0) };\n"
    "\t.const .align 2 .b16 half;\n"
    "\t.const .align 4 .u32 tab[2][3];\n"
    "\t\tcvta.const.u64\t%r32, $LC0;\n"
    "\t\tisspacep.const\t%p1, %r32;\n"
    "\t\tmov.u64\t%r2, my.constant;\n";

  /* 11, then 24 from a boundary of 8, 2, then 24 from one of 4; the
     declaration of other counts for nothing.  */
  printf ("const bytes: %zu\n", ptx_const_bytes (literals));
  check ("const bytes: definitions only, each aligned",
	 ptx_const_bytes (literals) == 16 + 24 + 2 + 2 + 24);
  char *moved = ptx_const_to_global (literals);
  check ("to .global: every state space, nothing else",
	 moved != NULL && !names_const (moved)
	 && strstr (moved, "\t.global .align 1 .u8 $LC0[11]")
	 && strstr (moved, ".visible .global .align 8 .u64 big[3]")
	 && strstr (moved, ".extern .global .align 4 .u32 other[20000]")
	 && strstr (moved, "cvta.global.u64\t%r32, $LC0;")
	 && strstr (moved, "isspacep.global\t%p1")
	 && strstr (moved, "my.constant"));
  free (moved);

  /* Two inputs of 40000 bytes each: over the bank together.  */
  char *a = table ("first", 10000), *b = table ("second", 10000);
  size_t la = strlen (a) + 1, lb = strlen (b) + 1, length;
  char *program = malloc (la + lb + 2);
  memcpy (program, a, la);
  program[la] = '\0';
  memcpy (program + la + 1, b, lb);
  char *ready = ptx_prepare_program (program, la + 1 + lb, &length);
  /* The inputs as they were laid out: the first, an empty one, the
     second.  */
  const char *empty = ready ? ready + strlen (ready) + 1 : NULL;
  const char *second = empty ? empty + 1 : NULL;
  check ("over the bank: every input moved",
	 ready != NULL && !names_const (ready) && !names_const (second)
	 && strstr (ready, "ld.global.u32\t%r40, [first+4]")
	 && *empty == '\0'
	 && strstr (second, "\t.global .align 4 .u32 second[10000]")
	 && length == (size_t) (second - ready) + strlen (second) + 1);
  free (ready);
  check ("one input alone fits: left as it is",
	 ptx_prepare_program (a, la, &length) == NULL);
  free (program);
  free (a);
  free (b);
  return failures != 0;
}
