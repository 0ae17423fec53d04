/* The stack a PTX program's kernel needs along its direct calls.

   The CUDA driver raises the stack limit at launch for a kernel whose
   stack it can compute, but gives up on a call graph with an indirect
   call or recursion.  With nvptx-rpc's newlib every program has indirect
   calls (exit runs atexit handlers and flushes stdio through FILE
   function pointers), so a program with large frames that ran under the
   stock newlib would overflow the launcher's default stack.  The launcher
   therefore does the driver's sum itself: over the direct calls, the
   largest total of the frames GCC declares ("%frame_ar[N]") on a path from
   the kernel.  Indirect calls and recursive edges add nothing; the caller
   leaves room for them.  */

#include <stdlib.h>
#include <string.h>
#include "ptx-stack.h"

struct function
{
  const char *name;
  size_t name_len;
  size_t frame;
  size_t need;
  int state;			/* 0 not reached, 1 on the path, 2 done.  */
};

struct call
{
  size_t caller;
  const char *callee;
  size_t callee_len;
};

/* Each line defines a function, or makes a call, or neither, so a table
   of one entry per line never fills.  */
struct graph
{
  struct function *fns;
  size_t nfns;
  struct call *calls;
  size_t ncalls;
};

/* The function called NAME (LEN bytes), added if new.  Static functions
   of one name in different chunks share an entry, with the larger frame
   and all the calls: an overestimate, never an under.  */
static size_t
function_index (struct graph *g, const char *name, size_t len)
{
  for (size_t i = 0; i < g->nfns; i++)
    if (g->fns[i].name_len == len && !memcmp (g->fns[i].name, name, len))
      return i;
  g->fns[g->nfns] = (struct function) { name, len, 0, 0, 0 };
  return g->nfns++;
}

static size_t
identifier_length (const char *s)
{
  return strcspn (s, " \t(),;");
}

static const char *
skip_blanks (const char *s)
{
  return s + strspn (s, " \t");
}

/* S at a '(': the text after the matching ')'.  */
static const char *
skip_parens (const char *s)
{
  const char *close = strchr (s, ')');
  return close ? close + 1 : s + strlen (s);
}

/* Read LINE, a line of the function CURRENT (-1: of none).  Returns the
   function the next line is in.  */
static long
read_line (struct graph *g, const char *line, long current)
{
  static const char *const heads[] = {
    ".visible .func", ".weak .func", ".func",
    ".visible .entry", ".weak .entry", ".entry",
  };
  const char *s = skip_blanks (line);
  size_t len = strlen (s);

  for (size_t i = 0; i < sizeof heads / sizeof *heads; i++)
    if (!strncmp (s, heads[i], strlen (heads[i])))
      {
	/* A declaration ends in ';'; a definition's body follows.  */
	if (len > 0 && s[len - 1] == ';')
	  return -1;
	s = skip_blanks (s + strlen (heads[i]));
	if (*s == '(')		/* The return value.  */
	  s = skip_blanks (skip_parens (s));
	return function_index (g, s, identifier_length (s));
      }
  /* A function's lines run to the next function's head: its braces nest
     (a call's parameters are a block of their own), and what lies between
     functions declares no frame and makes no call.  */
  if (current < 0)
    return current;

  const char *frame = strstr (s, "%frame_ar[");
  if (frame)
    {
      size_t size = strtoul (frame + strlen ("%frame_ar["), NULL, 10);
      if (size > g->fns[current].frame)
	g->fns[current].frame = size;
    }
  if (*s == '@')		/* A predicated call: "@%r1 call ...".  */
    s = skip_blanks (s + strcspn (s, " \t"));
  if (!strncmp (s, "call", 4) && (s[4] == ' ' || s[4] == '.'))
    {
      s = skip_blanks (s + strcspn (s, " \t"));	/* Past "call.uni".  */
      if (*s == '(')		/* The return value.  */
	s = skip_blanks (skip_parens (s) + 1);
      if (*s != '%')		/* Not a call through a register.  */
	g->calls[g->ncalls++] = (struct call) { current, s,
						identifier_length (s) };
    }
  return current;
}

static size_t
need_of (struct graph *g, size_t f)
{
  size_t deepest = 0;

  if (g->fns[f].state == 1)
    return 0;			/* Recursion: the driver cannot bound it.  */
  if (g->fns[f].state == 2)
    return g->fns[f].need;
  g->fns[f].state = 1;
  for (size_t i = 0; i < g->ncalls; i++)
    if (g->calls[i].caller == f)
      {
	size_t callee = function_index (g, g->calls[i].callee,
					g->calls[i].callee_len);
	size_t need = need_of (g, callee);
	if (need > deepest)
	  deepest = need;
      }
  g->fns[f].need = g->fns[f].frame + deepest;
  g->fns[f].state = 2;
  return g->fns[f].need;
}

size_t
ptx_stack_need (const char *program, size_t len, const char *entry)
{
  size_t lines = 2;		/* One more for ENTRY, if never defined.  */
  char *text = malloc (len + 1);
  struct graph g = { NULL, 0, NULL, 0 };
  size_t need = 0;
  long current = -1;

  for (size_t i = 0; i < len; i++)
    lines += program[i] == '\n' || program[i] == '\0';
  g.fns = malloc (lines * sizeof *g.fns);
  g.calls = malloc (lines * sizeof *g.calls);
  if (text && g.fns && g.calls)
    {
      /* Lines end at a newline or at the NUL between two chunks.  */
      memcpy (text, program, len);
      text[len] = '\0';
      for (char *line = text, *end; line < text + len; line = end + 1)
	{
	  end = line + strcspn (line, "\n");
	  *end = '\0';
	  current = read_line (&g, line, current);
	}
      need = need_of (&g, function_index (&g, entry, strlen (entry)));
    }
  free (text);
  free (g.fns);
  free (g.calls);
  return need;
}
