/* ptx_stack_need, the launcher's stack sizing (ptx-stack.c): made-up PTX
   for each rule, then GCC's PTX for real programs (make check builds
   testsuite/gpu).  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ptx-stack.h"

static int failures;

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
  check ("indirect calls add nothing",
	 need (".visible .entry __main\n{\n"
	       ".local .align 8 .b8 %frame_ar[16];\n"
	       "call %r23,(%out_arg1),$LCT0;\n"
	       "@%r5 call %r41,$LCT0;\n}\n"),
	 16);
  check ("recursion adds nothing",
	 need (".visible .entry __main\n{\ncall f;\n}\n"
	       FUNC ("f", 64, "call f;\ncall g;\n")
	       FUNC ("g", 8, "call f;\n")),
	 72);
  /* Two chunks, NUL-separated, each with a static "helper".  */
  {
    static const char chunks[] =
      ".visible .entry __main\n{\ncall helper;\n}\n"
      ".func helper\n{\n.local .align 8 .b8 %frame_ar[10];\n}\n"
      "\0"
      ".func helper\n{\n.local .align 8 .b8 %frame_ar[20];\n}\n";
    check ("static functions of one name: the larger",
	   ptx_stack_need (chunks, sizeof chunks - 1, "__main"), 20);
  }
  check ("a predicated direct call counts",
	 need (".visible .entry __main\n{\n@%r1 call f;\n}\n"
	       FUNC ("f", 24, "")),
	 24);
  check ("no kernel of that name", need (FUNC ("f", 24, "")), 0);

  /* GCC's PTX: bigframe.c's 320 KiB frame is found through main.  */
  size_t big = need_of_file ("testsuite/gpu/bigframe.nvptx");
  check ("bigframe.nvptx needs its 320 KiB frame", big >= 320 * 1024, 1);
  check ("hello.nvptx needs under 128 KiB",
	 need_of_file ("testsuite/gpu/hello.nvptx") < 128 * 1024, 1);
  return failures != 0;
}
