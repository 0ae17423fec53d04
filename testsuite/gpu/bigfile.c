/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* A 100 MB file: written in 1 MiB write() calls, read back in odd-sized
   read() calls, checksummed.  Usage: bigfile [MEGABYTES].  */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static unsigned char buf[1 << 20];

int
main (int argc, char **argv)
{
  long megabytes = argc > 1 ? atol (argv[1]) : 100;
  unsigned long sum = 0, total = 0;
  ssize_t n;
  int fd = open ("big.dat", O_RDWR | O_CREAT | O_TRUNC, 0644);

  if (fd < 0)
    return 1;
  for (long m = 0; m < megabytes; m++)
    {
      for (size_t i = 0; i < sizeof buf; i++)
	buf[i] = (unsigned char) (i * 31 + m);
      if (write (fd, buf, sizeof buf) != sizeof buf)
	return 2;
    }
  lseek (fd, 0, SEEK_SET);
  while ((n = read (fd, buf, 65537)) > 0)
    {
      for (ssize_t i = 0; i < n; i++)
	sum = sum * 33 + buf[i];
      total += n;
    }
  printf ("%lu bytes, checksum %lu\n", total, sum);
  close (fd);
  return unlink ("big.dat") != 0;
}
