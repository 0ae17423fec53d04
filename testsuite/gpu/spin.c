/* A program that never ends, after a line of output: the launcher's
   --timeout must end it with status 124 and keep the line.  GPU only.  */

#include <stdio.h>

int
main (void)
{
  volatile int forever = 1;

  puts ("started");
  fflush (stdout);
  while (forever)
    ;
  return 0;
}
