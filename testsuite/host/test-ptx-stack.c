/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* ptx_stack_need, the launcher's stack sizing (ptx-stack.c): made-up PTX
   for each rule, then GCC's PTX for real programs (make check builds
   testsuite/gpu).  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ptx-stack.h"

/* Sizes of the generated programs (need_of_generated).  */
#define CHAIN_LENGTH 1000000
#define FAN_OUT 100000

static int failures;

/* Checks GOT against WANT; a condition is checked as 1 or 0.  */
static void
check (const char *name, size_t got, size_t want)
{
  printf ("%s: %s (%zu, want %zu)\n", got == want ? "PASS" : "FAIL", name,
	  got, want);
  failures += got != want;
}

static size_t
need (const char *ptx)
{
  return ptx_stack_need (ptx, strlen (ptx), "__main");
}

/* A program file's need, or 0 if it cannot be read.  */
static size_t
need_of_file (const char *path)
{
  FILE *f = fopen (path, "rb");
  char *text;
  long len;
  size_t result;

  if (f == NULL || fseek (f, 0, SEEK_END) || (len = ftell (f)) < 0
      || fseek (f, 0, SEEK_SET) || (text = malloc (len)) == NULL
      || fread (text, 1, len, f) != (size_t) len)
    {
      perror (path);
      exit (1);
    }
  fclose (f);
  result = ptx_stack_need (text, len, "__main");
  free (text);
  return result;
}

#define FUNC(name, frame, body) \
  ".visible .func " name " (.param .u64 %in_ar0)\n{\n" \
  ".local .align 16 .b8 %frame_ar[" #frame "];\n" body "}\n"

static size_t
need_of_chunks (const char *chunks, size_t size)
{
  return ptx_stack_need (chunks, size - 1, "__main");
}

/* A program of N functions f0 ... f<N-1>, each with a frame of FRAME
   bytes, and __main with none.  A chain: __main calls f0, and each
   function the next; the last calls f0 if CYCLE.  Else a fan: __main
   calls them all, and fI's frame is FRAME + I bytes.  */
static size_t
need_of_generated (long n, size_t frame, int chain, int cycle)
{
  /* Each function: a head, a frame and a call, under 100 bytes.  */
  char *text = malloc (100 * (n + 1)), *p = text;
  size_t result;

  if (text == NULL)
    {
      perror ("generated program");
      exit (1);
    }
  p += sprintf (p, ".visible .entry __main\n{\n");
  for (long i = 0; i < (chain ? 1 : n); i++)
    p += sprintf (p, "call f%ld;\n", i);
  p += sprintf (p, "}\n");
  for (long i = 0; i < n; i++)
    {
      p += sprintf (p, ".func f%ld\n{\n.local .align 8 .b8 %%frame_ar[%zu];\n",
		    i, chain ? frame : frame + i);
      if (chain && (i + 1 < n || cycle))
	p += sprintf (p, "call f%ld;\n", (i + 1) % n);
      p += sprintf (p, "}\n");
    }
  result = ptx_stack_need (text, p - text, "__main");
  free (text);
  return result;
}

/* Every prefix of PTX, each in a buffer of exactly its length, so that
   a memory checker sees any read past it; true if all are under LIMIT.  */
static int
prefixes_below (const char *ptx, size_t limit)
{
  size_t len = strlen (ptx);
  int ok = 1;

  for (size_t n = 0; n <= len; n++)
    {
      char *prefix = malloc (n ? n : 1);

      if (prefix == NULL)
	{
	  perror ("prefix");
	  exit (1);
	}
      memcpy (prefix, ptx, n);
      ok &= ptx_stack_need (prefix, n, "__main") < limit;
      free (prefix);
    }
  return ok;
}

