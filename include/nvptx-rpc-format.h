/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* nvptx-rpc's printf format scanner: what each conversion specification
   of a FORMAT request's format takes.  Both sides scan the format with
   it, the client to know what to take from its va_list, the server what
   to pass to snprintf, so that they agree on the argument slots
   (nvptx-rpc.h lays out the request).  Kept apart from nvptx-rpc.h,
   which holds the wire format only: nothing here goes on the wire.  */

#ifndef NVPTX_RPC_FORMAT_H
#define NVPTX_RPC_FORMAT_H

#include <stdint.h>

/* What one conversion specification takes.  */
enum nvptx_rpc_format_kind
{
  NVPTX_RPC_FORMAT_PERCENT,	/* "%%": nothing.  */
  NVPTX_RPC_FORMAT_INT,		/* d i, with hh, h or no length: int.  */
  NVPTX_RPC_FORMAT_UNSIGNED,	/* o u x X, likewise: unsigned int.  */
  NVPTX_RPC_FORMAT_INT64,	/* d i with l ll j z t q: 64 bits on nvptx
				   (and on the hosts we build for).  */
  NVPTX_RPC_FORMAT_UINT64,	/* o u x X with l ll j z t q.  */
  NVPTX_RPC_FORMAT_DOUBLE,	/* a A e E f F g G, with l or no length.  */
  NVPTX_RPC_FORMAT_LONG_DOUBLE,	/* The same with L.  */
  NVPTX_RPC_FORMAT_CHAR,	/* c: int.  */
  NVPTX_RPC_FORMAT_STRING,	/* s: char *.  */
  NVPTX_RPC_FORMAT_POINTER,	/* p: void *.  */
  NVPTX_RPC_FORMAT_UNSUPPORTED	/* Left to the GPU's formatter: %n, %m,
				   wide characters and strings, positional
				   arguments (%1$d), any other conversion or
				   length, and a specification the format's
				   end cuts short.  */
};

/* The flags, bit I of a spec's flags for character I.  */
#define NVPTX_RPC_FORMAT_FLAGS "-+ #0'"
#define NVPTX_RPC_FORMAT_LEFT (1u << 0)
#define NVPTX_RPC_FORMAT_PLUS (1u << 1)
#define NVPTX_RPC_FORMAT_SPACE (1u << 2)
#define NVPTX_RPC_FORMAT_ALTERNATE (1u << 3)
#define NVPTX_RPC_FORMAT_ZERO (1u << 4)
#define NVPTX_RPC_FORMAT_GROUPING (1u << 5)
/* A width or precision that the format does not give, or gives as '*'.  */
#define NVPTX_RPC_FORMAT_NONE (-1)
#define NVPTX_RPC_FORMAT_STAR (-2)

struct nvptx_rpc_format_spec
{
  enum nvptx_rpc_format_kind kind;
  uint32_t length;		/* Its characters, from the '%' on.  */
  uint32_t flags;		/* NVPTX_RPC_FORMAT_FLAGS bits.  */
  int32_t width, precision;	/* NONE, STAR, or as written (at most
				   INT32_MAX).  */
  uint32_t stars;		/* int arguments before the value.  */
  char modifier[3];		/* The length modifier as written.  */
  char conversion;
};

/* The decimal number at *P, at most INT32_MAX; *P moves past it.  */
static inline int32_t
nvptx_rpc_format_number (const char **p)
{
  int32_t n = 0;

  for (; **p >= '0' && **p <= '9'; ++*p)
    n = n > (INT32_MAX - 9) / 10 ? INT32_MAX : n * 10 + (**p - '0');
  return n;
}

/* The NVPTX_RPC_FORMAT_FLAGS bit of the flag character C, or 0.  */
static inline uint32_t
nvptx_rpc_format_flag (char c)
{
  switch (c)
    {
    case '-': return NVPTX_RPC_FORMAT_LEFT;
    case '+': return NVPTX_RPC_FORMAT_PLUS;
    case ' ': return NVPTX_RPC_FORMAT_SPACE;
    case '#': return NVPTX_RPC_FORMAT_ALTERNATE;
    case '0': return NVPTX_RPC_FORMAT_ZERO;
    case '\'': return NVPTX_RPC_FORMAT_GROUPING;
    default: return 0;
    }
}

