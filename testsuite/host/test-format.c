/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* printf's formatting through __nvptx_rpc_format, which newlib's
   vfprintf calls for a stream: integers, characters and strings by the
   client itself, the rest by the host's C library through FORMAT and the
   real server.  Either way each format of a large table must give
   exactly what this C library's vsnprintf gives: the bytes and the
   count.  Then what the client leaves to newlib's own formatter: it
   returns -1 with errno unchanged, without a request when it can tell
   beforehand.  And a string is read no further than its precision, up
   to a page that cannot be read.  */

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <wchar.h>

#include "harness.h"

/* The room newlib's vfprintf gives format.c (STREAM_FORMAT_ROOM).  */
#define ROOM 1024

/* The client's buffer: the arguments go out in it, the output comes back
   in it.  8-byte aligned, and longer than any room asked for, so that
   what lies past the room can be checked.  */
static uint64_t buffer[NVPTX_RPC_FORMAT_MAX / 8 + 8];
#define GUARD_BYTE 0xa5

/* What went wrong in the last comparison that failed.  */
static char why[256];

/* Format FMT with AP through the client in ROOM bytes and with vsnprintf;
   true when they agree, else WHY says how they differ.  */
static bool
agree (size_t room, const char *fmt, va_list ap)
{
  static char want[NVPTX_RPC_FORMAT_MAX + 1];
  const unsigned char *past;
  va_list aq;
  int want_n, n;

  va_copy (aq, ap);
  want_n = vsnprintf (want, sizeof want, fmt, aq);
  va_end (aq);
  memset (buffer, GUARD_BYTE, sizeof buffer);
  n = __nvptx_rpc_format ((char *) buffer, room, fmt, ap);
  past = (const unsigned char *) buffer
	 + (room < NVPTX_RPC_FORMAT_MAX ? room : NVPTX_RPC_FORMAT_MAX);
  if (n != want_n)
    snprintf (why, sizeof why,
	      "\"%.60s\": %d bytes, vsnprintf made %d: \"%.60s\"", fmt, n,
	      want_n, want);
  else if (memcmp (buffer, want, n) != 0)
    snprintf (why, sizeof why, "\"%.60s\": made \"%.*s\", vsnprintf \"%.60s\"",
	      fmt, n < 60 ? n : 60, (const char *) buffer, want);
  else if (past[0] != GUARD_BYTE || past[7] != GUARD_BYTE)
    snprintf (why, sizeof why, "\"%.60s\": written past the room", fmt);
  else
    return true;
  return false;
}

/* One check: FMT with the arguments, in ROOM bytes, as vsnprintf has it.
   Its name shows FMT's first 40 bytes, control characters as '.'.  */
static void __attribute__ ((format (printf, 3, 4)))
same (int line, size_t room, const char *fmt, ...)
{
  char shown[41];
  size_t i;
  va_list ap;

  for (i = 0; fmt[i] && i < sizeof shown - 1; i++)
    shown[i] = fmt[i] >= ' ' && fmt[i] < 0x7f ? fmt[i] : '.';
  shown[i] = '\0';
  va_start (ap, fmt);
  check (agree (room, fmt, ap), name_of ("line %d: \"%s\"", line, shown),
	 "%s", why);
  va_end (ap);
}
#define T(...) same (__LINE__, ROOM, __VA_ARGS__)

/* For the loops below: FMT with the arguments, as vsnprintf has it.  */
static bool
agrees (const char *fmt, ...)
{
  va_list ap;
  bool ok;

  va_start (ap, fmt);
  ok = agree (ROOM, fmt, ap);
  va_end (ap);
  return ok;
}

/* Flags, widths and precisions for the loops.  */
static const char *const fields[] = {
  "", "-", "+", " ", "#", "0", "'", "8", "-8", "08", "+08", "- 8", ".0",
  ".1", ".5", "#.3", "-+#12.4", " 010", "0.0", "30.20",
};

/* Every integer conversion, length and field, each with values at the
   edges of every type.  */
