/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* fnmatch(3): whether NAME matches the shell pattern PATTERN, as glibc
   answers in the C locale: '*', '?', bracket expressions ('!' or '^'
   negates; ranges by byte value; [:class:], and [.c.] and [=c=] of one
   character), '\' quoting the next character unless FNM_NOESCAPE;
   FNM_PATHNAME, FNM_PERIOD, FNM_CASEFOLD and FNM_LEADING_DIR.  An
   unterminated bracket is a plain '['; an unknown class, a pattern
   ending in a lone '\', match nothing.

   One star at a time is enough to backtrack to: a later star can take
   whatever an earlier one would have, and under FNM_PATHNAME neither
   crosses a '/', so that a '/' the pattern has matched is never given
   back.  */

/* FNM_CASEFOLD and FNM_LEADING_DIR are GNU's.  */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <ctype.h>
#include <fnmatch.h>
#include <string.h>

#define BAD_PATTERN (-1)

static int
fold (int c, int flags)
{
  return (flags & FNM_CASEFOLD) ? tolower (c) : c;
}

static int
in_class (const char *name, size_t len, int c)
{
  static const struct
  {
    const char *name;
    int (*test) (int);
  } classes[] = {
    { "alnum", isalnum }, { "alpha", isalpha }, { "blank", isblank },
    { "cntrl", iscntrl }, { "digit", isdigit }, { "graph", isgraph },
    { "lower", islower }, { "print", isprint }, { "punct", ispunct },
    { "space", isspace }, { "upper", isupper }, { "xdigit", isxdigit }
  };

  for (size_t i = 0; i < sizeof classes / sizeof *classes; i++)
    if (strlen (classes[i].name) == len
	&& memcmp (classes[i].name, name, len) == 0)
      return classes[i].test (c) != 0;
  return BAD_PATTERN;
}

/* The bracket expression at *PP, just past its '[', against byte C:
   1 or 0, *PP then past its ']'; 2 when it is unterminated before END
   (a plain '[' then); BAD_PATTERN for an unknown class.  */
static int
bracket (const char **pp, const char *end, int c, int flags)
{
  const char *p = *pp;
  int negate = 0, found = 0, first = 1;
  int folded = fold (c, flags);

  if (p < end && (*p == '!' || *p == '^'))
    {
      negate = 1;
      p++;
    }
  for (;;)
    {
      int low, high, symbol = 0;

      if (p >= end)
	return 2;
      if (*p == ']' && !first)
	{
	  p++;
	  break;
	}
      first = 0;
      if (*p == '[' && p + 1 < end
	  && (p[1] == ':' || p[1] == '.' || p[1] == '='))
	{
	  char kind = p[1];
	  const char *name = p + 2, *close = name;
	  while (close + 1 < end && !(close[0] == kind && close[1] == ']'))
	    close++;
	  if (close + 1 >= end)
	    return 2;
	  if (kind == ':')
	    {
	      int in = in_class (name, close - name, c);
	      if (in == BAD_PATTERN)
		return BAD_PATTERN;
	      found |= in;
	      p = close + 2;
	      continue;
	    }
	  /* A collating symbol or an equivalence class: in the C locale,
	     one character, which may start a range.  */
	  if (close - name != 1)
	    return BAD_PATTERN;
	  low = (unsigned char) *name;
	  p = close + 2;
	  symbol = 1;
	}
      else
	{
	  if (*p == '\\' && !(flags & FNM_NOESCAPE))
	    {
	      p++;
	      if (p >= end)
		return 2;
	    }
	  low = (unsigned char) *p++;
	}
      high = low;
      if (p + 1 < end && *p == '-' && p[1] != ']')
	{
	  p++;
	  symbol = 0;
	  if (*p == '[' && p + 1 < end && (p[1] == '.' || p[1] == '='))
	    {
	      char kind = p[1];
	      if (p + 4 >= end || p[3] != kind || p[4] != ']')
		return BAD_PATTERN;
	      high = (unsigned char) p[2];
	      p += 5;
	    }
	  else
	    {
	      if (*p == '\\' && !(flags & FNM_NOESCAPE))
		{
		  p++;
		  if (p >= end)
		    return 2;
		}
	      high = (unsigned char) *p++;
	    }
	}
      /* glibc folds the case of a range or a character, not of a
	 collating symbol or an equivalence class.  */
      if (symbol ? c == low
	  : fold (low, flags) <= folded && folded <= fold (high, flags))
	found = 1;
      else if (low <= c && c <= high)
	found = 1;
    }
  *pp = p;
  return found != negate;
}

int
fnmatch (const char *pattern, const char *name, int flags)
{
  const char *p = pattern, *s = name;
  const char *pattern_end = pattern + strlen (pattern);
  const char *star_p = NULL, *star_s = NULL;

  for (;;)
    {
      /* Where a '.' must be matched by a '.' of the pattern.  */
      int leading = (flags & FNM_PERIOD) && *s == '.'
	&& (s == name || ((flags & FNM_PATHNAME) && s[-1] == '/'));
      int c;

      if (*p == '\0')
	{
	  if (*s == '\0' || ((flags & FNM_LEADING_DIR) && *s == '/'))
	    return 0;
	  goto back;
	}
      if (*p == '*')
	{
	  while (*p == '*')
	    p++;
	  if (leading)
	    goto back;
	  star_p = p;
	  star_s = s;
	  continue;
	}
      if (*s == '\0')
	return FNM_NOMATCH;
      c = (unsigned char) *p;
      if (c == '?')
	{
	  if (leading || (*s == '/' && (flags & FNM_PATHNAME)))
	    goto back;
	  p++;
	}
      else if (c == '[')
	{
	  const char *q = p + 1;
	  int r = (leading || (*s == '/' && (flags & FNM_PATHNAME))) ? 0
	    : bracket (&q, pattern_end, (unsigned char) *s, flags);
	  if (r == BAD_PATTERN)
	    return FNM_NOMATCH;
	  if (r == 2)
	    {
	      /* Unterminated: a '[' to match as it is.  */
	      if (*s != '[')
		goto back;
	      p++;
	    }
	  else if (r == 0)
	    goto back;
	  else
	    p = q;
	}
      else
	{
	  if (c == '\\' && !(flags & FNM_NOESCAPE))
	    {
	      c = (unsigned char) *++p;
	      if (c == '\0')
		return FNM_NOMATCH;
	    }
	  if (fold (c, flags) != fold ((unsigned char) *s, flags))
	    goto back;
	  p++;
	  if (c == '/' && (flags & FNM_PATHNAME))
	    star_p = NULL;
	}
      s++;
      continue;

    back:
      if (star_p == NULL || *star_s == '\0'
	  || (*star_s == '/' && (flags & FNM_PATHNAME)))
	return FNM_NOMATCH;
      p = star_p;
      s = ++star_s;
    }
}
