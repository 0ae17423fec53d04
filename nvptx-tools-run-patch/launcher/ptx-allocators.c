/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* malloc, free and realloc named in a variable's initializer or taken
   as an address (ptx-allocators.h).

   GCC's nvptx back end gives calls to the three the names newlib
   defines them by, __nvptx_malloc, __nvptx_free and __nvptx_realloc,
   and declares those; but a reference in an initializer, such as an
   allocator hook's (struct hooks h = { malloc, free };), keeps the
   plain name, which in PTX is the CUDA built-in, no initial value:
   ptxas, and so the driver's JIT, stops ("Invalid initial value symbol
   'malloc'").  So does an address taken in code, such as a destructor
   passed to pthread_key_create (mov.u64 %r1, free;): "Unknown symbol
   'free'".  An initializer is the text from '=' to ';' of a variable's
   definition, the only place PTX has an '=' outside comments; an
   address, the operands of a mov, the only instruction that takes a
   function's (a call names its callee after "call").  */

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "ptx-allocators.h"

static const char *const allocators[] = { "malloc", "free", "realloc" };
#define PREFIX "__nvptx_"

static bool
identifier_char (char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
	 || (c >= '0' && c <= '9') || c == '_' || c == '$' || c == '%';
}

/* Which of the allocators the identifier at P of LEN bytes is: its
   index, or -1.  */
static int
allocator (const char *p, size_t len)
{
  for (int i = 0; i < 3; i++)
    if (strlen (allocators[i]) == len && memcmp (p, allocators[i], len) == 0)
      return i;
  return -1;
}

/* Walk PTX, and for each allocator named in an initializer or a mov's
   operands call RENAME (OFFSET, INDEX, ARG): OFFSET its place in PTX.  */
static void
each_reference (const char *ptx, void (*rename) (size_t, int, void *),
		void *arg)
{
  bool initializer = false, operands = false;

  for (const char *p = ptx; *p;)
    if (p[0] == '/' && p[1] == '/')
      p += strcspn (p, "\n");
    else if (p[0] == '/' && p[1] == '*')
      {
	const char *end = strstr (p + 2, "*/");

	p = end ? end + 2 : p + strlen (p);
      }
    else if (*p == '=' || *p == ';')
      {
	initializer = *p++ == '=';
	operands = false;
      }
    else if (identifier_char (*p))
      {
	size_t len = 1;
	int i;

	while (identifier_char (p[len]))
	  len++;
	if ((initializer || operands) && (i = allocator (p, len)) >= 0)
	  rename (p - ptx, i, arg);
	/* "mov", before its type (".u64"), is a token of its own.  */
	if (!initializer && len == 3 && memcmp (p, "mov", 3) == 0
	    && p[3] == '.')
	  operands = true;
	p += len;
      }
    else
      p++;
}

struct copy
{
  const char *ptx;
  char *out;
  size_t done, length;		/* Of PTX copied; of OUT.  */
};

static void
count (size_t offset, int i, void *arg)
{
  (void) offset, (void) i;
  *(size_t *) arg += strlen (PREFIX);
}

static void
copy_renamed (size_t offset, int i, void *arg)
{
  struct copy *c = arg;

  memcpy (c->out + c->length, c->ptx + c->done, offset - c->done);
  c->length += offset - c->done;
  memcpy (c->out + c->length, PREFIX, strlen (PREFIX));
  c->length += strlen (PREFIX);
  c->done = offset;
  (void) i;
}

char *
ptx_rename_allocators (const char *ptx)
{
  size_t more = 0, len = strlen (ptx);
  struct copy c = { ptx, NULL, 0, 0 };

  each_reference (ptx, count, &more);
  if (more == 0 || (c.out = malloc (len + more + 1)) == NULL)
    return NULL;
  each_reference (ptx, copy_renamed, &c);
  memcpy (c.out + c.length, ptx + c.done, len - c.done + 1);
  return c.out;
}
