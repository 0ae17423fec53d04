/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* printf's formatting for a stream, which newlib's _VFPRINTF_R asks of
   __nvptx_rpc_format (patches/0007-nvptx-vfprintf-format.diff).  Most
   printf calls convert only integers, characters and strings, whose text
   C fixes to the byte: those are formatted here, on the GPU, in a third
   of the time newlib's formatter takes, and without a request to the
   host (docs/performance.md, "The figures behind the code's choices").
   The rest (floating point, %p, null
   strings, the ' flag) goes to the host (FORMAT in nvptx-rpc.h), whose C
   library prints exactly what a native program would.  */

/* Nothing here depends on the lane: in the OpenMP multilib (uniform
   SIMT) every lane of a warp builds the same text or block in the
   caller's buffer, as one lane would, and rpc.c makes the call.  */

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "nvptx-rpc-format.h"
#include "rpc.h"

_Static_assert (sizeof (long) == 8 && sizeof (long long) == 8
		&& sizeof (intmax_t) == 8 && sizeof (size_t) == 8
		&& sizeof (ptrdiff_t) == 8 && sizeof (void *) == 8,
		"l, ll, j, z, t and pointers travel as 64 bits");

/* The argument block being built in the caller's buffer: LENGTH bytes of
   ROOM used, both multiples of 8, as the slots are 8-byte aligned.  */
struct block
{
  unsigned char *base;
  size_t length, room;
};

static bool
put_slot (struct block *b, uint64_t value)
{
  if (b->room - b->length < 8)
    return false;
  *(uint64_t *) (b->base + b->length) = value;
  b->length += 8;
  return true;
}

/* Put the string S, of at most PRECISION bytes when that is not
   negative: its length, its bytes and zeros to a multiple of 8.  Never
   reads past PRECISION bytes, nor past what the block has room for.  */
static bool
put_string (struct block *b, const char *s, int precision)
{
  if (s == NULL)
    return put_slot (b, NVPTX_RPC_FORMAT_NULL);
  if (b->room - b->length < 8)
    return false;

  size_t most = b->room - b->length - 8;
  size_t n = strnlen (s, precision >= 0 && (size_t) precision <= most
			 ? (size_t) precision : most + 1);
  if (n > most)
    return false;
  put_slot (b, n);
  memcpy (b->base + b->length, s, n);
  memset (b->base + b->length + n, 0, -n & 7);
  b->length += (n + 7) & ~(size_t) 7;
  return true;
}

#define LEFT NVPTX_RPC_FORMAT_LEFT
#define PLUS NVPTX_RPC_FORMAT_PLUS
#define SPACE NVPTX_RPC_FORMAT_SPACE
#define ALTERNATE NVPTX_RPC_FORMAT_ALTERNATE
#define ZERO NVPTX_RPC_FORMAT_ZERO

/* The functions below put text at O, before END, and return where the
   next byte goes, or NULL when there is no room; each passes NULL on.
   The output position stays in registers, where a struct would live in
   local memory, a load and a store away for every byte; and the
   functions that take many arguments are always inlined, which spares
   their calls' parameter passing, a measurable part of a conversion.  */

/* Put N bytes, C each, or the N bytes at S when S is not null.  GCC
   makes calls to memcpy and memset of this loop; keeping it a loop
   (-fno-tree-loop-distribute-patterns) measured no different.  */
static inline char *
put_bytes (char *o, const char *end, const char *s, char c, size_t n)
{
  if (o == NULL || n > (size_t) (end - o))
    return NULL;
  for (size_t i = 0; i < n; i++)
    o[i] = s != NULL ? s[i] : c;
  return o + n;
}

/* Put a field of WIDTH bytes at least: the PREFIX_LENGTH bytes of
   PREFIX (a sign, "0x"), ZEROS zeros, the N bytes at S; padded with
   spaces before, or after when LEFT.  */
static inline __attribute__ ((always_inline)) char *
put_field (char *o, const char *end, const char *prefix,
	   size_t prefix_length, size_t zeros, const char *s, size_t n,
	   int width, bool left)
{
  size_t length = prefix_length + zeros + n;
  size_t pad = (size_t) width > length ? width - length : 0;

  if (!left)
    o = put_bytes (o, end, NULL, ' ', pad);
  o = put_bytes (o, end, prefix, 0, prefix_length);
  o = put_bytes (o, end, NULL, '0', zeros);
  o = put_bytes (o, end, s, 0, n);
  if (left)
    o = put_bytes (o, end, NULL, ' ', pad);
  return o;
}

/* The digits of V in the base of CONVERSION (o, x, X, else ten), ending
   at END; returns where they start.  Decimal digits of a value that fits
   32 bits come from 32-bit division, which the GPU does in a few
   instructions, where 64-bit division is a long sequence.  */
static char *
put_digits (char *end, uint64_t v, char conversion)
{
  char ten = conversion == 'X' ? 'A' : 'a';
  unsigned shift = conversion == 'o' ? 3 : 4;

  if (conversion == 'o' || conversion == 'x' || conversion == 'X')
    do
      {
	unsigned digit = v & ((1u << shift) - 1);
	*--end = digit < 10 ? '0' + digit : ten + digit - 10;
	v >>= shift;
      }
    while (v != 0);
  else
    {
      for (; v > UINT32_MAX; v /= 10)
	*--end = '0' + v % 10;
      uint32_t w = v;
      do
	*--end = '0' + w % 10;
      while ((w /= 10) != 0);
    }
  return end;
}

/* Put the integer conversion SPEC of V, which has the type of SPEC's
   length modifier, as C has it.  */
static inline __attribute__ ((always_inline)) char *
put_integer (char *o, const char *end,
	     const struct nvptx_rpc_format_spec *spec, uint32_t flags,
	     int width, int precision, uint64_t v)
{
  char conversion = spec->conversion;
  bool is_signed = conversion == 'd' || conversion == 'i';
  char prefix[2];
  size_t prefix_length = 0;
  char text[24];
  char *last = text + sizeof text, *start = last;

  if (spec->modifier[0] == 'h')
    {
      bool hh = spec->modifier[1] == 'h';
      if (is_signed)
	v = hh ? (int64_t) (signed char) v : (int64_t) (short) v;
      else
	v = hh ? (unsigned char) v : (unsigned short) v;
    }
  if (is_signed && (int64_t) v < 0)
    prefix[prefix_length++] = '-', v = -v;
  else if (is_signed && (flags & (PLUS | SPACE)))
    prefix[prefix_length++] = flags & PLUS ? '+' : ' ';
  else if ((flags & ALTERNATE) && v != 0
	   && (conversion == 'x' || conversion == 'X'))
    prefix[0] = '0', prefix[1] = conversion, prefix_length = 2;

  if (v != 0 || precision != 0)
    start = put_digits (last, v, conversion);
  size_t n = last - start;
  size_t zeros = precision > 0 && (size_t) precision > n ? precision - n : 0;
  /* "%#o" starts with a 0, whatever the precision.  */
  if (conversion == 'o' && (flags & ALTERNATE) && zeros == 0
      && (n == 0 || *start != '0'))
    zeros = 1;
  /* The 0 flag pads with zeros after the prefix, unless a precision or
     the - flag says otherwise.  */
  size_t length = prefix_length + zeros + n;
  if ((flags & ZERO) && !(flags & LEFT) && precision < 0
      && (size_t) width > length)
    zeros += width - length;
  return put_field (o, end, prefix, prefix_length, zeros, start, n, width,
		    flags & LEFT);
}

/* Format FMT with AP into ROOM bytes at OUT, here, when its conversions
   are all integers, characters, strings that are not null, or "%%",
   without the ' flag, nor a flag C leaves undefined for them; returns
   the length, or -1 for the host to do it.  */
int
__nvptx_format_here (char *out, size_t room, const char *fmt, va_list ap)
{
  char *o = out, *end = out + room;
  struct nvptx_rpc_format_spec spec;

  for (const char *p = fmt; *p != '\0'; )
    {
      if (*p != '%')
	{
	  if (o == end)
	    return -1;
	  *o++ = *p++;
	  continue;
	}
      nvptx_rpc_format_scan (p, &spec);
      p += spec.length;

      uint32_t flags = spec.flags;
      int width = spec.width, precision = spec.precision;
      if (width == NVPTX_RPC_FORMAT_STAR)
	{
	  width = va_arg (ap, int);
	  if (width < 0)
	    flags |= LEFT, width = width == INT_MIN ? INT_MAX : -width;
	}
      else if (width == NVPTX_RPC_FORMAT_NONE)
	width = 0;
      if (precision == NVPTX_RPC_FORMAT_STAR)
	precision = va_arg (ap, int);
      if (precision < 0)
	precision = NVPTX_RPC_FORMAT_NONE;
      /* A field wider than the room would not fit in it.  */
      if (width > (long long) room || precision > (long long) room)
	return -1;

      const char *s;
      char c;
      switch (spec.kind)
	{
	case NVPTX_RPC_FORMAT_INT: case NVPTX_RPC_FORMAT_INT64:
	case NVPTX_RPC_FORMAT_UNSIGNED: case NVPTX_RPC_FORMAT_UINT64:
	  /* # means nothing for d, i, u in C; glibc ignores it.  */
	  if ((flags & ~(LEFT | PLUS | SPACE | ALTERNATE | ZERO))
	      || ((flags & ALTERNATE) && spec.conversion != 'o'
		  && spec.conversion != 'x' && spec.conversion != 'X'))
	    return -1;
	  {
	    bool wide = spec.kind == NVPTX_RPC_FORMAT_INT64
			|| spec.kind == NVPTX_RPC_FORMAT_UINT64;
	    uint64_t v = wide ? va_arg (ap, uint64_t)
		       : spec.kind == NVPTX_RPC_FORMAT_INT
		       ? (uint64_t) va_arg (ap, int) : va_arg (ap, unsigned);
	    o = put_integer (o, end, &spec, flags, width, precision, v);
	  }
	  break;
	case NVPTX_RPC_FORMAT_CHAR:
	  if ((flags & ~LEFT) || precision >= 0)
	    return -1;
	  c = (char) va_arg (ap, int);
	  o = put_field (o, end, "", 0, 0, &c, 1, width, flags & LEFT);
	  break;
	case NVPTX_RPC_FORMAT_STRING:
	  s = va_arg (ap, const char *);
	  if ((flags & ~LEFT) || s == NULL)
	    return -1;
	  o = put_field (o, end, "", 0, 0, s,
			 precision >= 0 ? strnlen (s, precision) : strlen (s),
			 width, flags & LEFT);
	  break;
	case NVPTX_RPC_FORMAT_PERCENT:
	  o = put_bytes (o, end, "%", 0, 1);
	  break;
	default:
	  return -1;
	}
      if (o == NULL)
	return -1;
    }
  return o - out;
}

int
__nvptx_rpc_format (char *out, size_t room, const char *fmt, va_list ap)
{
  struct block b = { (unsigned char *) out, 0, 0 };
  struct nvptx_rpc_format_spec spec;
  size_t fmt_length;
  va_list aq;
  int length_here;

  if (room > NVPTX_RPC_FORMAT_MAX)
    room = NVPTX_RPC_FORMAT_MAX;
  va_copy (aq, ap);
  length_here = __nvptx_format_here (out, room, fmt, aq);
  va_end (aq);
  if (length_here >= 0 || !__nvptx_rpc_available ())
    return length_here;
  b.room = room & ~(size_t) 7;

  /* The format first, in the block, where the scan reads it.  */
  fmt_length = strnlen (fmt, b.room);
  if (fmt_length >= b.room)
    return -1;
  memcpy (b.base, fmt, fmt_length + 1);
  b.length = (fmt_length + 1 + 7) & ~(size_t) 7;
  memset (b.base + fmt_length + 1, 0, b.length - fmt_length - 1);

  for (const char *p = (const char *) b.base; *p; p++)
    {
      if (*p != '%')
	continue;
      nvptx_rpc_format_scan (p, &spec);
      if (spec.kind == NVPTX_RPC_FORMAT_UNSUPPORTED)
	return -1;
      p += spec.length - 1;

      int width = spec.width, precision = spec.precision;
      if (spec.width == NVPTX_RPC_FORMAT_STAR)
	{
	  width = va_arg (ap, int);
	  if (!put_slot (&b, (int64_t) width))
	    return -1;
	}
      if (spec.precision == NVPTX_RPC_FORMAT_STAR)
	{
	  precision = va_arg (ap, int);
	  if (!put_slot (&b, (int64_t) precision))
	    return -1;
	}
      /* A field wider than the room would not fit in it.  A string's
	 precision only bounds the bytes sent.  */
      if ((width < 0 ? -(long long) width : width) > (long long) room
	  || (precision > (long long) room
	      && spec.kind != NVPTX_RPC_FORMAT_STRING))
	return -1;

      bool ok = true;
      switch (spec.kind)
	{
	case NVPTX_RPC_FORMAT_INT: case NVPTX_RPC_FORMAT_CHAR:
	  ok = put_slot (&b, (int64_t) va_arg (ap, int));
	  break;
	case NVPTX_RPC_FORMAT_UNSIGNED:
	  ok = put_slot (&b, va_arg (ap, unsigned int));
	  break;
	case NVPTX_RPC_FORMAT_INT64: case NVPTX_RPC_FORMAT_UINT64:
	  ok = put_slot (&b, va_arg (ap, unsigned long long));
	  break;
	case NVPTX_RPC_FORMAT_DOUBLE: case NVPTX_RPC_FORMAT_LONG_DOUBLE:
	  {
	    /* nvptx's long double is a double; a wider one (the host
	       tests') travels as the double nearest.  */
	    double d = spec.kind == NVPTX_RPC_FORMAT_DOUBLE
		       ? va_arg (ap, double) : va_arg (ap, long double);
	    uint64_t bits;
	    memcpy (&bits, &d, sizeof bits);
	    ok = put_slot (&b, bits);
	  }
	  break;
	case NVPTX_RPC_FORMAT_POINTER:
	  ok = put_slot (&b, (uintptr_t) va_arg (ap, void *));
	  break;
	case NVPTX_RPC_FORMAT_STRING:
	  ok = put_string (&b, va_arg (ap, const char *), precision);
	  break;
	default:		/* "%%" takes nothing.  */
	  break;
	}
      if (!ok)
	return -1;
    }

  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_FORMAT, .arg = { room },
    .out = { { b.base, b.length } }, .in = out, .in_length = room,
  };
  int saved_errno = errno;
  long long length = __nvptx_rpc_call (&call);
  /* Whatever went wrong, newlib's formatter does it all again; errno is
     as it was for it.  */
  if (length < 0 || (size_t) length > room || call.in_length != (size_t) length)
    {
      errno = saved_errno;
      return -1;
    }
  return length;
}
