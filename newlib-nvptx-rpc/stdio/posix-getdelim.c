/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* getdelim(3), POSIX 2008, as a function: newlib 3.3.0 has only
   __getdelim (stdio/getdelim.c), which its <stdio.h> declares alone.  The
   file is not getdelim.c: newlib merges its directories' members of libc.a
   by name, and this directory's would replace stdio's, which defines
   __getdelim.  */

#include <stdio.h>

ssize_t
getdelim (char **line, size_t *size, int delimiter, FILE *stream)
{
  return __getdelim (line, size, delimiter, stream);
}
