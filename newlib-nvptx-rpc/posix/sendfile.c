/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* Linux's sendfile: COUNT bytes from IN_FD (at *OFFSET, which moves,
   leaving the file's own offset; else at the file's offset) to OUT_FD,
   through a buffer of the GPU's.  Returns the bytes written, fewer at
   end of file or when a write falls short.  */

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <sys/types.h>
#include <unistd.h>

#define CHUNK 65536

ssize_t
sendfile (int out_fd, int in_fd, off_t *offset, size_t count)
{
  char *buffer = malloc (count < CHUNK ? (count ? count : 1) : CHUNK);
  size_t done = 0;
  bool failed = false;

  if (buffer == NULL)
    {
      errno = ENOMEM;
      return -1;
    }
  while (done < count)
    {
      size_t want = count - done < CHUNK ? count - done : CHUNK;
      ssize_t got = offset ? pread (in_fd, buffer, want, *offset)
		    : read (in_fd, buffer, want);
      ssize_t put;

      if (got <= 0)
	{
	  failed = got < 0;
	  break;
	}
      put = write (out_fd, buffer, got);
      if (put > 0)
	{
	  done += put;
	  if (offset)
	    *offset += put;
	}
      if (put != got)
	{
	  failed = put < 0;
	  break;
	}
    }
  free (buffer);
  /* An error after some bytes moved is a short count, as a write's.  */
  return done == 0 && failed ? -1 : (ssize_t) done;
}
