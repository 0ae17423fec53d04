/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* regerror(3): an error code's message; newlib's own, as regcomp.c
   says.  */

#define _GNU_SOURCE
#include <sys/config.h>

#ifndef __NVPTX_GLIBC_ABI__
#include "../../posix/regerror.c"
#endif
