/* printf, puts, putchar, fputs and write come out in program order.  */
#include <stdio.h>
#include <unistd.h>

int
main (void)
{
  for (int i = 0; i < 3; i++)
    {
      printf ("printf %d\n", i);
      fflush (stdout);
      write (1, "write\n", 6);
      puts ("puts");
      putchar ('c');
      putchar ('\n');
      fputs ("fputs\n", stdout);
      fflush (stdout);
      write (1, "write again\n", 12);
    }
  return 0;
}
