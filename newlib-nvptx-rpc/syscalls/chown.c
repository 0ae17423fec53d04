/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* chown(2) for nvptx, served by the host through nvptx-rpc.  newlib's
   uid_t and gid_t are 16 bits wide: their -1, "leave it", travels as
   -1.  */

#include <unistd.h>
#include "rpc.h"

int
chown (const char *path, uid_t owner, gid_t group)
{
  return __nvptx_rpc_path_call (NVPTX_RPC_CHOWN, path,
				owner == (uid_t) -1 ? -1 : (int64_t) owner,
				group == (gid_t) -1 ? -1 : (int64_t) group);
}
