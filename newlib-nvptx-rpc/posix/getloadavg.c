/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* getloadavg: the host's load averages, from /proc/loadavg, as glibc's;
   -1 where it cannot be read (a sandbox).  */

#include <stdio.h>

int
getloadavg (double loads[], int count)
{
  double l[3];
  FILE *f;
  int n;

  if (count < 0)
    return -1;
  if ((f = fopen ("/proc/loadavg", "r")) == NULL)
    return -1;
  n = fscanf (f, "%lf %lf %lf", &l[0], &l[1], &l[2]);
  fclose (f);
  if (n != 3)
    return -1;
  for (n = 0; n < count && n < 3; n++)
    loads[n] = l[n];
  return n;
}
