/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* regfree(3): what regcomp allocated, freed.  It is newlib's
   own (libc/posix, Henry Spencer's), which nvptx does not build with the
   rest of that directory: its opendir, scandir and popen are this
   directory's.  Not in the offload libraries: their programs pass
   glibc's regex_t and regmatch_t, whose layouts differ.  */

#define _GNU_SOURCE		/* as libc/posix is built */
#include <sys/config.h>

#ifndef __NVPTX_GLIBC_ABI__
#include "../../posix/regfree.c"
#endif
