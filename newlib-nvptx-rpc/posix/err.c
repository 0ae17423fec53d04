/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* BSD's err, errx, warn, warnx and their v forms, as glibc's: on
   standard error, the program's short name, the message, and for err and
   warn errno's text: "prog: message: No such file or directory".  */

#include <err.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern char *program_invocation_short_name;

/* The message, then errno's text when WITH_ERRNO (as ERRNUM).  */
static void
message (const char *format, va_list ap, int with_errno, int errnum)
{
  const char *name = program_invocation_short_name;

  fprintf (stderr, "%s: ", name ? name : "");
  if (format != NULL)
    vfprintf (stderr, format, ap);
  if (with_errno)
    fprintf (stderr, "%s%s", format != NULL ? ": " : "", strerror (errnum));
  fputc ('\n', stderr);
}

void
vwarn (const char *format, va_list ap)
{
  message (format, ap, 1, errno);
}

void
vwarnx (const char *format, va_list ap)
{
  message (format, ap, 0, 0);
}

void
verr (int status, const char *format, va_list ap)
{
  vwarn (format, ap);
  exit (status);
}

void
verrx (int status, const char *format, va_list ap)
{
  vwarnx (format, ap);
  exit (status);
}

void
warn (const char *format, ...)
{
  va_list ap;

  va_start (ap, format);
  vwarn (format, ap);
  va_end (ap);
}

void
warnx (const char *format, ...)
{
  va_list ap;

  va_start (ap, format);
  vwarnx (format, ap);
  va_end (ap);
}

void
err (int status, const char *format, ...)
{
  va_list ap;

  va_start (ap, format);
  verr (status, format, ap);
}

void
errx (int status, const char *format, ...)
{
  va_list ap;

  va_start (ap, format);
  verrx (status, format, ap);
}
