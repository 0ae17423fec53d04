/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* glibc declares getline and getdelim as functions, which newlib has
   only as __getline and __getdelim (glibc's inline getline calls
   __getdelim itself): nvptx's OpenMP multilib gives it both names.  */

#include <stdio.h>

#ifdef __NVPTX_GLIBC_ABI__

ssize_t
getdelim (char **line, size_t *size, int delimiter, FILE *stream)
{
  return __getdelim (line, size, delimiter, stream);
}

ssize_t
getline (char **line, size_t *size, FILE *stream)
{
  return __getline (line, size, stream);
}

#endif /* __NVPTX_GLIBC_ABI__ */
