/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* utime for nvptx, served by the host through nvptx-rpc.  This replaces
   newlib's placeholder <sys/utime.h>, which declares no function.  */

#ifndef _SYS_UTIME_H
#define _SYS_UTIME_H

#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

struct utimbuf
{
  time_t actime;
  time_t modtime;
};

int utime (const char *__path, const struct utimbuf *__times);

#ifdef __cplusplus
}
#endif

#endif /* _SYS_UTIME_H */
