/* A GPU program that faults after writing: what it wrote is kept (the
   file's bytes and stdout), and the launcher reports the fault with
   status 127 instead of crashing.  */
#include <fcntl.h>
#include <unistd.h>

int
main (void)
{
  int fd = open ("fault-kept.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);

  write (fd, "kept\n", 5);
  write (1, "before the fault\n", 17);
  __builtin_trap ();
}
