/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* A path of 4000 bytes: nested directories, then a file at the bottom,
   created, written, stat'ed and read back through that path.  */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int
main (void)
{
  static char path[4100];
  const char *component = "d123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
			  "0123456789abcdef0123456789abcdef0123456789abcdef0123456789";
  struct stat st;
  char back[6];
  int fd;

  strcpy (path, component);
  while (strlen (path) + strlen (component) + 1 < 3990)
    {
      if (mkdir (path, 0755) != 0)
	return 1;
      strcat (path, "/");
      strcat (path, component);
    }
  if (mkdir (path, 0755) != 0)
    return 1;
  strcat (path, "/f");
  while (strlen (path) < 4000)
    strcat (path, "x");
  fd = open (path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  printf ("path length %lu, open %s\n", (unsigned long) strlen (path),
	  fd >= 0 ? "ok" : "failed");
  printf ("write %ld\n", (long) write (fd, "hello", 5));
  close (fd);
  int rc = stat (path, &st);
  printf ("stat %d, size %ld\n", rc, (long) st.st_size);
  fd = open (path, O_RDONLY);
  memset (back, 0, sizeof back);
  long got = read (fd, back, 5);
  printf ("read %ld: %s\n", got, back);
  return close (fd);
}
