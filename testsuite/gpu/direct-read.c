/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* read() into buffers whose old bytes the GPU has just loaded, so that
   they may sit in its L1 cache: every byte must then be the file's new
   one.  A static and a malloc'd buffer, large enough to go by DMA where
   the launcher offers it (a host copy the GPU's cache did not see), and
   one on the stack, which goes by DMA through the stage (rpc.h), twice:
   the second time the stage's lines from the first may be in L1, and the
   file has changed.  Prints a line per buffer, then PASS or FAIL; exit
   status 0 when all pass.  */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define SIZE 65536
#define STACK_SIZE 16384

static unsigned char static_buffer[SIZE], file_bytes[SIZE];

/* Which contents the file has.  */
static unsigned generation;

static unsigned char
new_byte (size_t i)
{
  return (unsigned char) (i * 7 + 1 + 13 * generation);
}

/* Write the file's contents anew into FD.  */
static int
fill_file (int fd)
{
  for (size_t i = 0; i < SIZE; i++)
    file_bytes[i] = new_byte (i);
  return lseek (fd, 0, SEEK_SET) == 0
	 && write (fd, file_bytes, SIZE) == SIZE;
}

/* Fill BUF, N bytes, with other bytes than the file's, load them all
   back, then read the file's first N bytes from FD into it.  Print how
   many are not the file's, and return that.  */
static size_t
stale_bytes (const char *name, int fd, unsigned char *buf, size_t n)
{
  /* Volatile: the loads must happen, not be folded into the stores.  */
  const volatile unsigned char *loaded = buf;
  size_t stale = 0;

  for (size_t i = 0; i < n; i++)
    buf[i] = ~new_byte (i);
  for (size_t i = 0; i < n; i++)
    (void) loaded[i];
  if (lseek (fd, 0, SEEK_SET) != 0 || read (fd, buf, n) != (ssize_t) n)
    stale = n;
  else
    for (size_t i = 0; i < n; i++)
      stale += buf[i] != new_byte (i);
  printf ("%s buffer: %zu bytes, %zu stale\n", name, n, stale);
  return stale;
}

int
main (void)
{
  unsigned char stack_buffer[STACK_SIZE];
  unsigned char *heap_buffer = malloc (SIZE);
  int fd = open ("direct-read.dat", O_RDWR | O_CREAT | O_TRUNC, 0644);
  size_t stale = 0;

  if (fd < 0 || heap_buffer == NULL || !fill_file (fd))
    {
      puts ("FAIL: no file to read");
      return 1;
    }
  stale += stale_bytes ("static", fd, static_buffer, SIZE);
  stale += stale_bytes ("heap", fd, heap_buffer, SIZE);
  stale += stale_bytes ("stack", fd, stack_buffer, STACK_SIZE);
  generation = 1;
  if (!fill_file (fd))
    stale++;
  stale += stale_bytes ("second stack", fd, stack_buffer, STACK_SIZE);
  close (fd);
  unlink ("direct-read.dat");
  free (heap_buffer);
  puts (stale ? "FAIL" : "PASS");
  return stale != 0;
}
