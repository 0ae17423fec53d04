/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* The user database for nvptx: the host's, through nvptx-rpc (its NSS
   included), for getpwuid, getpwnam and their _r forms.  */

#include <errno.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include "rpc.h"

/* The five strings of the reply block, in order.  */
#define PASSWD_STRINGS 5

int
__nvptx_rpc_getpw (int64_t uid, const char *name, struct passwd *pwd,
		   char *buf, size_t buflen, struct passwd **result)
{
  struct nvptx_rpc_passwd head;
  char *strings[PASSWD_STRINGS];
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_GETPW, .arg = { uid },
    .in = buf, .in_length = buflen,
  };
  long long length;

  *result = NULL;
  if (name != NULL)
    {
      call.out[0].base = name;
      call.out[0].length = strlen (name) + 1;
    }
  length = __nvptx_rpc_call (&call);
  if (length < 0)
    {
      /* No such user: NULL, and errno 0, as glibc leaves it.  */
      if (errno == ENOENT)
	{
	  errno = 0;
	  return 0;
	}
      return errno;
    }
  if ((size_t) length > buflen)
    {
      errno = ERANGE;
      return ERANGE;
    }
  if ((size_t) length < sizeof head || call.in_length != (size_t) length)
    {
      errno = EIO;
      return EIO;
    }
  /* The strings move to the buffer's start, where they stay for the
     caller; the ids go first into HEAD.  */
  memcpy (&head, buf, sizeof head);
  length -= sizeof head;
  memmove (buf, buf + sizeof head, length);
  for (size_t i = 0, pos = 0; i < PASSWD_STRINGS; i++)
    {
      char *nul = pos < (size_t) length
		  ? memchr (buf + pos, '\0', length - pos) : NULL;
      if (nul == NULL)
	{
	  errno = EIO;
	  return EIO;
	}
      strings[i] = buf + pos;
      pos = nul - buf + 1;
    }
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

struct passwd *
__nvptx_rpc_getpw_static (int64_t uid, const char *name, struct passwd *pwd,
			  char **buf, size_t *buflen)
{
  struct passwd *result;

  if (*buf == NULL)
    {
      if ((*buf = malloc (1024)) == NULL)
	return NULL;
      *buflen = 1024;
    }
  while (__nvptx_rpc_getpw (uid, name, pwd, *buf, *buflen, &result)
	 == ERANGE)
    {
      char *bigger = realloc (*buf, 2 * *buflen);
      if (bigger == NULL)
	return NULL;
      *buf = bigger;
      *buflen *= 2;
    }
  return result;
}
