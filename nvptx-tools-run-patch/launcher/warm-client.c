/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The warm launcher's client (warm.h's warm_client): what nvptx-none-run
   tries before starting the driver itself, in its own process, the
   user's.  It sends its program with what of its process state a worker
   takes on, and ends as the reply says; where there is no server, or
   nothing of the program has run there, it returns, and the caller runs
   the program as if there were no server.  Apart from the server's
   files, so that a plain run's launcher carries none of their state.  */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "rpc-launch.h"
#include "warm-internal.h"

extern char **environ;

/* Seconds without a program after which a server that a client started
   ends.  */
#define WARM_IDLE_DEFAULT 300
/* How long a client that started a server waits for its socket, and
   after how long it stops waiting if no server holds the lock.  */
#define WARM_START_WAIT 30
#define WARM_START_GRACE 1

/* Start a server of DEVICE in the background: this very executable with
   --serve, in a session of its own, its standard streams on /dev/null,
   ending after $NVPTX_RPC_WARM_IDLE seconds without a program.  Several
   clients may start one at once: the lock keeps one.  */
static void
start_server (int device)
{
  const char *idle_env = getenv ("NVPTX_RPC_WARM_IDLE");
  int idle = idle_env != NULL ? atoi (idle_env) : 0;
  char device_arg[16], idle_arg[16];
  pid_t pid;

  snprintf (device_arg, sizeof device_arg, "%d", device);
  snprintf (idle_arg, sizeof idle_arg, "%d",
	    idle > 0 ? idle : WARM_IDLE_DEFAULT);
  pid = fork ();
  if (pid == 0)
    {
      int null = open ("/dev/null", O_RDWR);

      /* The server is the grandchild, so that no one need wait for
	 it, and no terminal's signals reach it.  */
      if (null < 0 || setsid () < 0 || fork () != 0)
	_exit (0);
      dup2 (null, 0);
      dup2 (null, 1);
      dup2 (null, 2);
      if (null > 2)
	close (null);
      execl ("/proc/self/exe", "nvptx-none-run", "--serve", "--device",
	     device_arg, "--idle", idle_arg, (char *) NULL);
      _exit (127);
    }
  if (pid > 0)
    while (waitpid (pid, NULL, 0) < 0 && errno == EINTR)
      ;
}

void
warm_client (int device, int argc, char **argv)
{
  const char *warm = getenv ("NVPTX_RPC_WARM");
  struct warm_request req = { 0 };
  struct warm_reply reply;
  size_t size = 0;
  char *strings, *p;
  int fd, fds[REQUEST_FDS], envc = 0;
  mode_t mask;

  if (warm != NULL && strcmp (warm, "0") == 0)
    return;
  fd = warm_connect (device);
  if (fd < 0 && warm != NULL && strcmp (warm, "start") == 0)
    {
      double start = rpc_launch_now ();

      start_server (device);
      while (fd < 0 && rpc_launch_now () < start + WARM_START_WAIT)
	{
	  struct timespec ts = { 0, 20 * 1000 * 1000 };

	  nanosleep (&ts, NULL);
	  fd = warm_connect (device);
	  /* A server that could not start (no driver, no such device)
	     has let its lock go by then: run the program here, with the
	     error a plain run gives.  */
	  if (fd < 0 && rpc_launch_now () > start + WARM_START_GRACE
	      && !warm_server_running (device))
	    break;
	}
    }
  /* No server, or a stale socket of one that is gone: run here.  */
  if (fd < 0)
    return;

  req.magic = WARM_MAGIC;
  req.version = WARM_VERSION;
  warm_exe_identity (&req);
  mask = umask (0);
  umask (mask);
  req.umask = mask;
  for (size_t i = 0; i < N_LIMITS; i++)
    {
      struct rlimit l;

      if (getrlimit (carried_limits[i], &l) != 0)
	l.rlim_cur = l.rlim_max = RLIM_INFINITY;
      req.limit_cur[i] = l.rlim_cur;
      req.limit_max[i] = l.rlim_max;
    }
  for (int i = 0; i < argc; i++)
    size += strlen (argv[i]) + 1;
  for (char **e = environ; e && *e; e++, envc++)
    size += strlen (*e) + 1;
  req.argc = argc;
  req.envc = envc;
  req.strings_size = size;
  p = strings = malloc (size ? size : 1);
  if (strings == NULL)
    rpc_launch_fatal ("out of memory");
  for (int i = 0; i < argc; i++)
    p = stpcpy (p, argv[i]) + 1;
  for (char **e = environ; e && *e; e++)
    p = stpcpy (p, *e) + 1;

  fds[0] = 0, fds[1] = 1, fds[2] = 2;
  fds[3] = open (".", O_PATH | O_DIRECTORY | O_CLOEXEC);
  if (fds[3] < 0
      || !warm_send_with_fds (fd, &req, sizeof req, fds, REQUEST_FDS)
      || !warm_write_all (fd, strings, size))
    {
      /* Nothing has run: run it here.  */
      if (fds[3] >= 0)
	close (fds[3]);
      free (strings);
      close (fd);
      return;
    }
  close (fds[3]);
  free (strings);

  if (!warm_read_all (fd, &reply, sizeof reply))
    rpc_launch_fatal ("the warm server of device %d went away", device);
  close (fd);
  switch (reply.kind)
    {
    case REPLY_FALLBACK:
      return;
    case REPLY_EXIT:
      exit (reply.value);
    case REPLY_SIGNAL:
      {
	sigset_t set;

	signal (reply.value, SIG_DFL);
	sigemptyset (&set);
	sigaddset (&set, reply.value);
	sigprocmask (SIG_UNBLOCK, &set, NULL);
	raise (reply.value);
	exit (128 + reply.value);
      }
    default:
      rpc_launch_fatal ("the warm server of device %d replied %u",
			device, (unsigned) reply.kind);
    }
}
