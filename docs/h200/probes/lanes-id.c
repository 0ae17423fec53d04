#include <unistd.h>
int main (void)
{
  int lane;
  char line[4];
  asm ("mov.u32 %0, %%tid.x;" : "=r" (lane));
  line[0] = 'a' + lane; line[1] = '\n';
  write (1, line, 2);
  return 0;
}
