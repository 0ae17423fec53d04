/* 32 lanes (-L 32) each printf 50 lines to the one stdout FILE.  Before
   newlib on nvptx had locks (lock.c), 100 of the 1,600 lines came out
   (docs/gpu-results.md, "Runs 5 to 8").  */
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
