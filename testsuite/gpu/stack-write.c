/* write() from stack buffers, which go through the window in pieces
   when longer than it: in halves of a window of 16 KiB or more, the next
   piece copied while the host writes the last.  The sizes leave whole
   pieces and a tail, or fit in the 64 KiB window; one buffer starts 8
   bytes in, one at an odd address.  The file is read back and
   checksummed, and the differential tests compare it with the native
   run's too.  */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#define MAX 100000

static unsigned char back[65537];

/* Write N bytes from a stack buffer, starting OFFSET bytes into it, to
   FD; say what write returned.  */
static int __attribute__ ((noinline))
write_from_stack (int fd, size_t n, size_t offset, unsigned seed)
{
  unsigned char buf[MAX + 16] __attribute__ ((aligned (16)));
  unsigned char *p = buf + offset;

  for (size_t i = 0; i < n; i++)
    p[i] = (unsigned char) (i * seed + (i >> 9));
  ssize_t written = write (fd, p, n);
  printf ("write %zu from +%zu: %zd\n", n, offset, written);
  return written != (ssize_t) n;
}

int
main (void)
{
  int fd = open ("stack-write.dat", O_RDWR | O_CREAT | O_TRUNC, 0644);
  unsigned long sum = 0, total = 0;
  ssize_t n;
  int failed = 0;

  if (fd < 0)
    return 1;
  failed |= write_from_stack (fd, MAX, 0, 7);
  failed |= write_from_stack (fd, 40000, 0, 13);
  failed |= write_from_stack (fd, 65536, 8, 17);
  failed |= write_from_stack (fd, MAX, 1, 19);
  lseek (fd, 0, SEEK_SET);
  while ((n = read (fd, back, sizeof back)) > 0)
    {
      for (ssize_t i = 0; i < n; i++)
	sum = sum * 33 + back[i];
      total += n;
    }
  printf ("%lu bytes, checksum %lu\n", total, sum);
  return close (fd) != 0 || failed;
}
