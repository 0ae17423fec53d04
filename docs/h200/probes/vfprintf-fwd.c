#include <stdarg.h>
#include <stdio.h>
#include <reent.h>
int
fwd (FILE *f, const char *fmt, va_list ap)
{
  return _vfprintf_r (_REENT, f, fmt, ap);
}
