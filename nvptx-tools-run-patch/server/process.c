/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The nvptx-rpc server's handlers for the process and time: umask, the
   clocks, sysconf, the ids, the process group, session and groups, kill
   and the environment.  */

#define _GNU_SOURCE
#include <errno.h>
#include <grp.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "server-internal.h"

extern char **environ;

void
serve_umask (struct call *c)
{
  server_reply (c, umask ((mode_t) (c->req->arg[0] & 0777)));
}

void
serve_clock_gettime (struct call *c)
{
  struct timespec ts;
  clockid_t clock;

  switch (c->req->arg[0])
    {
    case NVPTX_RPC_CLOCK_REALTIME: clock = CLOCK_REALTIME; break;
    case NVPTX_RPC_CLOCK_MONOTONIC: clock = CLOCK_MONOTONIC; break;
    default: server_reply_error (c, NVPTX_RPC_EINVAL); return;
    }
  int rc = clock_gettime (clock, &ts);
  struct nvptx_rpc_timespec w = { ts.tv_sec, ts.tv_nsec };
  server_reply_data (c, rc, &w, sizeof w);
}

static int64_t
timeval_ns (struct timeval tv)
{
  return tv.tv_sec * INT64_C (1000000000) + tv.tv_usec * 1000;
}

void
serve_times (struct call *c)
{
  struct rusage self, children;
  struct timespec now;

  if (getrusage (RUSAGE_SELF, &self) != 0
      || getrusage (RUSAGE_CHILDREN, &children) != 0
      || clock_gettime (CLOCK_MONOTONIC, &now) != 0)
    {
      server_reply (c, -1);
      return;
    }
  struct nvptx_rpc_times w = {
    .utime = timeval_ns (self.ru_utime), .stime = timeval_ns (self.ru_stime),
    .cutime = timeval_ns (children.ru_utime),
    .cstime = timeval_ns (children.ru_stime),
    .elapsed = now.tv_sec * INT64_C (1000000000) + now.tv_nsec,
  };
  server_reply_data (c, 0, &w, sizeof w);
}

void
serve_sysconf (struct call *c)
{
  switch (c->req->arg[0])
    {
    case NVPTX_RPC_SC_PAGESIZE:
      server_reply (c, sysconf (_SC_PAGESIZE));
      break;
    /* The program's limit is the guest fd table's, not the host's.  */
    case NVPTX_RPC_SC_OPEN_MAX: server_reply (c, GUEST_FDS); break;
    default: server_reply_error (c, NVPTX_RPC_EINVAL);
    }
}

void
serve_getpid (struct call *c)
{
  server_reply (c, getpid ());
}

void
serve_getppid (struct call *c)
{
  server_reply (c, getppid ());
}

void
serve_getuid (struct call *c)
{
  server_reply (c, getuid ());
}

void
serve_geteuid (struct call *c)
{
  server_reply (c, geteuid ());
}

void
serve_getgid (struct call *c)
{
  server_reply (c, getgid ());
}

void
serve_getegid (struct call *c)
{
  server_reply (c, getegid ());
}

/* Signals a program may send.  The program is this process, so only it
   may be the target: a GPU program has no business signalling others.  */
void
serve_kill (struct call *c)
{
  static const int signals[NVPTX_RPC_SIGNAL_END] = {
#define S(name) [NVPTX_RPC_##name] = name,
    NVPTX_RPC_SIGNALS (S)
#undef S
  };
  int64_t pid = c->req->arg[0], sig = c->req->arg[1];

  if (pid != getpid ())
    server_reply_error (c, NVPTX_RPC_EPERM);
  else if (sig < 0 || sig >= (int64_t) (sizeof signals / sizeof *signals)
	   || (sig != 0 && signals[sig] == 0))
    server_reply_error (c, NVPTX_RPC_EINVAL);
  else
    {
      /* What the program wrote must be out before the signal ends us.  */
      fflush (NULL);
      server_reply (c, kill (getpid (), signals[sig]));
    }
}

/* The environment as one "NAME=VALUE\0...\0" block, snapshot on first
   use so that its pieces and its length agree.  */
void
serve_environ (struct call *c)
{
  struct rpc_server *s = c->server;

  if (s->env_block == NULL)
    {
      size_t length = 0;
      for (char **e = environ; e && *e; e++)
	length += strlen (*e) + 1;
      s->env_block = malloc (length + 1);
      if (s->env_block == NULL)
	{
	  server_reply_error (c, NVPTX_RPC_ENOMEM);
	  return;
	}
      s->env_length = 0;
      for (char **e = environ; e && *e; e++)
	{
	  size_t n = strlen (*e) + 1;
	  memcpy (s->env_block + s->env_length, *e, n);
	  s->env_length += n;
	}
    }
  server_reply_data (c, s->env_length, s->env_block, s->env_length);
}

