/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* readdir(3) for nvptx: entries come from the host through nvptx-rpc, as
   many whole ones as fill the stream's buffer (struct nvptx_rpc_dirent
   each); each call hands out the next.  */

#include <dirent.h>
#include <errno.h>
#include <string.h>
#include "rpc.h"

struct dirent *
readdir (DIR *dir)
{
  struct nvptx_rpc_dirent wire;

  if (dir->dd_pos == dir->dd_len)
    {
      struct __nvptx_rpc_call call = {
	.opcode = NVPTX_RPC_READDIR,
	.arg = { dir->dd_fd, sizeof dir->dd_buf, dir->dd_rewind },
	.in = dir->dd_buf, .in_length = sizeof dir->dd_buf,
      };
      /* 0 bytes: the end, errno untouched.  */
      if (__nvptx_rpc_call (&call) <= 0)
	return NULL;
      dir->dd_rewind = 0;
      dir->dd_pos = 0;
      dir->dd_len = call.in_length;
    }
  size_t left = dir->dd_len - dir->dd_pos;
  const char *entry = dir->dd_buf + dir->dd_pos;
  if (left < sizeof wire)
    goto malformed;
  memcpy (&wire, entry, sizeof wire);
  if (wire.name_length > MAXNAMLEN
      || NVPTX_RPC_DIRENT_SIZE (wire.name_length) > left)
    goto malformed;
  dir->dd_entry.d_ino = wire.ino;
  dir->dd_entry.d_type = wire.type;
  memcpy (dir->dd_entry.d_name, entry + sizeof wire, wire.name_length);
  dir->dd_entry.d_name[wire.name_length] = '\0';
  dir->dd_pos += NVPTX_RPC_DIRENT_SIZE (wire.name_length);
  dir->dd_index++;
  return &dir->dd_entry;

 malformed:
  dir->dd_pos = dir->dd_len;
  errno = EIO;
  return NULL;
}
