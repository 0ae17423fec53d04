/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* BSD's <err.h>, as glibc has it (machine/nvptx's err.c).  */

#ifndef _ERR_H
#define _ERR_H

#include <stdarg.h>
#include <sys/cdefs.h>

__BEGIN_DECLS

void warn (const char *, ...) __attribute__ ((__format__ (__printf__, 1, 2)));
void vwarn (const char *, va_list)
  __attribute__ ((__format__ (__printf__, 1, 0)));
void warnx (const char *, ...)
  __attribute__ ((__format__ (__printf__, 1, 2)));
void vwarnx (const char *, va_list)
  __attribute__ ((__format__ (__printf__, 1, 0)));
void err (int, const char *, ...)
  __attribute__ ((__noreturn__, __format__ (__printf__, 2, 3)));
void verr (int, const char *, va_list)
  __attribute__ ((__noreturn__, __format__ (__printf__, 2, 0)));
void errx (int, const char *, ...)
  __attribute__ ((__noreturn__, __format__ (__printf__, 2, 3)));
void verrx (int, const char *, va_list)
  __attribute__ ((__noreturn__, __format__ (__printf__, 2, 0)));

__END_DECLS

#endif /* _ERR_H */
