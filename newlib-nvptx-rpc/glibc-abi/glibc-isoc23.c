/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* glibc 2.38 and later (Debian 13) send strtol and its kin to these
   names where C23's are asked for, as _GNU_SOURCE and C++ do: nvptx's
   OpenMP multilib gives them newlib's, which lack only C23's binary
   numbers (0b).  The scanf family's __isoc23_ names are
   glibc-isoc99-scanf.c's.  */

#include <inttypes.h>
#include <stdlib.h>
#include <wchar.h>

#ifdef __NVPTX_GLIBC_ABI__

long
__isoc23_strtol (const char *s, char **end, int base)
{
  return strtol (s, end, base);
}

unsigned long
__isoc23_strtoul (const char *s, char **end, int base)
{
  return strtoul (s, end, base);
}

long long
__isoc23_strtoll (const char *s, char **end, int base)
{
  return strtoll (s, end, base);
}

unsigned long long
__isoc23_strtoull (const char *s, char **end, int base)
{
  return strtoull (s, end, base);
}

intmax_t
__isoc23_strtoimax (const char *s, char **end, int base)
{
  return strtoimax (s, end, base);
}

uintmax_t
__isoc23_strtoumax (const char *s, char **end, int base)
{
  return strtoumax (s, end, base);
}

long
__isoc23_wcstol (const wchar_t *s, wchar_t **end, int base)
{
  return wcstol (s, end, base);
}

unsigned long
__isoc23_wcstoul (const wchar_t *s, wchar_t **end, int base)
{
  return wcstoul (s, end, base);
}

long long
__isoc23_wcstoll (const wchar_t *s, wchar_t **end, int base)
{
  return wcstoll (s, end, base);
}

unsigned long long
__isoc23_wcstoull (const wchar_t *s, wchar_t **end, int base)
{
  return wcstoull (s, end, base);
}

#endif /* __NVPTX_GLIBC_ABI__ */
