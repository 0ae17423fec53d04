/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* getpagesize and getdtablesize, over sysconf: the host's page size, the
   program's descriptor table.  */

#include <unistd.h>

int
getpagesize (void)
{
  return sysconf (_SC_PAGESIZE);
}

int
getdtablesize (void)
{
  return sysconf (_SC_OPEN_MAX);
}
