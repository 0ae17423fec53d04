/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* glibc's <stdio.h> sends the scanf family to these names, its C99
   scanf (C99 is newlib's, %a included): nvptx's OpenMP multilib gives
   them newlib's.  */

#include <stdarg.h>
#include <stdio.h>

#ifdef __NVPTX_GLIBC_ABI__

int
__isoc99_vfscanf (FILE *stream, const char *format, va_list ap)
{
  return vfscanf (stream, format, ap);
}

int
__isoc99_vscanf (const char *format, va_list ap)
{
  return vfscanf (stdin, format, ap);
}

int
__isoc99_vsscanf (const char *s, const char *format, va_list ap)
{
  return vsscanf (s, format, ap);
}

int
__isoc99_fscanf (FILE *stream, const char *format, ...)
{
  va_list ap;
  int n;

  va_start (ap, format);
  n = vfscanf (stream, format, ap);
  va_end (ap);
  return n;
}

int
__isoc99_scanf (const char *format, ...)
{
  va_list ap;
  int n;

  va_start (ap, format);
  n = vfscanf (stdin, format, ap);
  va_end (ap);
  return n;
}

int
__isoc99_sscanf (const char *s, const char *format, ...)
{
  va_list ap;
  int n;

  va_start (ap, format);
  n = vsscanf (s, format, ap);
  va_end (ap);
  return n;
}

#endif /* __NVPTX_GLIBC_ABI__ */
