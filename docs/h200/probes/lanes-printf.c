/* Prepared for the next H200 session, not yet run: 32 lanes (-L 32) each
   printf 50 lines to the one stdout FILE, which newlib on nvptx does not
   lock (docs/protocol.md, Limits).  What happens: garbled lines, lost
   lines, or a fault?  */
#include <stdio.h>

int
main (void)
{
  int lane;

  asm ("mov.u32 %0, %%tid.x;" : "=r" (lane));
  for (int i = 0; i < 50; i++)
    printf ("lane %2d line %2d\n", lane, i);
  return 0;
}
