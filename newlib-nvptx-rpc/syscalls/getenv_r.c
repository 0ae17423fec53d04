/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* Environment lookup for nvptx: the host's environment, imported through
   nvptx-rpc the first time the program looks at, or changes, environ.
   Replaces newlib's getenv_r.c, whose _findenv_r getenv, setenv and
   unsetenv all go through.  */

#include <envlock.h>
#include <reent.h>
#include <stdlib.h>
#include <string.h>
#include "rpc.h"

extern char **environ;

static void
import_host_environ (void)
{
  static bool imported;
  char *block;
  char **env;
  size_t count = 0;

  if (imported || !__nvptx_rpc_available ())
    return;

  /* Its length first, then the block.  */
  struct __nvptx_rpc_call call = { .opcode = NVPTX_RPC_ENVIRON };
  long long total = __nvptx_rpc_call (&call);
  if (total <= 0 || (block = malloc (total)) == NULL)
    return;
  call.in = block;
  call.in_length = total;
  if (__nvptx_rpc_call (&call) != total || call.in_length != (size_t) total)
    {
      free (block);
      return;
    }

  for (long long i = 0; i < total; i++)
    count += block[i] == '\0';
  if ((env = malloc ((count + 1) * sizeof *env)) == NULL)
    {
      free (block);
      return;
    }
  for (size_t i = 0; i < count; i++)
    {
      env[i] = block;
      block += strlen (block) + 1;
    }
  env[count] = NULL;
  environ = env;
  imported = true;
}

char *
_findenv_r (struct _reent *reent_ptr, const char *name, int *offset)
{
  size_t length = strcspn (name, "=");
  char *value = NULL;

  /* A real lock on nvptx (lock.c): one thread imports, the others wait.  */
  ENV_LOCK;
  import_host_environ ();
  /* A name with '=' in it matches nothing.  */
  if (name[length] == '\0' && environ)
    for (char **p = environ; *p; p++)
      if (strncmp (*p, name, length) == 0 && (*p)[length] == '=')
	{
	  *offset = p - environ;
	  value = *p + length + 1;
	  break;
	}
  ENV_UNLOCK;
  return value;
}

char *
_getenv_r (struct _reent *reent_ptr, const char *name)
{
  int offset;

  return _findenv_r (reent_ptr, name, &offset);
}