/* Whether ENTRY, "NAME=VALUE", is NAME's, NAME being LENGTH bytes.  */
static bool
entry_names (const char *entry, const char *name, size_t length)
{
  return strncmp (entry, name, length) == 0 && entry[length] == '=';
}

int
rpc_server_set_environment (struct rpc_server *s, bool inherit,
			    const char *const *settings, size_t count)
{
  size_t inherited = 0, n = 0, length = 0;
  const char **entries;
  char *block;

  if (inherit)
    for (char **e = environ; e && *e; e++)
      inherited++;
  if ((entries = malloc ((inherited + count + 1) * sizeof *entries)) == NULL)
    return -1;
  for (size_t i = 0; i < inherited; i++)
    entries[n++] = environ[i];
  for (size_t i = 0; i < count; i++)
    {
      const char *setting = settings[i], *entry = setting;
      size_t name_length = strcspn (setting, "="), at;

      if (name_length == 0)
	{
	  free (entries);
	  errno = EINVAL;
	  return -1;
	}
      /* A bare NAME: the launcher's own NAME=VALUE, if it has one.  */
      if (setting[name_length] == '\0')
	{
	  entry = NULL;
	  for (char **e = environ; e && *e && entry == NULL; e++)
	    if (entry_names (*e, setting, name_length))
	      entry = *e;
	}
      for (at = 0; at < n && !entry_names (entries[at], setting, name_length);
	   at++)
	;
      if (entry == NULL && at < n)
	memmove (entries + at, entries + at + 1, (--n - at) * sizeof *entries);
      else if (entry != NULL)
	{
	  entries[at] = entry;
	  n += at == n;
	}
    }
  for (size_t i = 0; i < n; i++)
    length += strlen (entries[i]) + 1;
  if ((block = malloc (length + 1)) == NULL)
    {
      free (entries);
      return -1;
    }
  length = 0;
  for (size_t i = 0; i < n; i++)
    length = stpcpy (block + length, entries[i]) - block + 1;
  free (entries);
  free (s->env_block);
  s->env_block = block;
  s->env_length = length;
  return 0;
}

/* getpgid and getsid: the program's own, the launcher's; the program
   sees no other process (ESRCH), as kill sends to none.  */
static bool
own_pid (struct call *c)
{
  int64_t pid = c->req->arg[0];

  if (pid == 0 || pid == getpid ())
    return true;
  server_reply_error (c, NVPTX_RPC_ESRCH);
  return false;
}

void
serve_getpgid (struct call *c)
{
  if (own_pid (c))
    server_reply (c, getpgid (0));
}

void
serve_getsid (struct call *c)
{
  if (own_pid (c))
    server_reply (c, getsid (0));
}

/* The most groups a list may hold: Linux's NGROUPS_MAX.  */
#define GROUPS_MAX 65536

/* getgroups (arg0 -1): the launcher's supplementary groups; getgrouplist
   (A a user's name, arg0 the group to add): the groups the host's
   database, its NSS included, gives that user.  The reply is the count
   and as many gids as the client has room for, each a uint32_t.  */
void
serve_getgroups (struct call *c)
{
  int64_t group = c->req->arg[0];
  const char *name = NULL;
  gid_t *list;
  int count;

  if (group == -1 ? !server_take_strings (c, NULL, 0)
      : !server_take_strings (c, &name, 1))
    return;
  if (group < -1 || group > (int64_t) UINT32_MAX)
    {
      server_reply_error (c, NVPTX_RPC_EINVAL);
      return;
    }
  if ((list = malloc (GROUPS_MAX * sizeof *list)) == NULL)
    {
      server_reply_error (c, NVPTX_RPC_ENOMEM);
      return;
    }
  count = GROUPS_MAX;
  if (name == NULL)
    count = getgroups (GROUPS_MAX, list);
  else if (getgrouplist (name, (gid_t) group, list, &count) < 0)
    count = -1, errno = ENOMEM;
  if (count < 0)
    {
      free (list);
      server_reply (c, -1);
      return;
    }
  uint32_t *gids = (uint32_t *) list;
  _Static_assert (sizeof *gids == sizeof *list, "gid_t is 32 bits");
  server_reply_data (c, count, gids, count * sizeof *gids);
  free (list);
}
