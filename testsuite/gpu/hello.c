/* The smallest program: printf to stdout, exit status 0.  */
#include <stdio.h>

int
main (void)
{
  printf ("Hello, world!\n");
  return 0;
}
