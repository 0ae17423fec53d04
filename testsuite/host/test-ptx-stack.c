/* ptx_stack_need, the launcher's stack sizing (ptx-stack.c): made-up PTX
   for each rule, then GCC's PTX for real programs (make check builds
   testsuite/gpu).  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ptx-stack.h"

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

  /* GCC's PTX: bigframe.c's 320 KiB frame is found through main, and
     hello.c needs a few hundred bytes.  */
  size_t big = need_of_file ("testsuite/gpu/bigframe.nvptx");
  check ("bigframe.nvptx: its 320 KiB frame and a little more",
	 big >= 320 * 1024 && big < 324 * 1024, 1);
  size_t hello = need_of_file ("testsuite/gpu/hello.nvptx");
  check ("hello.nvptx: under 4 KiB, not 0", hello > 0 && hello < 4096, 1);
  return failures != 0;
}
