/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* Linux's <sys/sendfile.h> (machine/nvptx's sendfile.c).  */

#ifndef _SYS_SENDFILE_H
#define _SYS_SENDFILE_H

#include <sys/cdefs.h>
#include <sys/types.h>

__BEGIN_DECLS

ssize_t sendfile (int, int, off_t *, size_t);

__END_DECLS

#endif /* _SYS_SENDFILE_H */
