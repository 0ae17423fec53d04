/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* uname(2) for nvptx: the host's names, through nvptx-rpc.  */

#include <string.h>
#include <sys/utsname.h>
#include "rpc.h"

_Static_assert (sizeof (struct utsname) == sizeof (struct nvptx_rpc_utsname),
		"struct utsname is the protocol's");

int
uname (struct utsname *name)
{
  struct nvptx_rpc_utsname w;
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_UNAME, .in = &w, .in_length = sizeof w,
  };

  if (__nvptx_rpc_call_fixed (&call) < 0)
    return -1;
  memcpy (name, &w, sizeof w);
  return 0;
}
