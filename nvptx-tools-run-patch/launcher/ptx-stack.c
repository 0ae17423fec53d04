/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The stack a PTX program's kernel needs along its direct calls.

   The CUDA driver raises the stack limit at launch for a kernel whose
   stack it can compute, but gives up on a call graph with an indirect
   call or recursion.  With nvptx-rpc's newlib every program has indirect
   calls (exit runs atexit handlers and flushes stdio through FILE
   function pointers), so a program with large frames that ran under the
   stock newlib would overflow the launcher's default stack.  The launcher
   therefore does the driver's sum itself: the largest total, on a path of
   direct calls from the kernel, of the local arrays GCC declares in each
   function (its frame, "%frame_ar[N]", and outgoing arguments,
   "%stack_ar[N]").  Indirect calls add nothing: the launcher leaves room
   for them (STACK_ROOM).  A set of functions that call each other
   (recursion) counts once, with all its frames.

   The PTX comes from the user, so no input may crash the launcher: the
   walk keeps its own stack rather than the host's, so that any depth of
   calls fits, and sums saturate rather than wrap.  */

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include "ptx-stack.h"

struct function
{
  const char *name;
  size_t name_len;
  long chunk;			/* Its chunk if static, else -1.  */
  size_t frame;
  long first_call;		/* Its calls, linked by next_call; -1 ends.  */
  /* Tarjan's strongly connected components.  */
  long index, lowlink;
  long next_call;		/* The walk's next of its calls.  */
  bool on_stack;
  long component;		/* Its root function, once that is done.  */
  size_t need;			/* Of its component, likewise.  */
};

struct call
{
  const char *callee;
  size_t callee_len;
  long chunk;			/* The caller's.  */
  long target;			/* Resolved callee, or -1 if undefined.  */
  long next_call;
};

/* Each line defines a function, makes a call, or neither, so tables of
   one entry per line never fill.  */
struct graph
{
  struct function *fns;
  long nfns;
  struct call *calls;
  long ncalls;
  struct function **by_name;	/* Sorted by name, then chunk.  */
  long *stack;			/* Tarjan's stack.  */
  long depth, next_index;
  long *path;			/* The functions being walked, from the root.  */
};

/* A + B, but at most PTX_STACK_SATURATED, which A is not above.  */
static size_t
add_saturating (size_t a, size_t b)
{
  return b < PTX_STACK_SATURATED - a ? a + b : PTX_STACK_SATURATED;
}

static const char *
skip_blanks (const char *s)
{
  return s + strspn (s, " \t");
}

static size_t
identifier_length (const char *s)
{
  return strcspn (s, " \t(),;");
}

/* S at a '(': what follows the matching ')'.  */
static const char *
skip_parens (const char *s)
{
  const char *close = strchr (s, ')');
  return close ? close + 1 : s + strlen (s);
}

/* Read LINE, in chunk CHUNK, a line of function CURRENT (-1: of none).
   Returns the function the next line is in.  */
static long
read_line (struct graph *g, const char *line, long chunk, long current)
{
  static const struct { const char *head; bool global; } heads[] = {
    { ".visible .func", true }, { ".weak .func", true },
    { ".visible .entry", true }, { ".weak .entry", true },
    { ".func", false }, { ".entry", false },
  };
  const char *s = skip_blanks (line);
  size_t len = strlen (s);

  for (size_t i = 0; i < sizeof heads / sizeof *heads; i++)
    if (!strncmp (s, heads[i].head, strlen (heads[i].head)))
      {
	/* A declaration ends in ';'; a definition's body follows.  */
	if (len > 0 && s[len - 1] == ';')
	  return -1;
	s = skip_blanks (s + strlen (heads[i].head));
	if (*s == '(')		/* The return value.  */
	  s = skip_blanks (skip_parens (s));
	g->fns[g->nfns] = (struct function) {
	  s, identifier_length (s), heads[i].global ? -1 : chunk, 0, -1,
	  -1, 0, -1, false, -1, 0 };
	return g->nfns++;
      }
  /* A function's lines run to the next function's head: its braces nest
     (a call's parameters are a block of their own), and nothing between
     functions declares a frame or makes a call.  */
  if (current < 0)
    return current;

  if (!strncmp (s, ".local", 6) && strchr (s, '['))
    {
      /* strtoul gives ULONG_MAX for a larger number, and a negative one
	 wraps: both saturate.  */
      g->fns[current].frame
	= add_saturating (g->fns[current].frame,
			  strtoul (strchr (s, '[') + 1, NULL, 10));
      return current;
    }
  if (*s == '@')		/* A predicate: "@ %r1" or "@ ! %r1".  */
    {
      s = skip_blanks (s + 1);
      if (*s == '!')
	s = skip_blanks (s + 1);
      s = skip_blanks (s + identifier_length (s));
    }
  if (!strncmp (s, "call", 4) && (s[4] == ' ' || s[4] == '\t' || s[4] == '.'))
    {
      s = skip_blanks (s + strcspn (s, " \t"));	/* Past "call.uni".  */
      if (*s == '(')		/* The return value.  */
	{
	  s = skip_parens (s);
	  if (*s == ',')
	    s++;
	  s = skip_blanks (s);
	}
      if (*s != '%' && *s != '\0')	/* Not through a register.  */
	{
	  g->calls[g->ncalls] = (struct call) {
	    s, identifier_length (s), chunk, -1, g->fns[current].first_call };
	  g->fns[current].first_call = g->ncalls++;
	}
    }
  return current;
}

