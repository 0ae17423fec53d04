/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* ctermid: the controlling terminal's name, "/dev/tty", as glibc's.  */

#include <stdio.h>
#include <string.h>

char *
ctermid (char *s)
{
  static char name[L_ctermid];

  return strcpy (s ? s : name, "/dev/tty");
}
