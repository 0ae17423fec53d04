/* The lanes of a warp call from different places at once (nvptx-none-run
   -L 32): even lanes write to stdout, odd lanes each create a file of
   their own, write to it and close it.  Lane N writes N + 1 lines, so the
   warp splits further as lanes finish.  Every line must arrive whole,
   once, and each lane's lines in order.  A lane that sees a call fail
   says so on stderr: with many lanes, the exit status is only the last
   one's.  */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

static int
fail (int lane, const char *call)
{
  char msg[64];
  int n = snprintf (msg, sizeof msg, "lane %d: %s failed\n", lane, call);
  write (2, msg, n);
  return 1;
}

int
main (void)
{
  int lane = 0, fd = 1;
  char line[64];

#ifdef __nvptx__
  asm ("mov.u32 %0, %%tid.x;" : "=r" (lane));
#endif
  if (lane % 2 == 1)
    {
      char name[16];
      snprintf (name, sizeof name, "lane-%02d.txt", lane);
      fd = open (name, O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (fd < 0)
	return fail (lane, "open");
    }
  for (int i = 0; i <= lane; i++)
    {
      int n = snprintf (line, sizeof line, "lane %2d line %2d\n", lane, i);
      if (write (fd, line, n) != n)
	return fail (lane, "write");
    }
  if (fd != 1 && close (fd) != 0)
    return fail (lane, "close");
  return 0;
}
