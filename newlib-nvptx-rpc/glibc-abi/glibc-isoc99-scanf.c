/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* glibc's <stdio.h> sends the scanf family to __isoc99_ names (C99's
   scanf), and glibc 2.38 and later to __isoc23_ names where C23's are
   asked for, as _GNU_SOURCE and C++ do: nvptx's OpenMP multilib gives
   both newlib's, whose scanf is C99's (%a included) and lacks only
   C23's %b.  One family, defined under each prefix.  */

#include <stdarg.h>
#include <stdio.h>

#ifdef __NVPTX_GLIBC_ABI__

#define GLIBC_SCANF_FAMILY(prefix)					\
  int									\
  prefix##vfscanf (FILE *stream, const char *format, va_list ap)	\
  {									\
    return vfscanf (stream, format, ap);				\
  }									\
									\
  int									\
  prefix##vscanf (const char *format, va_list ap)			\
  {									\
    return vfscanf (stdin, format, ap);					\
  }									\
									\
  int									\
  prefix##vsscanf (const char *s, const char *format, va_list ap)	\
  {									\
    return vsscanf (s, format, ap);					\
  }									\
									\
  int									\
  prefix##fscanf (FILE *stream, const char *format, ...)		\
  {									\
    va_list ap;								\
    int n;								\
									\
    va_start (ap, format);						\
    n = vfscanf (stream, format, ap);					\
    va_end (ap);							\
    return n;								\
  }									\
									\
  int									\
  prefix##scanf (const char *format, ...)				\
  {									\
    va_list ap;								\
    int n;								\
									\
    va_start (ap, format);						\
    n = vfscanf (stdin, format, ap);					\
    va_end (ap);							\
    return n;								\
  }									\
									\
  int									\
  prefix##sscanf (const char *s, const char *format, ...)		\
  {									\
    va_list ap;								\
    int n;								\
									\
    va_start (ap, format);						\
    n = vsscanf (s, format, ap);					\
    va_end (ap);							\
    return n;								\
  }

GLIBC_SCANF_FAMILY (__isoc99_)
GLIBC_SCANF_FAMILY (__isoc23_)

#endif /* __NVPTX_GLIBC_ABI__ */
