/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* ioctl(2) for nvptx: TIOCGWINSZ (a terminal's size) and FIONREAD (the
   bytes ready to read) are the host's, through nvptx-rpc, as Linux
   answers them.  Every other request fails with ENOTTY here, without a
   request: the host serves no other, and the GPU has no device of its
   own (so a descriptor not open gives EBADF only for those two).  */

#include <errno.h>
#include <stdarg.h>
#include <sys/ioctl.h>
#include "rpc.h"

int
ioctl (int fd, unsigned long int request, ...)
{
  va_list ap;
  long long result;

  switch (request)
    {
    case TIOCGWINSZ:
      {
	struct nvptx_rpc_winsize w;
	struct __nvptx_rpc_call call = {
	  .opcode = NVPTX_RPC_IOCTL, .arg = { fd, NVPTX_RPC_TIOCGWINSZ },
	  .in = &w, .in_length = sizeof w,
	};
	va_start (ap, request);
	struct winsize *ws = va_arg (ap, struct winsize *);
	va_end (ap);
	if (__nvptx_rpc_call_fixed (&call) < 0)
	  return -1;
	ws->ws_row = w.ws_row;
	ws->ws_col = w.ws_col;
	ws->ws_xpixel = w.ws_xpixel;
	ws->ws_ypixel = w.ws_ypixel;
	return 0;
      }
    case FIONREAD:
      {
	struct __nvptx_rpc_call call = {
	  .opcode = NVPTX_RPC_IOCTL, .arg = { fd, NVPTX_RPC_FIONREAD },
	};
	va_start (ap, request);
	int *count = va_arg (ap, int *);
	va_end (ap);
	if ((result = __nvptx_rpc_call (&call)) < 0)
	  return -1;
	*count = result;
	return 0;
      }
    default:
      errno = ENOTTY;
      return -1;
    }
}
