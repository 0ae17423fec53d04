/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* glibc's <ctype.h> looks characters up in tables of its own format,
   through __ctype_b_loc (isdigit and the other class tests) and, when
   optimizing, __ctype_toupper_loc and __ctype_tolower_loc: nvptx's
   OpenMP multilib gives it the C locale's tables (newlib's locale there
   is "C" too).  Each table is indexed from -128, so that a signed char
   and EOF (-1) index it; values above 127 belong to no class.  */

#include <stdint.h>
#include <sys/config.h>

#ifdef __NVPTX_GLIBC_ABI__

/* glibc's class bits, _ISbit (N) on a little-endian machine.  */
#define CLASS_BIT(n) ((n) < 8 ? (1 << (n)) << 8 : (1 << (n)) >> 8)
#define IS_UPPER(c) ((c) >= 'A' && (c) <= 'Z')
#define IS_LOWER(c) ((c) >= 'a' && (c) <= 'z')
#define IS_ALPHA(c) (IS_UPPER (c) || IS_LOWER (c))
#define IS_DIGIT(c) ((c) >= '0' && (c) <= '9')
#define IS_ALNUM(c) (IS_ALPHA (c) || IS_DIGIT (c))
#define IS_XDIGIT(c) \
  (IS_DIGIT (c) || ((c) >= 'a' && (c) <= 'f') || ((c) >= 'A' && (c) <= 'F'))
#define IS_SPACE(c) ((c) == ' ' || ((c) >= '\t' && (c) <= '\r'))
#define IS_PRINT(c) ((c) >= ' ' && (c) < 0x7f)
#define IS_GRAPH(c) ((c) > ' ' && (c) < 0x7f)
#define IS_BLANK(c) ((c) == ' ' || (c) == '\t')
#define IS_CNTRL(c) (((c) >= 0 && (c) < ' ') || (c) == 0x7f)
#define IS_PUNCT(c) (IS_GRAPH (c) && !IS_ALNUM (c))

#define CLASSES(c) \
  (unsigned short) ((IS_UPPER (c) ? CLASS_BIT (0) : 0) \
		    | (IS_LOWER (c) ? CLASS_BIT (1) : 0) \
		    | (IS_ALPHA (c) ? CLASS_BIT (2) : 0) \
		    | (IS_DIGIT (c) ? CLASS_BIT (3) : 0) \
		    | (IS_XDIGIT (c) ? CLASS_BIT (4) : 0) \
		    | (IS_SPACE (c) ? CLASS_BIT (5) : 0) \
		    | (IS_PRINT (c) ? CLASS_BIT (6) : 0) \
		    | (IS_GRAPH (c) ? CLASS_BIT (7) : 0) \
		    | (IS_BLANK (c) ? CLASS_BIT (8) : 0) \
		    | (IS_CNTRL (c) ? CLASS_BIT (9) : 0) \
		    | (IS_PUNCT (c) ? CLASS_BIT (10) : 0) \
		    | (IS_ALNUM (c) ? CLASS_BIT (11) : 0))
/* Anything else maps to itself, EOF included.  */
#define TO_UPPER(c) (IS_LOWER (c) ? (c) - 'a' + 'A' : (c))
#define TO_LOWER(c) (IS_UPPER (c) ? (c) - 'A' + 'a' : (c))

/* F of -128 to 255, in order.  */
#define ROW(f, c) \
  f ((c) + 0), f ((c) + 1), f ((c) + 2), f ((c) + 3), f ((c) + 4), \
  f ((c) + 5), f ((c) + 6), f ((c) + 7), f ((c) + 8), f ((c) + 9), \
  f ((c) + 10), f ((c) + 11), f ((c) + 12), f ((c) + 13), f ((c) + 14), \
  f ((c) + 15)
#define TABLE(f) \
  ROW (f, -128), ROW (f, -112), ROW (f, -96), ROW (f, -80), ROW (f, -64), \
  ROW (f, -48), ROW (f, -32), ROW (f, -16), ROW (f, 0), ROW (f, 16), \
  ROW (f, 32), ROW (f, 48), ROW (f, 64), ROW (f, 80), ROW (f, 96), \
  ROW (f, 112), ROW (f, 128), ROW (f, 144), ROW (f, 160), ROW (f, 176), \
  ROW (f, 192), ROW (f, 208), ROW (f, 224), ROW (f, 240)

static const unsigned short classes[384] = { TABLE (CLASSES) };
static const int32_t upper[384] = { TABLE (TO_UPPER) };
static const int32_t lower[384] = { TABLE (TO_LOWER) };

/* What glibc's callers index, from -128.  */
static const unsigned short *const classes_at_0 = classes + 128;
static const int32_t *const upper_at_0 = upper + 128;
static const int32_t *const lower_at_0 = lower + 128;

const unsigned short **
__ctype_b_loc (void)
{
  return (const unsigned short **) &classes_at_0;
}

const int32_t **
__ctype_toupper_loc (void)
{
  return (const int32_t **) &upper_at_0;
}

const int32_t **
__ctype_tolower_loc (void)
{
  return (const int32_t **) &lower_at_0;
}

#endif /* __NVPTX_GLIBC_ABI__ */
