/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* glibc's stdin, stdout and stderr, for nvptx's OpenMP multilib: code
   compiled from glibc's <stdio.h> reads them as variables, where
   newlib's <stdio.h> has macros.  They point at the streams newlib's
   own stdio uses, shared by all threads (_REENT_GLOBAL_STDIO_STREAMS);
   a program that assigns to them changes only what its own code sees.  */

#include <stdio.h>

#ifdef __NVPTX_GLIBC_ABI__

#undef stdin
#undef stdout
#undef stderr

FILE *stdin = &__sf[0];
FILE *stdout = &__sf[1];
FILE *stderr = &__sf[2];

#endif /* __NVPTX_GLIBC_ABI__ */
