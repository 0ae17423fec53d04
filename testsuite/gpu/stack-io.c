/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* write() and read() of stack buffers.  Reads shorter than
   NVPTX_RPC_DIRECT_READ_MIN, and writes shorter than NVPTX_RPC_DIRECT_MIN
   or that fit in the window, go through the window; the others by DMA
   through the stage, in pieces of half of it (rpc.h); where the launcher
   offers no DMA, through the window, writes in halves of a window of
   16 KiB or more.  The sizes leave whole pieces and a tail, or fit in
   one; buffers start 8 bytes in, or at odd addresses.  The file is read
   back into the stack and checksummed, and the differential tests
   compare it with the native run's too.  */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#define MAX 300000

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

/* Read FD to its end into a stack buffer, N bytes a read, OFFSET bytes
   into the buffer; say what each read returned, and the bytes'
   checksum.  */
static void __attribute__ ((noinline))
read_into_stack (int fd, size_t n, size_t offset)
{
  unsigned char buf[MAX + 16] __attribute__ ((aligned (16)));
  unsigned char *p = buf + offset;
  unsigned long sum = 0, total = 0;
  ssize_t got;

  lseek (fd, 0, SEEK_SET);
  while ((got = read (fd, p, n)) > 0)
    {
      printf ("read %zu into +%zu: %zd\n", n, offset, got);
      for (ssize_t i = 0; i < got; i++)
	sum = sum * 33 + p[i];
      total += got;
    }
  printf ("read %zu into +%zu: %zd; %lu bytes, checksum %lu\n", n, offset,
	  got, total, sum);
}

int
main (void)
{
  int fd = open ("stack-io.dat", O_RDWR | O_CREAT | O_TRUNC, 0644);
  int failed = 0;

  if (fd < 0)
    return 1;
  failed |= write_from_stack (fd, 100000, 0, 7);
  failed |= write_from_stack (fd, 40000, 0, 13);
  failed |= write_from_stack (fd, 65536, 8, 17);
  failed |= write_from_stack (fd, 100000, 1, 19);
  failed |= write_from_stack (fd, 4000, 5, 29);
  failed |= write_from_stack (fd, MAX, 3, 23);
  read_into_stack (fd, MAX, 0);
  read_into_stack (fd, 200001, 5);
  read_into_stack (fd, 65536, 8);
  read_into_stack (fd, 3000, 1);
  read_into_stack (fd, 2047, 3);
  return close (fd) != 0 || failed;
}
