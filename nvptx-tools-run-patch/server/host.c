/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The nvptx-rpc server's handlers for what the host knows: realpath,
   uname, getrlimit and getrandom.  They answer from the host where the
   work is the host's: a path
   resolved by the kernel, the system's names, the process's limits, its
   random bytes.  None waits: a call that would (getrandom before the
   kernel's pool is ready) is EAGAIN, which the client waits out on the
   GPU, so that the server goes on serving the other threads.  */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "server-internal.h"

/* realpath: PATH resolved as every path is (resolve, a last symlink
   followed, so the kernel's resolution and its errors: ENOENT, ENOTDIR,
   ELOOP, EACCES), then named as /proc names the file the server holds.
   In a sandbox that is the host path beneath the sandbox directory, the
   name by which the program reaches the file (getcwd's); a name outside
   is EACCES, never sent.  "/dev/null" is itself there, as open has it.
   A file removed meanwhile (/proc's " (deleted)") is ENOENT.  */
void
serve_realpath (struct call *c)
{
  struct rpc_server *s = c->server;
  const char *path;
  char full[PATH_MAX];
  struct stat st;
  int fd, rc;

  if (!server_take_strings (c, &path, 1))
    return;
  if ((s->sandboxed || s->read_only) && strcmp (path, "/dev/null") == 0)
    {
      server_reply_data (c, sizeof "/dev/null", "/dev/null",
			 sizeof "/dev/null");
      return;
    }
  if ((fd = server_take_path_fd (c, AT_FDCWD, path, 0, PATH_LOOK)) < 0)
    return;
  rc = fstat (fd, &st) == 0 ? server_host_path (fd, full) : -1;
  close (fd);
  if (rc != 0)
    server_reply (c, -1);
  else if (st.st_nlink == 0 && !S_ISDIR (st.st_mode))
    server_reply_error (c, NVPTX_RPC_ENOENT);
  else if (full[0] != '/'
	   || (s->sandboxed && server_path_beneath_root (s, full) == NULL))
    server_reply_error (c, NVPTX_RPC_EACCES);
  else
    server_reply_data (c, strlen (full) + 1, full, strlen (full) + 1);
}

/* Copy the string FROM into the LENGTH bytes at TO, cut and
   NUL-terminated.  */
static void
copy_name (char *to, const char *from, size_t length)
{
  size_t n = strnlen (from, length - 1);

  memcpy (to, from, n);
  to[n] = '\0';
}

/* The host's names, as they are: the program runs under the host's
   kernel, on its machine (the GPU is a device of it).  The node name is
   what gethostname gives, under --sandbox too (docs/security.md).  */
void
serve_uname (struct call *c)
{
  struct nvptx_rpc_utsname w;
  struct utsname u;

  if (uname (&u) != 0)
    {
      server_reply (c, -1);
      return;
    }
  memset (&w, 0, sizeof w);
  copy_name (w.sysname, u.sysname, sizeof w.sysname);
  copy_name (w.nodename, u.nodename, sizeof w.nodename);
  copy_name (w.release, u.release, sizeof w.release);
  copy_name (w.version, u.version, sizeof w.version);
  copy_name (w.machine, u.machine, sizeof w.machine);
  copy_name (w.domainname, u.domainname, sizeof w.domainname);
  server_reply_data (c, 0, &w, sizeof w);
}

/* The launcher's limits, which are the program's: its files are the
   launcher's, and so are its CPU time and its host memory.  RLIMIT_NOFILE
   is at most the guest descriptor table's size, as sysconf's
   _SC_OPEN_MAX.  (setrlimit is the client's: docs/protocol.md.)  */
void
serve_getrlimit (struct call *c)
{
  static const int resources[] = {
    [NVPTX_RPC_RLIMIT_CPU] = RLIMIT_CPU,
    [NVPTX_RPC_RLIMIT_FSIZE] = RLIMIT_FSIZE,
    [NVPTX_RPC_RLIMIT_DATA] = RLIMIT_DATA,
    [NVPTX_RPC_RLIMIT_STACK] = RLIMIT_STACK,
    [NVPTX_RPC_RLIMIT_CORE] = RLIMIT_CORE,
    [NVPTX_RPC_RLIMIT_NOFILE] = RLIMIT_NOFILE,
    [NVPTX_RPC_RLIMIT_AS] = RLIMIT_AS,
  };
  int64_t which = c->req->arg[0];
  struct rlimit l;

  if (which < 0 || which >= (int64_t) (sizeof resources / sizeof *resources))
    {
      server_reply_error (c, NVPTX_RPC_EINVAL);
      return;
    }
  if (getrlimit (resources[which], &l) != 0)
    {
      server_reply (c, -1);
      return;
    }
  struct nvptx_rpc_rlimit w = {
    .cur = l.rlim_cur == RLIM_INFINITY ? NVPTX_RPC_RLIM_INFINITY : l.rlim_cur,
    .max = l.rlim_max == RLIM_INFINITY ? NVPTX_RPC_RLIM_INFINITY : l.rlim_max,
  };
  if (which == NVPTX_RPC_RLIMIT_NOFILE)
    {
      if (w.cur > GUEST_FDS)
	w.cur = GUEST_FDS;
      if (w.max > GUEST_FDS)
	w.max = GUEST_FDS;
    }
  server_reply_data (c, 0, &w, sizeof w);
}

/* Up to arg0 bytes (at most NVPTX_RPC_RANDOM_MAX) of the kernel's
   getrandom, always without waiting: EAGAIN until its pool is ready,
   which the client waits out unless the program asked
   GRND_NONBLOCK.  */
void
serve_getrandom (struct call *c)
{
  int64_t count = c->req->arg[0], wflags = c->req->arg[1];
  unsigned char bytes[NVPTX_RPC_RANDOM_MAX];
  ssize_t n;

  if (count < 0
      || (wflags & ~(int64_t) (NVPTX_RPC_GRND_NONBLOCK
			       | NVPTX_RPC_GRND_RANDOM)))
    {
      server_reply_error (c, NVPTX_RPC_EINVAL);
      return;
    }
  if (count > NVPTX_RPC_RANDOM_MAX)
    count = NVPTX_RPC_RANDOM_MAX;
  do
    n = getrandom (bytes, count, GRND_NONBLOCK
		   | (wflags & NVPTX_RPC_GRND_RANDOM ? GRND_RANDOM : 0));
  while (n < 0 && errno == EINTR);
  server_reply_data (c, n, bytes, n > 0 ? n : 0);
}
