/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* GNU's <error.h>, as glibc has it (machine/nvptx's error.c).  */

#ifndef _ERROR_H
#define _ERROR_H

#include <sys/cdefs.h>

__BEGIN_DECLS

void error (int, int, const char *, ...)
  __attribute__ ((__format__ (__printf__, 3, 4)));
void error_at_line (int, int, const char *, unsigned int, const char *, ...)
  __attribute__ ((__format__ (__printf__, 5, 6)));

/* Called instead of printing the program's name, when not null.  */
extern void (*error_print_progname) (void);
/* The messages printed so far.  */
extern unsigned int error_message_count;
/* Nonzero: error_at_line prints one message for a file and line in a
   row.  */
extern int error_one_per_line;

__END_DECLS

#endif /* _ERROR_H */
