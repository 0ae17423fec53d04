/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* A struct passwd from the host's user database (getent.c), for
   getpwuid, getpwnam and getpwent and their _r forms: ERANGE when BUFLEN
   bytes cannot hold the entry's strings (and 8 bytes more, for the ids
   on their way).  */

#include <errno.h>
#include <pwd.h>
#include <string.h>
#include "rpc.h"

/* The five strings of the reply block, in order.  */
#define PASSWD_STRINGS 5

int
__nvptx_rpc_getpw (const struct __nvptx_rpc_key *key, void *entry,
		   char *buf, size_t buflen, void **result)
{
  struct passwd *pwd = entry;
  struct nvptx_rpc_passwd head;
  char *strings[PASSWD_STRINGS];
  size_t used, pos = 0;
  int e;

  *result = NULL;
  if ((e = __nvptx_rpc_getent (NVPTX_RPC_GETPW, key, &head, sizeof head,
			       buf, buflen, &used)) != 0 || used == 0)
    return e;
  for (size_t i = 0; i < PASSWD_STRINGS; i++)
    if ((strings[i] = __nvptx_rpc_getent_string (buf, used, &pos)) == NULL)
      return errno = EIO;
  pwd->pw_name = strings[0];
  pwd->pw_passwd = strings[1];
  pwd->pw_uid = head.uid;
  pwd->pw_gid = head.gid;
  pwd->pw_gecos = strings[2];
  pwd->pw_dir = strings[3];
  pwd->pw_shell = strings[4];
#if defined (__nvptx__) && !defined (__NVPTX_GLIBC_ABI__)
  /* newlib's struct passwd has one more, which glibc's lacks.  */
  pwd->pw_comment = strings[2] + strlen (strings[2]);
#endif
  *result = pwd;
  return 0;
}
