/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* getline(3), POSIX 2008, as a function: newlib 3.3.0 has only
   __getline (stdio/getline.c), which its <stdio.h> declares alone.  The
   file is not getline.c: newlib merges its directories' members of libc.a
   by name, and this directory's would replace stdio's, which defines
   __getline.  */

#include <stdio.h>

ssize_t
getline (char **line, size_t *size, FILE *stream)
{
  return __getline (line, size, stream);
}
