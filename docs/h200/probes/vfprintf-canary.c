/* The vfprintf wrapper, with a canary in main's frame checked after each
   call (reported with write(2), which needs no stdio).  Built with
   -DFWD=vfprintf (c1-libc) and with -DFWD=fwd plus vfprintf-fwd.c, a
   vfprintf of our own under another name in a module of its own (c1-own):
   2026-12-02-2149-vfprintf-canary.txt.  */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int fwd (FILE *, const char *, va_list);

static int
say (FILE *f, const char *fmt, ...)
{
  va_list ap;
  int n;

  va_start (ap, fmt);
  n = FWD (f, fmt, ap);
  va_end (ap);
  return n;
}

int
main (void)
{
  volatile unsigned char canary[256];
  char msg[64];

  for (int k = 0; k < 256; k++)
    canary[k] = k;
  for (int i = 0; i < 3; i++)
    {
      say (stdout, "line %d of %s\n", i, "stdout");
      int bad = -1;
      for (int k = 0; k < 256; k++)
	if (canary[k] != (unsigned char) k)
	  { bad = k; break; }
      int n = snprintf (msg, sizeof msg, "after call %d: canary %s %d\n", i,
			bad < 0 ? "ok" : "broken at", bad);
      write (2, msg, n);
    }
  return 0;
}