static void
integers (void)
{
  static const char *const modifiers[] = {
    "hh", "h", "", "l", "ll", "j", "z", "t", "q",
  };
  static const long long values[] = {
    0, 1, -1, 7, 42, 127, 128, 255, 256, 32767, -32768, 65535, 65536,
    INT_MAX, INT_MIN, UINT_MAX, 0x123456789abcdefLL, LLONG_MAX, LLONG_MIN,
  };

  for (const char *conv = "diouxX"; *conv; conv++)
    for (size_t m = 0; m < sizeof modifiers / sizeof *modifiers; m++)
      for (size_t f = 0; f < sizeof fields / sizeof *fields; f++)
	{
	  char fmt[32];
	  bool narrow = modifiers[m][0] == 'h' || modifiers[m][0] == '\0';
	  bool ok = true;
	  snprintf (fmt, sizeof fmt, "[%%%s%s%c]", fields[f], modifiers[m],
		    *conv);
	  for (size_t v = 0; ok && v < sizeof values / sizeof *values; v++)
	    ok = narrow ? agrees (fmt, (int) values[v])
		 : agrees (fmt, values[v]);
	  check (ok, name_of ("integers: %s", fmt), "%s", why);
	}

  T ("%d %i %u", INT_MIN, INT_MAX, UINT_MAX);
  T ("%lld %llu", LLONG_MIN, ULLONG_MAX);
  T ("%hhd %hhu %hd %hu", INT_MIN, -1, INT_MIN, -1);
  T ("%jd %ju %zd %zu %td", INTMAX_MIN, UINTMAX_MAX, (ssize_t) -5, SIZE_MAX,
     (ptrdiff_t) PTRDIFF_MIN);
  T ("%.0d|%5.0d|%+.0d|% .0d|", 0, 0, 0, 0);
  T ("%#.0o|%#.0x|%#o|%#x|", 0, 0, 0, 0);
  T ("%'d %'lld", 1234567, 1234567890123LL);
  /* Flags that override others, and repeated ones, which the compiler
     would warn about: '+' wins over ' ', '-' over '0', and a precision
     turns '0' off.  */
  const char *overridden = "%+ d|% +d|%-08d|%0-8d|%08.3d|%08.3x|";
  T (overridden, 42, 42, -42, 42, 42, 255);
  const char *repeated = "%--5d|%++d|%  d|%##x|%00d";
  T (repeated, 1, 2, 3, 4, 5);
}

/* The '*' width and precision, negative ones and their edges.  */
static void
stars (void)
{
  T ("%*d|", 8, 42);
  T ("%*d|", -8, 42);
  T ("%-*d|", 8, 42);
  T ("%-*d|", -8, 42);
  T ("%*d|", 0, 42);
  T ("%.*d|", 5, 42);
  T ("%.*d|", 0, 0);
  T ("%.*d|", -1, 42);
  T ("%.*d|", INT_MIN, 42);
  T ("%*.*d|", 10, 5, -42);
  T ("%*.*d|", -10, -5, -42);
  T ("%*.*lld|", 30, 25, LLONG_MIN);
  T ("%*s|%.*s|%*.*s|", 6, "ab", 1, "ab", -6, 1, "ab");
  T ("%*c|%-*c|", 4, 'x', 4, 'y');
  T ("%*.*f|%*.*e|%.*g|", 12, 3, 2.0 / 3, -14, 2, 1e10, 3, 1.0 / 7);
  T ("%*.*f|", 4, -1, 2.0 / 3);
  T ("%*p|", 20, (void *) buffer);
  T ("%*d %*d %*d", 1, 1, 2, 2, 3, 3);
  T ("%*d|", ROOM - 1, 1);	/* As wide as the room.  */
  T ("%.*d|", ROOM - 1, 1);
}

/* Every floating conversion, with every field, on values at the edges:
   zeros of both signs, denormals, the extremes, ties, infinities and
   NaNs.  L takes long doubles, here wider than the double they travel
   as, so only values a double holds.  */
static void
floats (void)
{
  static const char *const modifiers[] = { "", "l", "L" };
  static const char *const float_fields[] = {
    "", "+", " ", "#", "-", "0", "'", "12", "-12", "012", "+012", ".0",
    ".1", ".3", ".10", ".17", ".40", "#.0", "#12.3", "-+#15.6", " .25",
    "'.2",
  };
  const double values[] = {
    0.0, -0.0, 1.0, -1.0, 0.5, 0.1, 1.0 / 3, 2.5, 3.5, 0.125, 9.5, 0.95,
    99999.5, 123456.789, 1e15, 1e16, 1e21, 1e-5, 1e-300, 1e300, DBL_MAX,
    -DBL_MAX, DBL_MIN, DBL_MIN / 3, DBL_TRUE_MIN, -DBL_TRUE_MIN,
    INFINITY, -INFINITY, NAN, -NAN,
  };

  for (const char *conv = "aAeEfFgG"; *conv; conv++)
    for (size_t m = 0; m < sizeof modifiers / sizeof *modifiers; m++)
      for (size_t f = 0; f < sizeof float_fields / sizeof *float_fields; f++)
	{
	  char fmt[32];
	  bool ok = true;
	  snprintf (fmt, sizeof fmt, "[%%%s%s%c]", float_fields[f],
		    modifiers[m], *conv);
	  for (size_t v = 0; ok && v < sizeof values / sizeof *values; v++)
	    ok = modifiers[m][0] == 'L' ? agrees (fmt, (long double) values[v])
		 : agrees (fmt, values[v]);
	  check (ok, name_of ("floats: %s", fmt), "%s", why);
	}

  T ("%f %e %g %a", DBL_MAX, DBL_MAX, DBL_MAX, DBL_MAX);
  T ("%.300f", DBL_TRUE_MIN);
  T ("%.0f %.0f %.0f %.0f", 0.5, 1.5, 2.5, -0.5);
  T ("%Lf %.3Le %LG %La %LA", 2.5L, 0.375L, 1024.0L, 1.0L, -0.75L);
  T ("%lf %le %lg %la", 1.5, 1.5, 1.5, 1.5);
  T ("%F %F %F", INFINITY, -INFINITY, NAN);
  T ("%08f|%-8e|%+G", INFINITY, NAN, -INFINITY);
}