/* Scan the conversion specification at P, which is at a '%', into SPEC.
   An unsupported one's other fields may be incomplete.  Always inlined:
   called, the GPU's formatter kept SPEC in memory, a load and a store
   away for every field.  */
static inline __attribute__ ((always_inline)) void
nvptx_rpc_format_scan (const char *p, struct nvptx_rpc_format_spec *spec)
{
  const char *start = p++;
  const char *m = spec->modifier;
  uint32_t flag;
  int narrow, wide;

  *spec = (struct nvptx_rpc_format_spec) {
    .kind = NVPTX_RPC_FORMAT_UNSUPPORTED,
    .width = NVPTX_RPC_FORMAT_NONE, .precision = NVPTX_RPC_FORMAT_NONE,
  };
  for (; (flag = nvptx_rpc_format_flag (*p)) != 0; p++)
    spec->flags |= flag;
  if (*p == '*')
    spec->width = NVPTX_RPC_FORMAT_STAR, spec->stars++, p++;
  else if (*p >= '1' && *p <= '9')
    spec->width = nvptx_rpc_format_number (&p);
  if (*p == '$')		/* A positional argument, %1$d.  */
    return;
  if (*p == '.')
    {
      p++;
      if (*p == '*')
	spec->precision = NVPTX_RPC_FORMAT_STAR, spec->stars++, p++;
      else
	spec->precision = nvptx_rpc_format_number (&p);
    }
  switch (*p)
    {
    case 'h': case 'l':
      spec->modifier[0] = *p++;
      if (*p == spec->modifier[0])
	spec->modifier[1] = *p++;
      break;
    case 'j': case 'z': case 't': case 'q': case 'L':
      spec->modifier[0] = *p++;
      break;
    }
  if (*p == '\0')
    return;
  spec->conversion = *p++;
  spec->length = p - start;
  /* int-sized: no length, hh or h; 64-bit: l, ll, j, z, t or q.  */
  narrow = m[0] == '\0' || m[0] == 'h';
  wide = m[0] == 'l' || m[0] == 'j' || m[0] == 'z' || m[0] == 't'
	 || m[0] == 'q';
  switch (spec->conversion)
    {
    case 'd': case 'i':
      if (narrow || wide)
	spec->kind = narrow ? NVPTX_RPC_FORMAT_INT : NVPTX_RPC_FORMAT_INT64;
      break;
    case 'o': case 'u': case 'x': case 'X':
      if (narrow || wide)
	spec->kind = narrow ? NVPTX_RPC_FORMAT_UNSIGNED
		     : NVPTX_RPC_FORMAT_UINT64;
      break;
    case 'a': case 'A': case 'e': case 'E': case 'f': case 'F': case 'g':
    case 'G':
      if (m[0] == '\0' || (m[0] == 'l' && m[1] == '\0'))
	spec->kind = NVPTX_RPC_FORMAT_DOUBLE;
      else if (m[0] == 'L')
	spec->kind = NVPTX_RPC_FORMAT_LONG_DOUBLE;
      break;
    case 'c':
      if (m[0] == '\0')
	spec->kind = NVPTX_RPC_FORMAT_CHAR;
      break;
    case 's':
      if (m[0] == '\0')
	spec->kind = NVPTX_RPC_FORMAT_STRING;
      break;
    case 'p':
      if (m[0] == '\0')
	spec->kind = NVPTX_RPC_FORMAT_POINTER;
      break;
    case '%':
      if (spec->length == 2)
	spec->kind = NVPTX_RPC_FORMAT_PERCENT;
      break;
    }
}

#endif /* NVPTX_RPC_FORMAT_H */
