/* Output without a trailing newline survives the exit.  */
#include <stdio.h>

int
main (void)
{
  printf ("no trailing newline");
  return 0;
}
