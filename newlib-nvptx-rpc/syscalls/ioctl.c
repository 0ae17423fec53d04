/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* ioctl(2) for nvptx: the terminal's size (TIOCGWINSZ), the bytes ready
   to read (FIONREAD), the terminal's foreground process group and
   session (TIOCGPGRP, TIOCSPGRP, TIOCGSID) and termios's flush, flow,
   drain and break (TCFLSH, TCXONC, TCSBRK) are the host's, through
   nvptx-rpc, as Linux answers them.  Every other request fails with
   ENOTTY here, without a request: the host serves no other, and the GPU
   has no device of its own (so a descriptor not open gives EBADF only
   for those).  A drain's EAGAIN says that output is still queued: this
   waits on the GPU and asks again, as tcsetattr does.  */

#include <errno.h>
#include <stdarg.h>
#include <sys/ioctl.h>
#include <sys/types.h>
#include "rpc.h"

/* The requests go to the host as they are: Linux's numbers.  */
_Static_assert (TCSBRK == NVPTX_RPC_TCSBRK && TCXONC == NVPTX_RPC_TCXONC
		&& TCFLSH == NVPTX_RPC_TCFLSH
		&& TIOCGPGRP == NVPTX_RPC_TIOCGPGRP
		&& TIOCSPGRP == NVPTX_RPC_TIOCSPGRP
		&& TIOCGSID == NVPTX_RPC_TIOCGSID
		&& FIONREAD == NVPTX_RPC_FIONREAD,
		"ioctl's requests are Linux's");

static int
get_winsize (int fd, struct winsize *ws)
{
  struct nvptx_rpc_winsize w;
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_IOCTL, .arg = { fd, NVPTX_RPC_TIOCGWINSZ },
    .in = &w, .in_length = sizeof w,
  };

  if (__nvptx_rpc_call_fixed (&call) < 0)
    return -1;
  ws->ws_row = w.ws_row;
  ws->ws_col = w.ws_col;
  ws->ws_xpixel = w.ws_xpixel;
  ws->ws_ypixel = w.ws_ypixel;
  return 0;
}

/* REQUEST with the int VALUE: its result.  */
static long long
request_value (int fd, int64_t request, int64_t value)
{
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_IOCTL, .arg = { fd, request, value },
  };
  return request == NVPTX_RPC_TCSBRK ? __nvptx_rpc_call_when_ready (&call)
	 : __nvptx_rpc_call (&call);
}

int
ioctl (int fd, unsigned long int request, ...)
{
  va_list ap;
  void *arg;
  long long result;

  va_start (ap, request);
  switch (request)
    {
    case TCSBRK: case TCXONC: case TCFLSH:
      /* An int, not a pointer.  */
      result = request_value (fd, request, va_arg (ap, int));
      va_end (ap);
      return result < 0 ? -1 : 0;
    }
  arg = va_arg (ap, void *);
  va_end (ap);
  switch (request)
    {
    case TIOCGWINSZ:
      return get_winsize (fd, arg);
    case FIONREAD:
    case TIOCGPGRP:
    case TIOCGSID:
      if ((result = request_value (fd, request, 0)) < 0)
	return -1;
      if (request == FIONREAD)
	*(int *) arg = result;
      else
	*(pid_t *) arg = result;
      return 0;
    case TIOCSPGRP:
      return request_value (fd, request, *(const pid_t *) arg) < 0 ? -1 : 0;
    default:
      errno = ENOTTY;
      return -1;
    }
}
