/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* <libintl.h>: gettext and its family, as a program built without
   translations has them: each message is its own translation (nvptx has
   no message catalogs; machine/nvptx's gettext.c).  */

#ifndef _LIBINTL_H
#define _LIBINTL_H

#include <sys/cdefs.h>

__BEGIN_DECLS

char *gettext (const char *);
char *dgettext (const char *, const char *);
char *dcgettext (const char *, const char *, int);
char *ngettext (const char *, const char *, unsigned long int);
char *dngettext (const char *, const char *, const char *,
		 unsigned long int);
char *dcngettext (const char *, const char *, const char *,
		  unsigned long int, int);
char *textdomain (const char *);
char *bindtextdomain (const char *, const char *);
char *bind_textdomain_codeset (const char *, const char *);

__END_DECLS

#endif /* _LIBINTL_H */
