/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* ioctl for nvptx: newlib has no <sys/ioctl.h>.  The host serves these
   requests through nvptx-rpc (Linux's numbers, glibc's struct winsize);
   every other request fails with ENOTTY.  */

#ifndef _SYS_IOCTL_H
#define _SYS_IOCTL_H

#ifdef __cplusplus
extern "C" {
#endif

struct winsize
{
  unsigned short int ws_row;
  unsigned short int ws_col;
  unsigned short int ws_xpixel;
  unsigned short int ws_ypixel;
};

#define TCSBRK 0x5409
#define TCXONC 0x540A
#define TCFLSH 0x540B
#define TIOCGPGRP 0x540F
#define TIOCSPGRP 0x5410
#define TIOCGWINSZ 0x5413
#define FIONREAD 0x541B
#define TIOCGSID 0x5429

int ioctl (int __fd, unsigned long int __request, ...);

#ifdef __cplusplus
}
#endif

#endif /* _SYS_IOCTL_H */