static int
compare_keys (const char *name, size_t len, long chunk,
	      const struct function *f)
{
  int c = memcmp (name, f->name, len < f->name_len ? len : f->name_len);
  if (c == 0 && len != f->name_len)
    c = len < f->name_len ? -1 : 1;
  if (c == 0 && chunk != f->chunk)
    c = chunk < f->chunk ? -1 : 1;
  return c;
}

static int
compare_functions (const void *a, const void *b)
{
  const struct function *f = *(struct function *const *) a;
  return compare_keys (f->name, f->name_len, f->chunk,
		       *(struct function *const *) b);
}

/* The function NAME (LEN bytes) of chunk CHUNK (-1: the global one).  */
static long
find_function (struct graph *g, const char *name, size_t len, long chunk)
{
  long lo = 0, hi = g->nfns;

  while (lo < hi)
    {
      long mid = lo + (hi - lo) / 2;
      int c = compare_keys (name, len, chunk, g->by_name[mid]);
      if (c == 0)
	return g->by_name[mid] - g->fns;
      if (c < 0)
	hi = mid;
      else
	lo = mid + 1;
    }
  return -1;
}

/* Tarjan: F is met.  */
static void
enter (struct graph *g, long f)
{
  g->fns[f].index = g->fns[f].lowlink = g->next_index++;
  g->fns[f].next_call = g->fns[f].first_call;
  g->stack[g->depth++] = f;
  g->fns[f].on_stack = true;
}

/* Tarjan: F, done, is the root of a component, the stack from F up.
   Whatever else its members call belongs to a component already done,
   so its need is its frames and its deepest callee's need.  */
static void
close_component (struct graph *g, long f)
{
  long bottom = g->depth;
  size_t frames = 0, deepest = 0;
  do
    {
      bottom--;
      g->fns[g->stack[bottom]].on_stack = false;
      g->fns[g->stack[bottom]].component = f;
      frames = add_saturating (frames, g->fns[g->stack[bottom]].frame);
    }
  while (g->stack[bottom] != f);
  for (long i = bottom; i < g->depth; i++)
    for (long c = g->fns[g->stack[i]].first_call; c >= 0;
	 c = g->calls[c].next_call)
      {
	long t = g->calls[c].target;
	if (t >= 0 && g->fns[t].component != f && g->fns[t].need > deepest)
	  deepest = g->fns[t].need;
      }
  for (long i = bottom; i < g->depth; i++)
    g->fns[g->stack[i]].need = add_saturating (frames, deepest);
  g->depth = bottom;
}

/* Tarjan's algorithm from ROOT, depth first along g->path: the functions
   whose calls the walk is in, each called by the one below it.  */
static void
walk (struct graph *g, long root)
{
  long top = 0;

  enter (g, root);
  g->path[top++] = root;
  while (top > 0)
    {
      struct function *f = &g->fns[g->path[top - 1]];
      long c = f->next_call;

      if (c >= 0)
	{
	  long t = g->calls[c].target;

	  f->next_call = g->calls[c].next_call;
	  if (t < 0)
	    continue;
	  if (g->fns[t].index < 0)
	    {
	      enter (g, t);
	      g->path[top++] = t;
	    }
	  else if (g->fns[t].on_stack && g->fns[t].index < f->lowlink)
	    f->lowlink = g->fns[t].index;
	  continue;
	}

      /* F's calls are done.  F roots a component if its lowlink is its
	 own index, as the walk's root's is, so any other F has a caller
	 below it.  */
      top--;
      if (f->lowlink == f->index)
	close_component (g, g->path[top]);
      else if (f->lowlink < g->fns[g->path[top - 1]].lowlink)
	g->fns[g->path[top - 1]].lowlink = f->lowlink;
    }
}

size_t
ptx_stack_need (const char *program, size_t len, const char *entry)
{
  size_t lines = 1;
  char *text = malloc (len + 1);
  struct graph g = { NULL, 0, NULL, 0, NULL, NULL, 0, 0, NULL };
  size_t need = 0;

  for (size_t i = 0; i < len; i++)
    lines += program[i] == '\n' || program[i] == '\0';
  g.fns = malloc (lines * sizeof *g.fns);
  g.calls = malloc (lines * sizeof *g.calls);
  g.by_name = malloc (lines * sizeof *g.by_name);
  g.stack = malloc (lines * sizeof *g.stack);
  g.path = malloc (lines * sizeof *g.path);
  if (text && g.fns && g.calls && g.by_name && g.stack && g.path)
    {
      long chunk = 0, current = -1;

      /* Lines end at a newline; chunks, at a NUL.  */
      memcpy (text, program, len);
      text[len] = '\0';
      for (char *line = text, *end; line < text + len; line = end + 1)
	{
	  end = line + strcspn (line, "\n");
	  bool chunk_ends = *end == '\0';
	  *end = '\0';
	  current = read_line (&g, line, chunk, current);
	  if (chunk_ends)
	    chunk++, current = -1;
	}

      for (long i = 0; i < g.nfns; i++)
	g.by_name[i] = &g.fns[i];
      qsort (g.by_name, g.nfns, sizeof *g.by_name, compare_functions);
      /* A call goes to its own chunk's static function of that name, if
	 there is one, else to the global one.  */
      for (long c = 0; c < g.ncalls; c++)
	{
	  struct call *call = &g.calls[c];
	  call->target = find_function (&g, call->callee, call->callee_len,
					call->chunk);
	  if (call->target < 0)
	    call->target = find_function (&g, call->callee,
					  call->callee_len, -1);
	}
      long root = find_function (&g, entry, strlen (entry), -1);
      if (root >= 0)
	{
	  walk (&g, root);
	  need = g.fns[root].need;
	}
    }
  free (text);
  free (g.fns);
  free (g.calls);
  free (g.by_name);
  free (g.stack);
  free (g.path);
  return need;
}
