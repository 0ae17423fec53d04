/* printf's formatting, done by the host (FORMAT in nvptx-rpc.h): the
   host's C library prints exactly what a native program would, and one
   request costs about what newlib's formatter takes one GPU thread for a
   short line (6.8 us on the H200), less than it takes for a long one or
   a floating conversion.  newlib's _VFPRINTF_R calls this for streams
   (patches/0007-vfprintf-on-the-host.diff).  */

/* Nothing here depends on the lane: in the OpenMP multilib (uniform
   SIMT) every lane of a warp builds the same block in the caller's
   buffer, as one lane would, and rpc.c makes the call.  */

#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
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

int
__nvptx_rpc_format (char *out, size_t room, const char *fmt, va_list ap)
{
  struct block b = { (unsigned char *) out, 0, 0 };
  struct nvptx_rpc_format_spec spec;
  size_t fmt_length;

  if (!__nvptx_rpc_available ())
    return -1;
  if (room > NVPTX_RPC_FORMAT_MAX)
    room = NVPTX_RPC_FORMAT_MAX;
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
