/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* uname for nvptx, served by the host through nvptx-rpc.  newlib has no
   <sys/utsname.h>; struct utsname is laid out as glibc's, whose
   domainname is the NIS domain.  */

#ifndef _SYS_UTSNAME_H
#define _SYS_UTSNAME_H

#ifdef __cplusplus
extern "C" {
#endif

#define _UTSNAME_LENGTH 65

struct utsname
{
  char sysname[_UTSNAME_LENGTH];
  char nodename[_UTSNAME_LENGTH];
  char release[_UTSNAME_LENGTH];
  char version[_UTSNAME_LENGTH];
  char machine[_UTSNAME_LENGTH];
  char domainname[_UTSNAME_LENGTH];
};

int uname (struct utsname *__name);

#ifdef __cplusplus
}
#endif

#endif /* _SYS_UTSNAME_H */
