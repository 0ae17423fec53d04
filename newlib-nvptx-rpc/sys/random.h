/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* getrandom and getentropy for nvptx, served by the host through
   nvptx-rpc.  newlib has no <sys/random.h>; the flags are Linux's.  */

#ifndef _SYS_RANDOM_H
#define _SYS_RANDOM_H

#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GRND_NONBLOCK 0x01
#define GRND_RANDOM 0x02

ssize_t getrandom (void *__buf, size_t __count, unsigned int __flags);
int getentropy (void *__buf, size_t __length);

#ifdef __cplusplus
}
#endif

#endif /* _SYS_RANDOM_H */
