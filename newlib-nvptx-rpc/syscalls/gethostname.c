/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* gethostname(3) for nvptx: uname's node name, as glibc gives it: when
   LEN bytes cannot hold it and its NUL, the first LEN bytes and
   ENAMETOOLONG.  */

#include <errno.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

int
gethostname (char *name, size_t len)
{
  struct utsname u;
  size_t n;

  if (uname (&u) != 0)
    return -1;
  n = strlen (u.nodename) + 1;
  if (n > len)
    {
      memcpy (name, u.nodename, len);
      errno = ENAMETOOLONG;
      return -1;
    }
  memcpy (name, u.nodename, n);
  return 0;
}
