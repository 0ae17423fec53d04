/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* pread, pwrite, readv and writev, each with its errors, from buffers of
   every kind (static, heap, stack) and sizes on both sides of the window
   and of the sizes from which transfers go by DMA: run natively and on
   the GPU, the output, status and files left behind must be identical
   (gpu.exp; differential.sh in CI).  Bytes are printed as checksums,
   errno by name.  */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include "show.h"

#define MIB 1048576

static unsigned char big_out[MIB + 100], big_in[MIB + 100];

/* FNV-1a of N bytes at P.  */
static unsigned
sum (const void *p, size_t n)
{
  const unsigned char *b = p;
  unsigned h = 2166136261u;

  for (size_t i = 0; i < n; i++)
    h = (h ^ b[i]) * 16777619u;
  return h;
}

#define SUM(buf, n) printf ("sum of %s, %zu bytes: %08x\n", #buf, \
			    (size_t) (n), sum (buf, n))

/* Byte I of the file "data": no period a misplaced transfer would
   hide.  */
static unsigned char
data_byte (size_t i)
{
  return (unsigned char) (i * 2654435761u >> 13);
}

static long long
position (int fd)
{
  return lseek (fd, 0, SEEK_CUR);
}

static void
positioned_reads (void)
{
  int fd = open ("data", O_RDONLY);
  unsigned char stack[5000];
  unsigned char *heap = malloc (70000);

  puts ("-- pread");
  SHOW (lseek (fd, 7, SEEK_SET));
  SHOW (pread (fd, stack, 10, 100));
  SUM (stack, 10);
  SHOW (position (fd));
  SHOW (pread (fd, stack, sizeof stack, 1));
  SUM (stack, sizeof stack);
  SHOW (pread (fd, heap, 70000, 3));
  SUM (heap, 70000);
  SHOW (pread (fd, big_in, MIB, 17));
  SUM (big_in, MIB);
  SHOW (pread (fd, big_in, 3000, 5));
  SUM (big_in, 3000);
  SHOW (position (fd));
  /* At and across the end.  */
  SHOW (pread (fd, stack, 100, MIB + 200));
  SHOW (pread (fd, stack, 100, MIB + 50));
  SUM (stack, 50);
  SHOW (pread (fd, big_in, 70000, MIB + 100 - 4000));
  SUM (big_in, 4000);
  SHOW (pread (fd, stack, 0, 0));
  SHOW (pread (fd, stack, 10, -1));
  SHOW (pread (99, stack, 10, 0));
  SHOW (pread (-1, stack, 10, 0));
  /* A read of the same offset as before: the file's offset stayed.  */
  SHOW (read (fd, stack, 10));
  SUM (stack, 10);
  SHOW (position (fd));
  close (fd);
  fd = open ("data", O_WRONLY);
  SHOW (pread (fd, stack, 10, 0));
  close (fd);
  fd = open (".", O_RDONLY | O_DIRECTORY);
  SHOW (pread (fd, stack, 10, 0));
  close (fd);
  free (heap);
}

static void
positioned_writes (void)
{
  int fd = open ("written", O_RDWR | O_CREAT | O_TRUNC, 0644);
  unsigned char stack[5000];
  unsigned char *heap = malloc (70000);
  struct stat st;

  puts ("-- pwrite");
  memset (stack, 's', sizeof stack);
  memset (heap, 'h', 70000);
  SHOW (write (fd, "start", 5));
  SHOW (pwrite (fd, "abc", 3, 1));
  SHOW (position (fd));
  SHOW (pwrite (fd, stack, sizeof stack, 10));
  SHOW (pwrite (fd, heap, 70000, 6000));
  SHOW (pwrite (fd, big_out, MIB, 80000));
  SHOW (pwrite (fd, big_out, 20000, 2));
  /* Past the end: a hole, then the bytes.  */
  SHOW (pwrite (fd, "end", 3, 3 * MIB));
  SHOW (position (fd));
  SHOW (fstat (fd, &st));
  printf ("size %lld\n", (long long) st.st_size);
  SHOW (pwrite (fd, "x", 1, -1));
  SHOW (pwrite (99, "x", 1, 0));
  SHOW (pwrite (fd, "x", 0, 5));
  close (fd);
  fd = open ("written", O_RDONLY);
  SHOW (pwrite (fd, "x", 1, 0));
  SHOW (pread (fd, big_in, MIB + 100, 0));
  SUM (big_in, MIB + 100);
  close (fd);
  /* Linux appends whatever the offset on a file opened O_APPEND.  */
  fd = open ("appended", O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0644);
  SHOW (write (fd, "0123456789", 10));
  SHOW (pwrite (fd, "ab", 2, 0));
  SHOW (fstat (fd, &st));
  printf ("size %lld\n", (long long) st.st_size);
  close (fd);
  free (heap);
}

static void
vectors (void)
{
  int fd = open ("vectors", O_RDWR | O_CREAT | O_TRUNC, 0644);
  char a[7], b[4000], c[20];
  static char d[70000];
  struct iovec iov[1025];
  struct iovec three[] = {
    { a, sizeof a }, { NULL, 0 }, { b, sizeof b }, { c, sizeof c },
  };
  struct iovec large[] = { { a, sizeof a }, { big_out, MIB }, { d, 100 } };
  /* Not a constant, of which GCC would warn.  */
  volatile int minus_one = -1;

  puts ("-- writev, readv");
  memset (a, 'a', sizeof a);
  memset (b, 'b', sizeof b);
  memset (c, 'c', sizeof c);
  memset (d, 'd', sizeof d);
  SHOW (writev (fd, three, 4));
  SHOW (writev (fd, three + 2, 1));
  SHOW (writev (fd, large, 3));
  SHOW (writev (fd, three, 0));
  SHOW (writev (fd, three, minus_one));
  for (int i = 0; i < 1025; i++)
    iov[i] = (struct iovec) { c, 1 };
  SHOW (writev (fd, iov, 1025));
  SHOW (writev (fd, iov, 1024));
  SHOW (writev (99, three, 4));
  SHOW (position (fd));

  SHOW (lseek (fd, 3, SEEK_SET));
  memset (a, 0, sizeof a);
  memset (b, 0, sizeof b);
  memset (c, 0, sizeof c);
  SHOW (readv (fd, three, 4));
  SUM (a, sizeof a);
  SUM (b, sizeof b);
  SUM (c, sizeof c);
  struct iovec in[] = { { big_in, MIB }, { d, sizeof d } };
  SHOW (readv (fd, in, 2));
  SUM (big_in, MIB);
  SUM (d, sizeof d);
  SHOW (readv (fd, three, 4));
  SHOW (readv (fd, three, minus_one));
  SHOW (readv (fd, iov, 1025));
  SHOW (readv (99, three, 4));
  SHOW (lseek (fd, -5, SEEK_END));
  SHOW (readv (fd, three, 4));
  SUM (a, sizeof a);
  close (fd);
}

int
main (void)
{
  int fd = open ("data", O_WRONLY | O_CREAT | O_TRUNC, 0644);

  for (size_t i = 0; i < sizeof big_out; i++)
    big_out[i] = data_byte (i);
  if (fd < 0 || write (fd, big_out, sizeof big_out) != sizeof big_out
      || close (fd) != 0)
    {
      perror ("data");
      return 1;
    }
  positioned_reads ();
  positioned_writes ();
  vectors ();
  return 0;
}
