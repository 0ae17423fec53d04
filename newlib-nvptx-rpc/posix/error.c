/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* GNU's error and error_at_line, as glibc's: standard output flushed
   first, then on standard error the program's name (or what
   error_print_progname prints), the place for error_at_line, the
   message and, for a nonzero ERRNUM, its text; a nonzero STATUS ends the
   program with it.  */

#include <error.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern char *program_invocation_name;

void (*error_print_progname) (void);
unsigned int error_message_count;
int error_one_per_line;

static void
report (int status, int errnum, const char *format, va_list ap)
{
  vfprintf (stderr, format, ap);
  ++error_message_count;
  if (errnum != 0)
    fprintf (stderr, ": %s", strerror (errnum));
  fputc ('\n', stderr);
  fflush (stderr);
  if (status != 0)
    exit (status);
}

/* Flush stdout, then the program's name and SEPARATOR: error's ": ",
   error_at_line's ":" before the file, as glibc's.  */
static void
begin (const char *separator)
{
  fflush (stdout);
  if (error_print_progname != NULL)
    error_print_progname ();
  else
    fprintf (stderr, "%s%s",
	     program_invocation_name ? program_invocation_name : "",
	     separator);
}

void
error (int status, int errnum, const char *format, ...)
{
  va_list ap;

  begin (": ");
  va_start (ap, format);
  report (status, errnum, format, ap);
  va_end (ap);
}

void
error_at_line (int status, int errnum, const char *file, unsigned int line,
	       const char *format, ...)
{
  static const char *last_file;
  static unsigned int last_line;
  va_list ap;

  if (error_one_per_line)
    {
      /* The same place as the last message: nothing.  */
      if (last_line == line && last_file != NULL && file != NULL
	  && (last_file == file || strcmp (last_file, file) == 0))
	return;
      last_file = file;
      last_line = line;
    }
  begin (":");
  fprintf (stderr, file != NULL ? "%s:%u: " : " ", file, line);
  va_start (ap, format);
  report (status, errnum, format, ap);
  va_end (ap);
}
