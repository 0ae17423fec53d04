/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* Every conversion of strftime that POSIX gives, and the field widths
   and '0' flag it allows on %C and %Y, for dates from 1969 to 9999 in
   UTC: run natively and on the GPU, the output must be identical
   (gpu.exp).  newlib's %C, %G, %g and %Y once passed an unsigned long
   to "%.*", which on nvptx printed the year as 0.  Not the year 10000:
   there newlib's %F is POSIX's "%+4Y-%m-%d", "+10000-01-01", and
   glibc's "10000-01-01".  */

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int
main (void)
{
  static const char *const formats[] = {
    "%a", "%A", "%b", "%B", "%c", "%C", "%d", "%D", "%e", "%F", "%g", "%G",
    "%h", "%H", "%I", "%j", "%m", "%M", "%n", "%p", "%r", "%R", "%S", "%t",
    "%T", "%u", "%U", "%V", "%w", "%W", "%x", "%X", "%y", "%Y", "%z", "%Z",
    "%%", "%Y-%m-%d", "%010Y", "%05C", "%3C", "%Ex", "%EY", "%Od", "%OV"
  };
  static const time_t dates[] = {
    951827696,			/* 2000-02-29 12:34:56, a Tuesday.  */
    946684799,			/* 1999-12-31 23:59:59.  */
    0, -1, 1230768000,		/* 2009-01-01: ISO week 2009-W01.  */
    1262217600,			/* 2009-12-31: 2009-W53.  */
    2147483647, 253402300799	/* 9999-12-31 23:59:59.  */
  };
  char text[128];

  setenv ("TZ", "UTC0", 1);
  tzset ();
  for (size_t d = 0; d < sizeof dates / sizeof *dates; d++)
    {
      struct tm tm;

      if (localtime_r (&dates[d], &tm) == NULL)
	{
	  printf ("%lld: no local time\n", (long long) dates[d]);
	  continue;
	}
      printf ("-- %lld\n", (long long) dates[d]);
      for (size_t f = 0; f < sizeof formats / sizeof *formats; f++)
	{
	  size_t n = strftime (text, sizeof text, formats[f], &tm);

	  printf ("%-9s %2zu [%s]\n", formats[f], n, text);
	}
    }
  /* Too small a buffer: 0.  */
  struct tm tm;
  time_t when = dates[0];
  localtime_r (&when, &tm);
  printf ("buffer of 4 for %%Y-%%m: %zu\n", strftime (text, 4, "%Y-%m", &tm));
  return 0;
}