/* Characters, strings (empty, long, null, cut by a precision) and
   pointers; '%%' and text without conversions.  */
static void
characters (void)
{
  char *volatile null = NULL;
  static char long_string[1001];

  T ("%c", 'x');
  T ("%5c|%-5c|", 'x', 'y');
  T ("%c", 0);			/* A NUL in the output.  */
  T ("%c%c%c", 255, -1, 'a' + 256);
  T ("%s", "string");
  T ("%10s|%-10s|", "abc", "abc");
  T ("%.2s|%.0s|%.10s|", "abc", "abc", "abc");
  T ("%s|%5s|%.0s|", "", "", "");
  T ("%s", null);
  T ("%.3s|%.5s|%.6s|%.7s|", null, null, null, null);
  T ("%10s|%-10s|%10.2s|", null, null, null);
  T ("%.2000s", "precision beyond the room");
  memset (long_string, 'x', sizeof long_string - 1);
  long_string[0] = '<';
  long_string[sizeof long_string - 2] = '>';
  T ("%s", long_string);
  T ("[%.900s]", long_string);
  T ("%.1020s", long_string);
  T ("%.*s", 5, long_string);
  T ("%p", NULL);
  T ("%p %p", (void *) buffer, (void *) &null);
  T ("%20p|%-20p|", (void *) buffer, (void *) 1);
  T ("%%");
  T ("100%% sure, %d%%", 5);
  T ("no conversions at all");
  T ("%s", "");
  const char *empty = "";
  T (empty, 0);
  T ("tab\there\nnewline\x7f\xff");
  T ("%d %s %c %f %p %x %% %lld %e %u", -1, "mixed", 'm', 0.25,
     (void *) buffer, 0xabcu, LLONG_MAX, 1e-10, 7u);
  T ("%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d",
     1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
     21, 22, 23, 24, 25, 26, 27, 28, 29, 30);
  /* Exactly the room, and output in many reply pieces.  */
  same (__LINE__, 24, "%23d|", 12345);
  T ("%1000d", 5);
  same (__LINE__, NVPTX_RPC_FORMAT_MAX, "%4000d|", 5);
  same (__LINE__, 100000, "%s%s%s", long_string, long_string, long_string);
}

/* Strings without a NUL, at the very end of a readable page: a
   precision must keep the client (and vsnprintf) from reading further.  */
