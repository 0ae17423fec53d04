/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* getentropy(3) for nvptx: LENGTH bytes of getrandom, at most 256 (EIO
   beyond, as glibc); it waits for the host's pool as getrandom does.
   With it, newlib's arc4random has its seed.  */

#include <errno.h>
#include <sys/random.h>
#include <unistd.h>

int
getentropy (void *buf, size_t length)
{
  unsigned char *p = buf;

  if (length > 256)
    {
      errno = EIO;
      return -1;
    }
  while (length > 0)
    {
      ssize_t n = getrandom (p, length, 0);
      if (n < 0)
	{
	  if (errno == EINTR)
	    continue;
	  return -1;
	}
      if (n == 0)
	{
	  errno = EIO;
	  return -1;
	}
      p += n;
      length -= n;
    }
  return 0;
}
