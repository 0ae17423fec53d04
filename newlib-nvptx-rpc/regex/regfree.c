/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* regfree(3): what regcomp allocated, freed; newlib's own, as
   regcomp.c says.  */

#define _GNU_SOURCE
#include <sys/config.h>

#ifndef __NVPTX_GLIBC_ABI__
#include "../../posix/regfree.c"
#endif
