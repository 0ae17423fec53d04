/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* Wide strings through printf's %ls and %lc, wcsrtombs with newlib's own
   conversion state, and the wide streams (swprintf, swscanf), natively
   and on the GPU.  Without patches/0018-wide-characters-without-mb.diff
   newlib printed only the first character of a %ls string and the
   wcsrtombs call below dereferenced a null pointer: an illegal address
   on the GPU.  */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>

int
main (void)
{
  static const wchar_t wide[] = L"wide";
  wchar_t buf[64], *ws = NULL;
  size_t z;
  signed char hh;
  intmax_t j;
  int r;

  const wchar_t *p = wide;
  printf ("wcslen %d, wcsrtombs %d\n", (int) wcslen (wide),
	  (int) wcsrtombs (NULL, &p, 0, NULL));
  r = printf ("[%ls]", wide);
  printf (" %d\n", r);
  r = printf ("[%6.2ls]", wide);
  printf (" %d\n", r);
  r = printf ("[%lc]", (wint_t) L'c');
  printf (" %d\n", r);
  r = swprintf (buf, 64, L"%zu %hhd %jd %.2f %a", SIZE_MAX, 200,
		(intmax_t) -3, 2.5, 0.5);
  printf ("swprintf: %d [%ls]\n", r, buf);
  r = swscanf (L"18446744073709551615 -100 -9 words", L"%zu %hhd %jd %mls",
	       &z, &hh, &j, &ws);
  printf ("swscanf zu hhd jd mls: %d: %zu %d %jd [%ls]\n", r, z, hh, j, ws);
  free (ws);
  return 0;
}
