/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* A program's PTX made ready for the driver's JIT (ptx-program.h).

   GCC's nvptx back end puts string literals and const variables in the
   .const state space, and reaches them through generic addresses
   (cvta.const) or .const loads.  All of a link's .const data must fit
   the 64 KiB constant bank: a program with more (a database shell's
   messages, a Markdown converter's entity tables) does not load, ptxas
   stopping with "File uses too much global constant data".  Such a
   program's .const data goes to .global, in every input of the link, so
   that each variable's declarations agree with its definition; its
   loads then go through the caches of global memory instead of the
   constant cache.  A program whose data fits is linked as it is.  */

#define _GNU_SOURCE
#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "ptx-allocators.h"
#include "ptx-program.h"

#define CONST ".const"
#define GLOBAL ".global"

static bool
identifier_char (char c)
{
  return isalnum ((unsigned char) c) || c == '_' || c == '$' || c == '%';
}

/* Whether the ".const" at P, in PTX, is a state space: a directive's or
   an instruction's (ld.const, cvta.const), not part of a longer name.  */
static bool
state_space_at (const char *p)
{
  return !identifier_char (p[strlen (CONST)]);
}

/* The bytes of the .const definition whose directive is at P: its
   element type's size (.u8, .b32, .f64...) times the counts of its
   dimensions, up to its initializer or its end.  */
static size_t
definition_bytes (const char *p, size_t *align)
{
  size_t unit = 0, count = 1;
  char *end;

  *align = 1;
  for (p += strlen (CONST); *p && *p != ';' && *p != '=';)
    if (strncmp (p, ".align", 6) == 0 && isspace ((unsigned char) p[6]))
      {
	*align = strtoul (p + 6, &end, 10);
	p = end;
      }
    else if (*p == '.' && strchr ("busf", p[1]) && isdigit ((unsigned char) p[2]))
      {
	unit = strtoul (p + 2, &end, 10) / 8;
	p = end;
      }
    else if (*p == '[')
      {
	count *= strtoul (p + 1, &end, 10);
	p = end;
      }
    else
      p++;
  if (*align == 0)
    *align = 1;
  return unit * count;
}

size_t
ptx_const_bytes (const char *ptx)
{
  size_t total = 0, align;

  for (const char *p = ptx; (p = strstr (p, CONST)) != NULL;
       p += strlen (CONST))
    {
      const char *line = p;

      /* A directive starts a line's words; .extern only declares.  */
      if (!state_space_at (p) || (p > ptx && !isspace ((unsigned char) p[-1])))
	continue;
      while (line > ptx && line[-1] != '\n')
	line--;
      if (memmem (line, p - line, ".extern", 7) != NULL)
	continue;
      size_t bytes = definition_bytes (p, &align);
      total = (total + align - 1) / align * align + bytes;
    }
  return total;
}

char *
ptx_const_to_global (const char *ptx)
{
  size_t count = 0, length = strlen (ptx), extra;
  const char *p, *from;
  char *out, *to;

  for (p = ptx; (p = strstr (p, CONST)) != NULL; p += strlen (CONST))
    count += state_space_at (p);
  extra = count * (strlen (GLOBAL) - strlen (CONST));
  if ((out = malloc (length + extra + 1)) == NULL)
    return NULL;
  for (from = ptx, to = out; (p = strstr (from, CONST)) != NULL;
       from = p + strlen (CONST))
    {
      bool space = state_space_at (p);

      memcpy (to, from, p - from);
      to += p - from;
      strcpy (to, space ? GLOBAL : CONST);
      to += strlen (space ? GLOBAL : CONST);
    }
  strcpy (to, from);
  return out;
}

/* Append N bytes at DATA to *OUT, *LENGTH bytes long: false when no
   memory could be had (*OUT freed).  */
static bool
append (char **out, size_t *length, const char *data, size_t n)
{
  char *more = realloc (*out, *length + n);

  if (more == NULL)
    {
      free (*out);
      return false;
    }
  memcpy (more + *length, data, n);
  *out = more;
  *length += n;
  return true;
}

char *
ptx_prepare_program (const char *program, size_t length, size_t *new_length)
{
  size_t const_bytes = 0, off;
  char *out = NULL;

  for (off = 0; off < length; off += strlen (program + off) + 1)
    const_bytes += ptx_const_bytes (program + off);
  bool move = const_bytes > PTX_CONST_BANK;

  /* Nothing is copied until an input changes: most programs' none.  */
  *new_length = 0;
  for (off = 0; off < length; off += strlen (program + off) + 1)
    {
      const char *input = program + off;
      char *renamed = ptx_rename_allocators (input);
      char *moved = move ? ptx_const_to_global (renamed ? renamed : input)
		    : NULL;
      const char *ready = moved ? moved : renamed ? renamed : input;
      bool ok = (out == NULL && ready == input)
		|| ((out != NULL || append (&out, new_length, program, off))
		    && append (&out, new_length, ready, strlen (ready) + 1));

      free (renamed);
      free (moved);
      if (!ok)
	return NULL;
    }
  return out;
}
