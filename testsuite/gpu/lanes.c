/* Every lane of a warp (nvptx-none-run -L 32) calls write() at once: the
   client lock serializes them on the single mailbox slot.  Each lane
   writes 50 numbered lines, one write() each; every line must arrive
   whole, once, and each lane's lines in its own order.  */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int
main (void)
{
  int lane = 0;
  char line[64];

#ifdef __nvptx__
  asm ("mov.u32 %0, %%tid.x;" : "=r" (lane));
#endif
  for (int i = 0; i < 50; i++)
    {
      int n = snprintf (line, sizeof line, "lane %2d line %2d\n", lane, i);
      write (1, line, n);
    }
  return 0;
}
