/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* openlog, syslog and the rest: a GPU program reaches no system logger
   (its socket is not served), so a message goes to standard error when
   openlog asked for LOG_PERROR, as glibc writes it there ("ident[pid]:
   message", %m errno's text; the program's short name when no ident),
   and nowhere else.  setlogmask's mask applies.  */

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <syslog.h>
#include <unistd.h>

extern char *program_invocation_short_name;

static const char *log_ident;
static int log_options;
static int log_mask = 0xff;

void
openlog (const char *ident, int options, int facility)
{
  (void) facility;
  log_ident = ident;
  log_options = options;
}

/* As glibc's: the options and the mask stay.  */
void
closelog (void)
{
  log_ident = NULL;
}

int
setlogmask (int mask)
{
  int old = log_mask;

  if (mask != 0)
    log_mask = mask;
  return old;
}

void
vsyslog (int priority, const char *format, va_list ap)
{
  int saved = errno;
  const char *ident = log_ident ? log_ident : program_invocation_short_name;
  char expanded[1024];
  size_t n = 0;

  if (!(log_options & LOG_PERROR) || !(LOG_MASK (LOG_PRI (priority)) & log_mask))
    return;
  /* %m: errno's text, as the format is given to vfprintf.  */
  for (const char *p = format; *p && n < sizeof expanded - 1; p++)
    if (p[0] == '%' && p[1] == 'm')
      {
	const char *text = strerror (saved);
	size_t l = strlen (text);

	if (l > sizeof expanded - 1 - n)
	  l = sizeof expanded - 1 - n;
	memcpy (expanded + n, text, l);
	n += l;
	p++;
      }
    else if (p[0] == '%' && p[1] == '%')
      {
	expanded[n++] = *p++;
	if (n < sizeof expanded - 1)
	  expanded[n++] = *p;
      }
    else
      expanded[n++] = *p;
  expanded[n] = '\0';
  if (ident != NULL)
    fprintf (stderr, (log_options & LOG_PID) ? "%s[%d]: " : "%s: ", ident,
	     (int) getpid ());
  else if (log_options & LOG_PID)
    fprintf (stderr, "[%d]: ", (int) getpid ());
  vfprintf (stderr, expanded, ap);
  fputc ('\n', stderr);
  errno = saved;
}

void
syslog (int priority, const char *format, ...)
{
  va_list ap;

  va_start (ap, format);
  vsyslog (priority, format, ap);
  va_end (ap);
}