int
main (void)
{
  /* The deepest path: __main -> main -> b, not -> a.  Declarations (';')
     are not definitions; a call's parameter block has braces.  */
  check ("deepest direct path",
	 need (".visible .func a (.param .u64 %in_ar0);\n"
	       ".visible .entry __main (.param .u64 %in_ar0)\n{\n"
	       "{\n.param .u32 %value_in;\n"
	       "call (%value_in),main,(%out_arg1);\n}\n}\n"
	       FUNC ("main", 100, "call a,(%out_arg1);\ncall.uni b;\n")
	       FUNC ("a", 50, "") FUNC ("b", 200, "")),
	 300);
  check ("a return value before the name",
	 need (".visible .entry __main\n{\ncall f;\n}\n"
	       ".visible .func (.param .u32 %value_out) f (.param .u64 %x)\n"
	       "{\n.local .align 8 .b8 %frame_ar[40];\n}\n"),
	 40);
  check ("outgoing arguments count with the frame",
	 need (".visible .entry __main\n{\n"
	       ".local .align 16 .b8 %frame_ar[16];\n"
	       ".local .align 8 .b8 %stack_ar[32];\n}\n"),
	 48);
  check ("indirect calls add nothing",
	 need (".visible .entry __main\n{\n"
	       ".local .align 8 .b8 %frame_ar[16];\n"
	       "call %r23,(%out_arg1),$LCT0;\n"
	       "@ %r5 call %r41,$LCT0;\n}\n"),
	 16);
  check ("predicated direct calls count, as nvptx-as writes them",
	 need (".visible .entry __main\n{\n@ %r1 call f;\n"
	       "@ ! %r1 call (%value_in),g,(%out_arg1);\n}\n"
	       FUNC ("f", 24, "") FUNC ("g", 40, "")),
	 40);
  check ("recursion: the cycle counts once, with all its frames",
	 need (".visible .entry __main\n{\ncall f;\n}\n"
	       FUNC ("f", 64, "call f;\ncall g;\n")
	       FUNC ("g", 8, "call f;\n")),
	 72);
  /* a and b call each other, and b calls c: whichever of a and b the
     walk meets first, the answer is the same.  */
  check ("a cycle's callees, reached first through a",
	 need (".visible .entry __main\n{\ncall a;\ncall b;\n}\n"
	       FUNC ("a", 500, "call b;\n") FUNC ("b", 8, "call a;\ncall c;\n")
	       FUNC ("c", 1000, "")),
	 1508);
  check ("a cycle's callees, reached first through b",
	 need (".visible .entry __main\n{\ncall b;\ncall a;\n}\n"
	       FUNC ("a", 500, "call b;\n") FUNC ("b", 8, "call a;\ncall c;\n")
	       FUNC ("c", 1000, "")),
	 1508);
  /* Two chunks, NUL-separated, each with a static "helper": a call goes
     to its own chunk's.  */
  {
    static const char chunks[] =
      ".visible .entry __main\n{\ncall helper;\n}\n"
      ".func helper\n{\n.local .align 8 .b8 %frame_ar[10];\ncall foo;\n}\n"
      "\0"
      ".visible .func foo\n{\n.local .align 8 .b8 %frame_ar[20];\n"
      "call helper;\n}\n"
      ".func helper\n{\n.local .align 8 .b8 %frame_ar[1000];\n}\n";
    check ("static functions: each chunk's own",
	   need_of_chunks (chunks, sizeof chunks), 1030);
  }
  {
    static const char cut[] =
      ".visible .entry __main\n{\n"
      ".local .align 8 .b8 %frame_ar[8];\ncall (%value_in";
    check ("a line cut short", need_of_chunks (cut, sizeof cut), 8);
  }
  check ("no kernel of that name", need (FUNC ("f", 24, "")), 0);

  /* Programs no compiler writes, which must still give an answer and
     not crash the launcher: the walk takes no host stack per call.  */
  check ("a chain of a million calls",
	 need_of_generated (CHAIN_LENGTH, 16, 1, 0),
	 (size_t) 16 * CHAIN_LENGTH);
  check ("a cycle of a million calls",
	 need_of_generated (CHAIN_LENGTH, 8, 1, 1),
	 (size_t) 8 * CHAIN_LENGTH);
  check ("a kernel that calls a hundred thousand functions",
	 need_of_generated (FAN_OUT, 32, 0, 0), 32 + FAN_OUT - 1);
  check ("self-recursion",
	 need (".visible .entry __main\n{\ncall __main;\ncall f;\n}\n"
	       FUNC ("f", 24, "call f;\ncall f;\n")),
	 24);
  /* Sums past 64 bits saturate: the launcher then asks for more stack
     than a device has, and keeps the default.  */
  check ("frames of a function that overflow",
	 need (".visible .entry __main\n{\n"
	       ".local .align 8 .b8 %frame_ar[9223372036854775808];\n"
	       ".local .align 8 .b8 %stack_ar[9223372036854775808];\n}\n"),
	 PTX_STACK_SATURATED);
  check ("frames along a path that overflow",
	 need (".visible .entry __main\n{\n"
	       ".local .align 8 .b8 %frame_ar[9223372036854775807];\n"
	       "call f;\n}\n"
	       FUNC ("f", 9223372036854775807, "call g;\n")
	       FUNC ("g", 16, "")),
	 PTX_STACK_SATURATED);
  check ("frames of a cycle that overflow",
	 need (".visible .entry __main\n{\ncall f;\n}\n"
	       FUNC ("f", 9223372036854775807, "call g;\n")
	       FUNC ("g", 9223372036854775807, "call f;\n")),
	 PTX_STACK_SATURATED);
  check ("a frame too large to read",
	 need (".visible .entry __main\n{\n"
	       ".local .align 8 .b8 %frame_ar[99999999999999999999999];\n}\n"),
	 PTX_STACK_SATURATED);
  check ("calls to names never defined, or none",
	 need (".visible .entry __main\n{\n"
	       ".local .align 8 .b8 %frame_ar[8];\n"
	       "call nowhere;\ncall;\ncall.uni\ncall (%value_in),\n"
	       "call (%value_in\n@\n@ !\ncall ,x;\n}\n"),
	 8);
  check ("heads with no name or no body",
	 need (".visible .func\n.func (\n.entry (.param .u32 %r)\n"
	       ".visible .entry __main\n{\ncall f;\n}\n"
	       ".func f\n.local .b8 %frame_ar[\n.local .b8 %frame_ar[x];\n"),
	 0);
  check ("no program", ptx_stack_need ("", 0, "__main"), 0);
  {
    static const char nuls[] = "\0\0\0.visible .entry __main\0\0";
    check ("chunks with nothing in them", need_of_chunks (nuls, sizeof nuls),
	   0);
  }
  check ("each prefix of a program",
	 prefixes_below (".visible .func a (.param .u64 %in_ar0);\n"
			 ".visible .entry __main (.param .u64 %in_ar0)\n{\n"
			 "{\n.param .u32 %value_in;\n"
			 "@ ! %r1 call (%value_in),main,(%out_arg1);\n}\n}\n"
			 FUNC ("main", 100, "call a,(%out_arg1);\n"
			       "call.uni b;\ncall %r2,$LCT0;\n")
			 FUNC ("a", 50, "call main;\n") FUNC ("b", 200, "")
			 ".func b\n{\n.local .b8 %frame_ar[7];\n}\n",
			 351),
	 1);

  /* GCC's PTX: bigframe.c's 320 KiB frame is found through main, and
     hello.c needs a few hundred bytes.  */
  size_t big = need_of_file ("testsuite/gpu/bigframe.nvptx");
  check ("bigframe.nvptx: its 320 KiB frame and a little more",
	 big >= 320 * 1024 && big < 324 * 1024, 1);
  size_t hello = need_of_file ("testsuite/gpu/hello.nvptx");
  check ("hello.nvptx: under 4 KiB, not 0", hello > 0 && hello < 4096, 1);
  return failures != 0;
}
