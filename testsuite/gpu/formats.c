/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* C99's printf and scanf conversions, flags, widths, precisions and length
   modifiers (newlib built with --enable-newlib-io-c99-formats), plus
   POSIX's %m allocation in scanf; stdin supplies "%zu %hhd %jd" input.
   Each line shows a format and, in brackets, what it made; the output
   must be byte for byte the same as glibc's.

   Where glibc and newlib 3.3 legitimately differ, printf prints glibc's
   text on the GPU too: the launcher's C library formats it (FORMAT in
   nvptx-rpc.h).  host_formatted shows those cases.  Left out:
   - The digits of an address: %p is checked by a round trip through
     sscanf instead, with snprintf, which formats on the GPU (newlib's
     text, "0x0" for NULL where glibc has "(nil)").
   - Hexadecimal floating input: newlib 3.3's scanf stops at the "x" of
     "0x1p3" (glibc reads 8), so scanf reads decimal, inf and nan only.
   - A float whose exponent has no digits ("1e+x"): both read 1, glibc
     consuming the "e+", newlib leaving it unread (C wants a matching
     failure).
   - Values that long double cannot hold exactly (x86's long double is
     wider than nvptx's): the L conversions use exact binary fractions.  */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>

/* Print FMT's text, then what FMT makes of the arguments, in brackets so
   that padding shows, then printf's count.  FMT must be a literal: the
   compiler checks it against the arguments.  */
#define T(fmt, ...)							\
  do									\
    {									\
      int n_ = printf ("%-12s [" fmt "]", fmt, __VA_ARGS__);		\
      printf (" %d\n", n_);						\
    }									\
  while (0)

static void
integers (void)
{
  int w = 8, p = 4;

  T ("%d", 0);
  T ("%d", -2147483647 - 1);
  T ("%i", 2147483647);
  T ("%5d", 42);
  T ("%-5d", 42);
  T ("%05d", -42);
  T ("%+d", 42);
  T ("% d", 42);
  T ("%-+6d", 42);
  T ("%.3d", 7);
  T ("%.0d", 0);		/* No digits at all.  */
  T ("%+.0d", 0);
  T ("%*d", w, 42);
  T ("%*d", -w, 42);		/* A negative * width means "-".  */
  T ("%.*d", p, 42);
  T ("%.*d", -1, 42);		/* A negative * precision is none.  */
  T ("%*.*d", w, p, -42);
  T ("%-*.*i", w, p, 42);
  T ("%o", 8);
  T ("%#o", 8);
  T ("%#o", 0);
  T ("%#.3o", 8);
  T ("%u", 4294967295u);
  T ("%x", 255);
  T ("%X", 255);
  T ("%#x", 255);
  T ("%#X", 255);
  T ("%#x", 0);			/* No 0x for zero.  */
  T ("%#10x", 255);
  T ("%#-10x", 255);
  T ("%#010x", 255);
  T ("%.5x", 255);
  T ("%#.5X", 255);
}

static void
length_modifiers (void)
{
  intmax_t jmin = INTMAX_MIN;
  uintmax_t jmax = UINTMAX_MAX;
  size_t zmax = SIZE_MAX;
  ptrdiff_t t = &"abcdef"[1] - &"abcdef"[5];

  /* hh and h convert the (promoted) argument back to char and short.  */
  T ("%hhd", 300);
  T ("%hhd", -129);
  T ("%hhu", 511);
  T ("%hhx", 0x1ff);
  T ("%hho", 0777);
  T ("%+5hhi", 100);
  T ("%hd", 70000);
  T ("%hu", -1);
  T ("%#hx", 0x12345);
  T ("%ld", -9223372036854775807L - 1);
  T ("%lu", 18446744073709551615UL);
  T ("%#lo", 01777777777777777777777UL);
  T ("%lx", 0xfedcba9876543210UL);
  T ("%lld", -9223372036854775807LL - 1);
  T ("%llu", 18446744073709551615ULL);
  T ("%#llX", 0xfedcba9876543210ULL);
  T ("%jd", jmin);
  T ("%ju", jmax);
  T ("%#jx", jmax);
  T ("%zu", zmax);
  T ("%zd", (ptrdiff_t) -5);
  T ("%#zo", (size_t) 8);
  T ("%zx", sizeof (long long));
  T ("%td", t);
  T ("%tu", (size_t) 4);
  T ("%+8td", -t);
  T ("%tX", (size_t) 255);
}

static void
floats (void)
{
  double inf = INFINITY, nan = NAN;
  int w = 12, p = 3;

  T ("%f", 3.14159265358979);
  T ("%F", 3.14159265358979);
  T ("%.0f", 2.5);		/* Ties go to even, in both.  */
  T ("%.0f", 3.5);
  T ("%#.0f", 3.0);
  T ("%.2f", 0.125);
  T ("%.10f", 1.0 / 3);
  T ("%f", 1e15);
  T ("%f", -0.0);
  T ("%+f", 1.5);
  T ("% f", 1.5);
  T ("%010.3f", -1.5);
  T ("%-10.3f", 1.5);
  T ("%*.*f", w, p, 2.0 / 3);
  T ("%*.*f", -w, -1, 2.0 / 3);
  T ("%e", 123456.789);
  T ("%E", 123456.789);
  T ("%.0e", 2.5);
  T ("%#.0e", 1.0);
  T ("%.3e", 0.0);
  T ("%+.3e", 1e-300);
  T ("%e", 1e100);
  T ("%12.4e", -0.000123456);
  T ("%g", 100000.0);
  T ("%g", 1000000.0);
  T ("%g", 0.0001);
  T ("%g", 0.00001);
  T ("%g", 123456789.0);
  T ("%G", 1.5e-10);
  T ("%.3g", 3.14159);
  T ("%.0g", 3.14159);		/* Precision 0 is 1 for g.  */
  T ("%#g", 1.0);
  T ("%#.3G", 100.0);
  T ("%-12g|", 0.5);
  T ("%012g", -0.5);
  T ("%a", 1.0);
  T ("%a", 0.5);
  T ("%a", 255.5);
  T ("%a", 0.1);
  T ("%a", -0.0);
  T ("%a", 0.0);
  T ("%A", 255.5);
  T ("%.3a", 0.1);
  T ("%.3a", 1.0);
  T ("%.0a", 1.5);
  T ("%#.0a", 1.0);
  T ("%+a", 3.0);
  T ("%16a", 1.0);
  T ("%-16A|", 1.0);
  T ("%016a", -1.0);
  T ("%a", 1e300);
  T ("%f", inf);
  T ("%F", -inf);
  T ("%e", inf);
  T ("%G", inf);
  T ("%a", -inf);
  T ("%A", inf);
  T ("%f", nan);
  T ("%F", nan);
  T ("%8.3f|", inf);
  T ("%-8e|", nan);
  T ("%08f", inf);		/* No zeros before inf.  */
  T ("%Lf", 2.5L);
  T ("%.3Le", 0.375L);
  T ("%LG", 1024.0L);
  T ("%LF", -0.75L);
}

static void
characters (void)
{

  T ("%c", 'x');
  T ("%3c", 'x');
  T ("%-3c", 'x');
  T ("%c%c%c", 'a', 'b', 'c');
  T ("%s", "string");
  T ("%10s", "string");
  T ("%-10s", "string");
  T ("%.3s", "string");
  T ("%*.*s", 6, 2, "string");
  T ("%.*s", -1, "string");
  T ("%s", "");
  T ("%lc", (wint_t) L'W');
  T ("%3lc", (wint_t) L'W');
  T ("%s", "%%");
  printf ("%%: [%%] [100%%]\n");
}

/* Where newlib's own formatting, which snprintf keeps, differs from
   glibc's: NULL is "(nil)" for %p (newlib "0x0"); a null string cut
   short by a precision is empty (newlib "(nu"); %a writes a subnormal
   unnormalized ("0x0.0000000000001p-1022", newlib "0x1p-1074"); and x86's
   %La writes 1.0L as "0x8p-3" (nvptx's long double is a double, which
   travels to the host exactly).  The "'" flag groups nothing in the C
   locale, in both.  */
static void
host_formatted (void)
{
  char *volatile null = NULL;

  T ("%p", (void *) 0);
  T ("%s", null);
  T ("%.3s", null);
  T ("%-8.3s|", null);
  T ("%a", 4.9406564584124654e-324);
  T ("%A", 2.2250738585072009e-308);
  T ("%La", 1.0L);
  T ("%.2La", 0.75L);
  T ("%'d", 1234567);
  T ("%'.2f", 1234567.891);
}

/* %n stores the count so far, through each length modifier's type.  */
static void
counts (void)
{
  signed char hh;
  short h;
  int i;
  long l;
  long long ll;
  intmax_t j;
  size_t z;
  ptrdiff_t t;
  int n;

  n = printf ("abc%hhn de%hnf%n ghij%ln%lln %jn%zn%tn.\n",
	      &hh, &h, &i, &l, &ll, &j, &z, &t);
  printf ("%%n: hh %d h %d i %d l %ld ll %lld j %jd z %zu t %td of %d\n",
	  hh, h, i, l, ll, j, z, t, n);
}

/* snprintf's return is the whole length, whatever it could store.  The
   truncation is the point here, not a mistake.  */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-truncation"
static void
truncation (void)
{
  char buf[8];
  int n;

  n = snprintf (buf, sizeof buf, "%zu:%jd", (size_t) 1234567, (intmax_t) -89);
  printf ("snprintf: %d [%s]\n", n, buf);
  n = snprintf (NULL, 0, "%hhd%+.3e", 1000, 1.0);
  printf ("snprintf (NULL, 0): %d\n", n);
  n = sprintf (buf, "%-4.2s|", "abc");
  printf ("sprintf: %d [%s]\n", n, buf);
}
#pragma GCC diagnostic pop

/* The return value, then what each conversion stored.  */
static void
scan_integers (void)
{
  signed char hh, hh2;
  unsigned char uhh;
  short h;
  unsigned short uh;
  int i, i2, i3, i4, r;
  unsigned u, o, x, X;
  long l;
  unsigned long ul;
  long long ll;
  unsigned long long ull;
  intmax_t j;
  uintmax_t uj;
  size_t z;
  ptrdiff_t t;
  signed char nhh;
  short nh;
  int n;
  long nl;
  long long nll;
  intmax_t nj;
  size_t nz;
  ptrdiff_t nt;

  r = sscanf ("-42 0x1f 017 -12 4294967295 0777 fF 0XaB",
	      "%d %i %i %i %u %o %x %X", &i, &i2, &i3, &i4, &u, &o, &x, &X);
  printf ("sscanf d i i i u o x X: %d: %d %d %d %d %u %o %x %X\n",
	  r, i, i2, i3, i4, u, o, x, X);

  r = sscanf ("-128 255 -32768 65535 -9223372036854775808 "
	      "18446744073709551615",
	      "%hhd %hhu %hd %hu %ld %lu", &hh, &uhh, &h, &uh, &l, &ul);
  printf ("sscanf hh h l: %d: %d %u %d %u %ld %lu\n",
	  r, hh, uhh, h, uh, l, ul);

  r = sscanf ("-9223372036854775807 18446744073709551615 "
	      "-9223372036854775808 18446744073709551615 "
	      "18446744073709551615 -7",
	      "%lld %llu %jd %ju %zu %td", &ll, &ull, &j, &uj, &z, &t);
  printf ("sscanf ll j z t: %d: %lld %llu %jd %ju %zu %td\n",
	  r, ll, ull, j, uj, z, t);

  r = sscanf ("0x7f 0x10 -0X1A 0777", "%hhi %hx %ji %zo", &hh2, &uh, &j, &z);
  printf ("sscanf hhi hx ji zo: %d: %d %u %jd %zu\n", r, hh2, uh, j, z);

  /* Widths stop a conversion early; %*d reads and stores nothing.  */
  r = sscanf ("123456 77 88 99", "%3d%2d %*d %*s%n %d", &i, &i2, &n, &i3);
  printf ("sscanf widths, %%*d, %%n: %d: %d %d n %d %d\n", r, i, i2, n, i3);

  r = sscanf ("ab  12 345 6789",
	      "ab%hhn %hn%*d%n %ln%*d%lln%jn %zn%tn%d",
	      &nhh, &nh, &n, &nl, &nll, &nj, &nz, &nt, &i);
  printf ("sscanf %%n: %d: %d %d %d %ld %lld %jd %zu %td %d\n",
	  r, nhh, nh, n, nl, nll, nj, nz, nt, i);

  /* A matching failure stops at what matched; no input at all is EOF.  */
  i = i2 = -1;
  r = sscanf ("5 x", "%d %d", &i, &i2);
  printf ("sscanf matching failure: %d: %d %d\n", r, i, i2);
  r = sscanf ("", "%d", &i);
  printf ("sscanf empty: %d\n", r);
  r = sscanf ("   ", "%d", &i);
  printf ("sscanf blanks: %d\n", r);
  r = sscanf ("50%", "%d%%", &i);
  printf ("sscanf %%%%: %d: %d\n", r, i);
}

static void
scan_floats (void)
{
  float f, f2;
  double d, d2, d3, d4, d5;
  long double ld;
  int r;

  r = sscanf ("1.5 -2.5e3 .25 1E-3 6.02e+23 3.14159",
	      "%f %le %lg %E %lG %5lf", &f, &d, &d2, &f2, &d3, &d4);
  printf ("sscanf f le lg E lG 5lf: %d: %g %g %g %g %g %.10g\n",
	  r, f, d, d2, f2, d3, d4);
  r = sscanf ("0.375 -12.5 1e2 2.5 inf -INFINITY nan",
	      "%a %lA %lF %Lg %lf %le %lg", &f, &d, &d2, &ld, &d3, &d4, &d5);
  printf ("sscanf a lA lF Lg inf nan: %d: %a %a %g %Lg %f %f %f\n",
	  r, f, d, d2, ld, d3, d4, d5);
}

static void
scan_strings (void)
{
  char c[4] = "", s[16], s2[16], set[16], set2[16], set3[16];
  wchar_t ws[8];
  wchar_t wc;
  void *p = NULL, *q = NULL;
  char buf[64];
  int r, n;

  r = sscanf ("  xyz  hello world", " %3c %5s%n %s", c, s, &n, s2);
  printf ("sscanf 3c s n s: %d: [%.3s] [%s] %d [%s]\n", r, c, s, n, s2);
  r = sscanf ("abc123def]x-y,z", "%[a-c]%[0-9]%[^]]]%[]x-]%[^,]",
	      set, set2, set3, s, s2);
  printf ("sscanf [...]: %d: [%s] [%s] [%s] [%s] [%s]\n",
	  r, set, set2, set3, s, s2);
  r = sscanf ("key = value ; rest", "%15[^ =] = %15[^ ;] ;%*[ ]%2c",
	      set, set2, c);
  printf ("sscanf key=value: %d: [%s] [%s] [%.2s]\n", r, set, set2, c);
  r = sscanf ("hello Q", "%7ls %lc", ws, &wc);
  printf ("sscanf ls lc: %d: [%c%c%c%c%c] [%lc]\n", r, (char) ws[0],
	  (char) ws[1], (char) ws[2], (char) ws[3], (char) ws[4], (wint_t) wc);

  /* %p reads what %p wrote (its text differs between C libraries).  */
  snprintf (buf, sizeof buf, "%p %p", (void *) &r, (void *) buf);
  r = sscanf (buf, "%p %p", &p, &q);
  printf ("%%p round trip: %d %s %s\n", r, p == (void *) &r ? "same" : "differs",
	  q == (void *) buf ? "same" : "differs");
}

/* POSIX's m: scanf allocates the strings.  Ten in one call need more
   than the eight bookkeeping slots scanf allocates at a time.  */
static void
scan_allocating (void)
{
  char *w[10], *s, *set, *cs;
  int r, i;

  r = sscanf ("one two three four five six seven eight nine ten",
	      "%ms %ms %ms %ms %ms %ms %ms %ms %ms %ms", &w[0], &w[1], &w[2],
	      &w[3], &w[4], &w[5], &w[6], &w[7], &w[8], &w[9]);
  printf ("sscanf 10 x %%ms: %d:", r);
  for (i = 0; i < r; i++)
    {
      printf (" %s", w[i]);
      free (w[i]);
    }
  printf ("\n");

  s = set = cs = NULL;
  r = sscanf ("a-long-word-longer-than-32-bytes-which-grows-the-buffer abc,def xyz",
	      "%ms %m[a-z],%*s %3mc", &s, &set, &cs);
  printf ("sscanf ms m[ mc: %d: [%s] [%s] [%.3s]\n", r, s, set, cs);
  free (s);
  free (set);
  free (cs);
}

/* Input from stdin, through the launcher on the GPU.  */
static int
from_stdin (void)
{
  size_t z;
  signed char hh;
  intmax_t j;
  char rest[64];
  int r, n;

  r = scanf ("%zu %hhd %jd%n", &z, &hh, &j, &n);
  printf ("scanf zu hhd jd n: %d: %zu %d %jd %d\n", r, z, hh, j, n);
  if (r != 3)
    return 1;
  r = scanf (" %63[^\n]", rest);
  printf ("scanf [^\\n]: %d: [%s]\n", r, rest);
  r = scanf ("%d", &n);
  printf ("scanf at EOF: %d\n", r);
  return 0;
}

int
main (void)
{
  integers ();
  length_modifiers ();
  floats ();
  characters ();
  host_formatted ();
  counts ();
  truncation ();
  scan_integers ();
  scan_floats ();
  scan_strings ();
  scan_allocating ();
  return from_stdin ();
}
