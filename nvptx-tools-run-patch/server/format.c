/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The nvptx-rpc server's printf: the FORMAT request, formatted by the
   host's C library, so that the program prints what a native one
   would.  */

#define _GNU_SOURCE
#include <string.h>

#include "nvptx-rpc-format.h"
#include "server-internal.h"

/* FORMAT's argument slots, as serve_format takes them in order.  */
struct format_args
{
  const char *next, *end;
};

/* Take the next slot into *SLOT; false when the block has none left.  */
static bool
take_slot (struct format_args *a, uint64_t *slot)
{
  if (a->end - a->next < 8)
    return false;
  memcpy (slot, a->next, 8);
  a->next += 8;
  return true;
}

/* Whether SLOT holds an int, sign-extended as the client sends one.  */
static bool
slot_is_int (uint64_t slot)
{
  return (int64_t) slot >= INT_MIN && (int64_t) slot <= INT_MAX;
}

/* When FIELD, a width or precision, is '*', take its int into *N.
   Returns 0, or the protocol errno of a request to refuse: a slot that
   does not hold an int is refused, not cut to one.  */
static uint32_t
take_star (struct format_args *a, int32_t field, int *n)
{
  uint64_t slot;

  if (field != NVPTX_RPC_FORMAT_STAR)
    return 0;
  if (!take_slot (a, &slot))
    return NVPTX_RPC_EPROTO;
  if (!slot_is_int (slot))
    return NVPTX_RPC_EINVAL;
  *n = (int) slot;
  return 0;
}

/* FORMAT's output: its first ROOM bytes in TEXT, which has room for the
   NUL snprintf adds after them; LENGTH counts all of it.  */
struct format_output
{
  char *text;
  size_t room, length;
};

static void
output_put (struct format_output *o, const char *s, size_t n)
{
  if (o->length < o->room)
    memcpy (o->text + o->length, s,
	    n < o->room - o->length ? n : o->room - o->length);
  o->length += n;
}

/* Format SPEC with its arguments from A onto O, through snprintf with a
   format of its own: SPEC's flags, '*' for the width and the precision,
   so that they need no digits and a negative width is snprintf's to
   read, and the length modifier for the type passed.  Returns 0, or the
   protocol errno of a request to refuse.  */
static uint32_t
format_spec (const struct nvptx_rpc_format_spec *spec, struct format_args *a,
	     struct format_output *o)
{
  int width = spec->width == NVPTX_RPC_FORMAT_NONE ? 0 : spec->width;
  int precision = spec->precision;	/* NONE is -1: no precision.  */
  char format[16] = "%", *f = format + 1;
  uint64_t v;
  double d;
  uint32_t error;
  int n;

  if (spec->kind == NVPTX_RPC_FORMAT_UNSUPPORTED)
    return NVPTX_RPC_EINVAL;
  if (spec->kind == NVPTX_RPC_FORMAT_PERCENT)
    {
      output_put (o, "%", 1);
      return 0;
    }
  if ((error = take_star (a, spec->width, &width)) != 0
      || (error = take_star (a, spec->precision, &precision)) != 0)
    return error;
  if (!take_slot (a, &v))
    return NVPTX_RPC_EPROTO;
  /* An int or an unsigned int that its slot does not hold, likewise.  */
  if (((spec->kind == NVPTX_RPC_FORMAT_INT
	|| spec->kind == NVPTX_RPC_FORMAT_CHAR) && !slot_is_int (v))
      || (spec->kind == NVPTX_RPC_FORMAT_UNSIGNED && v > UINT_MAX))
    return NVPTX_RPC_EINVAL;
  /* A string's precision is the length of its bytes, sent.  */
  if ((width < 0 ? -(int64_t) width : width) > NVPTX_RPC_FORMAT_MAX
      || (precision > NVPTX_RPC_FORMAT_MAX
	  && spec->kind != NVPTX_RPC_FORMAT_STRING))
    return NVPTX_RPC_EINVAL;