static void
unterminated (void)
{
  long page = real_sysconf (_SC_PAGESIZE);
  char *pages = real_mmap (NULL, 2 * page, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

  if (!CHECK ("two pages", pages != MAP_FAILED))
    return;
  CHECK_INT ("the second unreadable",
	     real_mprotect (pages + page, page, PROT_NONE), 0);
  char *s = pages + page - 4;
  memcpy (s, "abcd", 4);
  T ("%.4s|", s);
  T ("%.*s|", 4, s);
  T ("%.2s|%-8.4s|%8.3s|", s, s, s);
  T ("%.*s|", 0, s + 4);
  real_munmap (pages, 2 * page);
}

/* __nvptx_format_here, as vfprintf calls it for a fully buffered stream:
   straight into the stream's buffer, at any alignment, in the room left
   there, or -1.  */
static int
here (char *out, size_t room, const char *fmt, ...)
{
  va_list ap;
  int n;

  va_start (ap, fmt);
  n = __nvptx_format_here (out, room, fmt, ap);
  va_end (ap);
  return n;
}

static void
into_a_buffer (void)
{
  char out[32];

  memset (out, '#', sizeof out);
  CHECK_INT ("here: unaligned", here (out + 3, 12, "line %ld\n", 123456L),
	     12);
  CHECK ("here: unaligned text", memcmp (out, "###line 123456\n#", 16) == 0);
  CHECK_INT ("here: one byte short", here (out, 11, "line %ld\n", 123456L),
	     -1);
  CHECK_INT ("here: room exactly", here (out, 5, "%5d", -42), 5);
  CHECK_INT ("here: a float is the host's", here (out, 32, "%f", 1.0), -1);
  CHECK_INT ("here: %p is the host's", here (out, 32, "%p", (void *) out), -1);
}

/* A format the client leaves to newlib's formatter: -1, errno as it
   was, and a request to the host only when REQUESTS.  */
static void
falls_back (int line, size_t room, bool requests, const char *fmt, ...)
{
  struct nvptx_rpc_mailbox *mb
    = (struct nvptx_rpc_mailbox *) (uintptr_t) __nvptx_rpc_link.mailbox;
  uint32_t before = mb ? mb->request_seq : 0;
  va_list ap;
  int n;

  va_start (ap, fmt);
  errno = EDOM;
  n = __nvptx_rpc_format ((char *) buffer, room, fmt, ap);
  int e = errno;
  va_end (ap);
  uint32_t sent = mb ? mb->request_seq - before : 0;
  check (n == -1 && e == EDOM && (sent > 0) == requests,
	 name_of ("line %d: \"%.40s\" falls back", line, fmt),
	 "returned %d, errno %s, %u requests", n, errno_name (e), sent);
}
/* falls_back has no format attribute: the compiler would warn about
   most of these.  */
#define FALLS_BACK(...) falls_back (__LINE__, ROOM, false, __VA_ARGS__)

static void
fallbacks (void)
{
  int n;
  char big[3000];

  FALLS_BACK ("%n", &n);
  FALLS_BACK ("abc%hhn%d", (signed char *) &n, 1);
  FALLS_BACK ("%lc", (wint_t) L'W');
  FALLS_BACK ("%ls", L"wide");
  FALLS_BACK ("%C", (wint_t) L'W');
  FALLS_BACK ("%S", L"wide");
  FALLS_BACK ("%m");
  FALLS_BACK ("%1$d", 1);
  FALLS_BACK ("%2$s %1$s", "a", "b");
  FALLS_BACK ("%*1$d", 1);
  FALLS_BACK ("%y", 1);
  FALLS_BACK ("%5%");
  FALLS_BACK ("%Ld", 1LL);
  FALLS_BACK ("%hf", 1.0);
  FALLS_BACK ("%llf", 1.0);
  FALLS_BACK ("%hs", "x");
  FALLS_BACK ("%Z", 1);
  FALLS_BACK ("%Id", 1);
  FALLS_BACK ("ends in %");
  FALLS_BACK ("ends in %-08.");
  FALLS_BACK ("%d and then %n", 1, &n);
  /* Fields wider than the room.  */
  FALLS_BACK ("%2000d", 1);
  FALLS_BACK ("%.2000d", 1);
  FALLS_BACK ("%.2000f", 1.0);
  FALLS_BACK ("%*d", ROOM + 1, 1);
  FALLS_BACK ("%*d", -ROOM - 1, 1);
  FALLS_BACK ("%*d", INT_MIN, 1);
  FALLS_BACK ("%*d", INT_MAX, 1);
  FALLS_BACK ("%.*g", INT_MAX, 1.0);
  FALLS_BACK ("%2147483647d", 1);
  FALLS_BACK ("%99999999999999999999d", 1);
  /* Arguments or a format that do not fit the host's request; the
     client formats the same without floats (characters (), and below).  */
  memset (big, 's', sizeof big - 1);
  big[sizeof big - 1] = '\0';
  FALLS_BACK ("%s", big);
  FALLS_BACK ("%.1020s%f", big, 1.0);
  FALLS_BACK (big);
  FALLS_BACK ("%f%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d"
	      "%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d"
	      "%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d"
	      "%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d"
	      "%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d",
	      1.0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18,
	      19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34,
	      35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50,
	      51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66,
	      67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82,
	      83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98,
	      99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111,
	      112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124,
	      125, 126, 127, 128, 129, 130, 131, 132, 133, 134, 135, 136, 137,
	      138, 139, 140, 141, 142, 143, 144, 145);
  falls_back (__LINE__, 4, false, "%f", 1.0);
  falls_back (__LINE__, 0, false, "%f", 1.0);
  /* Output longer than the room: the host says how long.  */
  falls_back (__LINE__, ROOM, true, "%1000d%1000d", 1, 2);
  falls_back (__LINE__, 16, true, "%lld", LLONG_MIN);
}

int
main (void)
{
  harness_begin ("test-format");
  /* No mailbox yet, a launcher without nvptx-rpc: what needs the host
     falls back, the rest is formatted all the same.  */
  falls_back (__LINE__, ROOM, false, "%f", 1.0);
  same (__LINE__, ROOM, "%d|%-5s|%c|%#x", 1, "ab", 'c', 255u);

  size_t nruns;
  const struct harness_run *runs = harness_runs (&nruns);
  for (size_t r = 0; r < nruns; r++)
    {
      run_begin (&runs[r], NULL);
      integers ();
      stars ();
      floats ();
      characters ();
      unterminated ();
      into_a_buffer ();
      fallbacks ();
      run_end ();
    }
  compare_runs ("results");
  return harness_end ();
}
