/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* glibc's <execinfo.h> for nvptx (newlib-nvptx-rpc/posix/backtrace.c):
   a backtrace on the GPU has no frames.  */

#ifndef _EXECINFO_H
#define _EXECINFO_H

#ifdef __cplusplus
extern "C" {
#endif

int backtrace (void **__buffer, int __size);
char **backtrace_symbols (void *const *__buffer, int __size);
void backtrace_symbols_fd (void *const *__buffer, int __size, int __fd);

#ifdef __cplusplus
}
#endif

#endif /* _EXECINFO_H */