  for (int i = 0; NVPTX_RPC_FORMAT_FLAGS[i]; i++)
    if (spec->flags & 1u << i)
      *f++ = NVPTX_RPC_FORMAT_FLAGS[i];
  f = stpcpy (f, "*.*");
  switch (spec->kind)
    {
    case NVPTX_RPC_FORMAT_INT: case NVPTX_RPC_FORMAT_UNSIGNED:
      f = stpcpy (f, spec->modifier);
      break;
    case NVPTX_RPC_FORMAT_INT64: case NVPTX_RPC_FORMAT_UINT64:
      f = stpcpy (f, "ll");
      break;
    case NVPTX_RPC_FORMAT_LONG_DOUBLE:
      *f++ = 'L';
      break;
    default:
      break;
    }
  *f++ = spec->conversion;
  *f = '\0';

  char *text = o->length < o->room ? o->text + o->length : NULL;
  size_t size = text ? o->room - o->length + 1 : 0;
  memcpy (&d, &v, sizeof d);
  switch (spec->kind)
    {
    case NVPTX_RPC_FORMAT_INT: case NVPTX_RPC_FORMAT_CHAR:
      n = snprintf (text, size, format, width, precision, (int) v);
      break;
    case NVPTX_RPC_FORMAT_UNSIGNED:
      n = snprintf (text, size, format, width, precision, (unsigned) v);
      break;
    case NVPTX_RPC_FORMAT_INT64:
      n = snprintf (text, size, format, width, precision, (long long) v);
      break;
    case NVPTX_RPC_FORMAT_UINT64:
      n = snprintf (text, size, format, width, precision,
		    (unsigned long long) v);
      break;
    case NVPTX_RPC_FORMAT_DOUBLE:
      n = snprintf (text, size, format, width, precision, d);
      break;
    case NVPTX_RPC_FORMAT_LONG_DOUBLE:
      n = snprintf (text, size, format, width, precision, (long double) d);
      break;
    case NVPTX_RPC_FORMAT_POINTER:
      n = snprintf (text, size, format, width, precision,
		    (void *) (uintptr_t) v);
      break;
    case NVPTX_RPC_FORMAT_STRING:
      if (v == NVPTX_RPC_FORMAT_NULL)
	n = snprintf (text, size, format, width, precision, (char *) NULL);
      else if (v > (uint64_t) (a->end - a->next)
	       || ((v + 7) & ~(uint64_t) 7) > (uint64_t) (a->end - a->next))
	return NVPTX_RPC_EPROTO;
      else
	{
	  /* At most its V bytes, whatever they hold.  */
	  n = snprintf (text, size, format, width, (int) v, a->next);
	  a->next += (v + 7) & ~(uint64_t) 7;
	}
      break;
    default:
      return NVPTX_RPC_EINVAL;
    }
  if (n < 0)
    return NVPTX_RPC_EINVAL;
  o->length += n;
  return 0;
}

/* printf's formatting, for the program's vfprintf: the format and its
   arguments as nvptx-rpc.h lays them out, formatted by this C library,
   so that the program prints what a native one would.  The program is
   not trusted: every argument is checked against the block, and widths
   and precisions are bounded, as is the output kept.  */
void
serve_format (struct call *c)
{
  struct rpc_server *s = c->server;
  int64_t room = c->req->arg[0];
  const char *nul = memchr (s->args, '\0', s->args_length);
  size_t slots = nul ? ((size_t) (nul - s->args) + 1 + 7) & ~(size_t) 7 : 0;
  char text[NVPTX_RPC_FORMAT_MAX + 1];
  struct format_output o = { text, room < 0 ? 0 : room, 0 };
  struct format_args a = { s->args + slots, s->args + s->args_length };
  struct nvptx_rpc_format_spec spec;
  uint32_t error = 0;

  if (s->args_overflow)
    error = NVPTX_RPC_ENAMETOOLONG;
  else if (nul == NULL || slots > s->args_length)
    error = NVPTX_RPC_EPROTO;
  else if (room < 0 || room > NVPTX_RPC_FORMAT_MAX)
    error = NVPTX_RPC_EINVAL;
  for (const char *p = s->args; !error && *p;)
    if (*p != '%')
      {
	const char *literal = p;
	p = strchrnul (p, '%');
	output_put (&o, literal, p - literal);
      }
    else
      {
	nvptx_rpc_format_scan (p, &spec);
	error = format_spec (&spec, &a, &o);
	p += spec.length;
      }
  if (!error && a.next != a.end)
    error = NVPTX_RPC_EPROTO;
  if (error)
    server_reply_error (c, error);
  else
    server_reply_data (c, o.length, text,
		       o.length < o.room ? o.length : o.room);
}
