/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* posix_fadvise: advice the host's page cache may take; the program's
   reads go through the host, which reads ahead as it sees fit, so it
   is checked as Linux checks it and otherwise taken as given.  Returns
   the error number, as POSIX says, not -1.  */

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>

int
posix_fadvise (int fd, off_t offset, off_t len, int advice)
{
  struct stat st;

  (void) offset;
  if (fstat (fd, &st) != 0)
    return errno;
  if (S_ISFIFO (st.st_mode))
    return ESPIPE;
  if (len < 0 || advice < 0 || advice > 5)
    return EINVAL;
  return 0;
}
