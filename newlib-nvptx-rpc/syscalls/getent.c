/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* The user and group databases for nvptx: the host's, through nvptx-rpc
   (its NSS included): an entry's fixed head and its strings, for
   getpw.c and getgr.c.  No such entry is NULL, and for the _r forms 0,
   with errno 0, as glibc leaves it.  */

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "rpc.h"

int
__nvptx_rpc_getent (int opcode, const struct __nvptx_rpc_key *key,
		    void *head, size_t head_size, char *buf, size_t buflen,
		    size_t *used)
{
  struct __nvptx_rpc_call call = {
    .opcode = opcode, .arg = { key->id, key->index + 1 },
    .in = buf, .in_length = buflen,
  };
  long long length;

  *used = 0;
  if (key->name != NULL)
    {
      call.out[0].base = key->name;
      call.out[0].length = strlen (key->name) + 1;
    }
  length = __nvptx_rpc_call (&call);
  if (length < 0)
    {
      if (errno != ENOENT)
	return errno;
      errno = 0;
      return 0;
    }
  if ((size_t) length > buflen)
    return errno = ERANGE;
  if ((size_t) length <= head_size || call.in_length != (size_t) length
      || buf[length - 1] != '\0')
    return errno = EIO;
  /* The strings move to the buffer's start, where they stay for the
     caller.  */
  memcpy (head, buf, head_size);
  *used = length - head_size;
  memmove (buf, buf + head_size, *used);
  return 0;
}

char *
__nvptx_rpc_getent_string (char *buf, size_t used, size_t *pos)
{
  char *start = buf + *pos;
  char *nul = *pos < used ? memchr (start, '\0', used - *pos) : NULL;

  if (nul == NULL)
    return NULL;
  *pos = nul - buf + 1;
  return start;
}

void *
__nvptx_rpc_getent_static (int (*lookup) (const struct __nvptx_rpc_key *,
					   void *, char *, size_t, void **),
			   const struct __nvptx_rpc_key *key, void *entry,
			   char **buf, size_t *buflen)
{
  void *result;

  if (*buf == NULL)
    {
      if ((*buf = malloc (1024)) == NULL)
	return NULL;
      *buflen = 1024;
    }
  while (lookup (key, entry, *buf, *buflen, &result) == ERANGE)
    {
      char *bigger = realloc (*buf, 2 * *buflen);
      if (bigger == NULL)
	return NULL;
      *buf = bigger;
      *buflen *= 2;
    }
  return result;
}
