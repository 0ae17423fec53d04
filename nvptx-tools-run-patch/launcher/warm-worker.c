/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* A worker of the warm server (warm-internal.h, warm.h's
   warm_want_memory): the process the master forks for each of its
   slots, which loads the driver and makes the context that the master
   never does.  Apart from the master, as its state is the process's
   own, the one each program's replaces and the worker puts back.

   A worker runs one program at a time, in its own process state set for
   that program: the sender's descriptors 0, 1 and 2, its working
   directory, environment, umask and file limits.  What it cannot take
   on, the confinement of a process (its namespaces, root, cgroup,
   credentials, seccomp filters, security label), must be its own
   already: a client confined otherwise runs the program itself
   (confinement.c).  Afterwards it puts
   its own back, and checks that nothing of the program's stayed open;
   when something is in doubt it leaves, after replying, and the master
   starts another.  Whatever ends a worker in the middle of a program
   (an error of the launcher's, --timeout, a GPU fault, a signal the
   program sent itself, the client going away) ends only that worker:
   the master, which holds a copy of each worker's connection, sends the
   worker's exit status or signal to the client, which ends the same
   way.  */

#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "confinement.h"
#include "rpc-launch.h"
#include "warm-internal.h"

extern char **environ;

/* Programs a worker runs before it leaves for a fresh one.  The device
   heap belongs to the context: what a program mallocs on the GPU and
   never frees stays taken until the context goes, and would shrink the
   heap of the programs after it.  A fresh worker starts while the
   others serve, so recycling costs little; $NVPTX_RPC_WARM_PROGRAMS
   changes it, for measuring.  */
#define PROGRAMS_PER_WORKER 64

/* The worker's own state, which each program's replaces for its run.  */
static struct
{
  int listen_fd, control;
  int saved_fds[3];		/* Its own 0, 1 and 2.  */
  int home;			/* Its working directory.  */
  char **environ;
  mode_t umask;
  struct rlimit limits[N_LIMITS];
  int programs_left;
  int rest_ms;			/* poll's wait before it leaves, or -1.  */
} worker;

/* Send the master message KIND, with descriptor FD unless -1.  */
static void
tell_master (char kind, int fd)
{
  if (!warm_send_with_fds (worker.control, &kind, 1, &fd, fd >= 0 ? 1 : 0))
    /* The master is gone: so is the server.  */
    _exit (0);
}

/* The master's next message.  */
static char
hear_master (void)
{
  char kind;

  if (!warm_read_all (worker.control, &kind, 1))
    _exit (0);
  return kind;
}

void
warm_want_memory (bool others_leave)
{
  tell_master (others_leave ? CONTROL_WANT_DEVICE : CONTROL_WANT_STACKS, -1);
  /* A yield or quit sent before the master read this was meant for the
     worker between programs: it has no stack to give now, and cannot
     leave its program.  */
  while (hear_master () != CONTROL_GRANTED)
    ;
}

/* Between programs, what the master asks: give back the stack and wait
   until the others' program has ended, or leave.  */
static void
heed_master (const struct warm_launcher *l)
{
  char kind = hear_master ();

  if (kind == CONTROL_YIELD)
    {
      l->yield ();
      tell_master (CONTROL_PAUSED, -1);
      while ((kind = hear_master ()) != CONTROL_GO_ON && kind != CONTROL_QUIT)
	;
    }
  if (kind == CONTROL_QUIT)
    exit (0);
}

/* The watcher thread: end the worker when its client goes away (killed
   by a signal, as a plain launcher would be, with its program), so
   that the program does not run on unwatched.  Stops when anything
   arrives on the pipe.  */
struct watch
{
  int conn, stop[2];
  pthread_t thread;
};

static void *
watch_client (void *arg)
{
  struct watch *w = arg;
  struct pollfd p[2] = { { w->conn, POLLRDHUP, 0 }, { w->stop[0], POLLIN, 0 } };

  for (;;)
    {
      if (poll (p, 2, -1) < 0)
	continue;
      if (p[1].revents)
	return NULL;
      if (p[0].revents)
	kill (getpid (), SIGKILL);
    }
}

/* The identity of descriptor FD, or zeros.  */
static void
fd_identity (int fd, struct stat *st)
{
  if (fstat (fd, st) != 0)
    memset (st, 0, sizeof *st);
}

/* A process's open descriptors and the files they are on.  */
struct open_fds
{
  int n;
  struct open_fd
  {
    int fd;
    dev_t dev;
    ino_t ino;
  } *fd;
};

/* Call F (FD, ST, ARG) for each open descriptor FD but DIR's own, ST
   its file; false if they could not be listed.  */
static bool
each_open_fd (void (*f) (int, const struct stat *, void *), void *arg)
{
  DIR *d = opendir ("/proc/self/fd");
  struct dirent *e;

  if (d == NULL)
    return false;
  while ((e = readdir (d)) != NULL)
    {
      int fd = atoi (e->d_name);
      struct stat st;

      if (e->d_name[0] != '.' && fd != dirfd (d) && fstat (fd, &st) == 0)
	f (fd, &st, arg);
    }
  closedir (d);
  return true;
}

static void
add_open_fd (int fd, const struct stat *st, void *arg)
{
  struct open_fds *s = arg;
  struct open_fd *grown = realloc (s->fd, (s->n + 1) * sizeof *s->fd);

  if (grown == NULL)
    return;
  s->fd = grown;
  s->fd[s->n++] = (struct open_fd) { fd, st->st_dev, st->st_ino };
}

/* What is to be checked after a program: the descriptors the worker
   had open before it (its own, and any its parent left it), the
   connection, and the client's files.  */
struct leftover_check
{
  const struct open_fds *before;
  int conn, n_given;
  const struct stat *given;
  bool found;
};

static void
check_leftover (int fd, const struct stat *st, void *arg)
{
  struct leftover_check *c = arg;

  if (fd == c->conn)
    return;
  for (int i = 0; i < c->before->n; i++)
    if (c->before->fd[i].fd == fd && c->before->fd[i].dev == st->st_dev
	&& c->before->fd[i].ino == st->st_ino)
      return;
  for (int i = 0; i < c->n_given; i++)
    if (st->st_dev == c->given[i].st_dev && st->st_ino == c->given[i].st_ino
	&& (c->given[i].st_dev || c->given[i].st_ino))
      c->found = true;
}

/* Whether a descriptor that was not open as it is now in BEFORE, nor
   is CONN, is open on one of the files of GIVEN[0..N-1]: one the
   program left open, which would keep a pipe of the client's open
   after the client is done.  The worker's own descriptors may well be
   on the same files (/dev/null, the directory the server started in)
   and say nothing of the program.  */
static bool
holds_any (const struct open_fds *before, int conn, const struct stat *given,
	   int n)
{
  struct leftover_check c = { before, conn, n, given, false };

  return !each_open_fd (check_leftover, &c) || c.found;
}

/* Split the request's strings into ARGV and ENV, NULL-terminated.  */
static bool
split_strings (char *strings, size_t size, char **argv, int argc,
	       char **env, int envc)
{
  char *p = strings, *end = strings + size;

  for (int i = 0; i < argc + envc; i++)
    {
      char *nul = memchr (p, '\0', end - p);

      if (nul == NULL)
	return false;
      if (i < argc)
	argv[i] = p;
      else
	env[i - argc] = p;
      p = nul + 1;
    }
  argv[argc] = NULL;
  env[envc] = NULL;
  return p == end;
}

/* Serve connection CONN: one program.  Returns whether the worker may
   run another.  */
static bool
serve_connection (int conn, const struct warm_launcher *l)
{
  struct warm_request req, self = { 0 };
  struct stat given[REQUEST_FDS];
  const char *differs;
  struct open_fds before = { 0, NULL };
  char *strings = NULL, **argv = NULL, **env = NULL;
  int fds[REQUEST_FDS], nfds = 0, status;
  bool keep = true, lowered_hard = false;
  struct watch w;
  ssize_t n;

  n = warm_receive_with_fds (conn, &req, sizeof req, fds, REQUEST_FDS, &nfds);
  if (n > 0 && (size_t) n < sizeof req)
    n = warm_read_all (conn, (char *) &req + n, sizeof req - n)
	? (ssize_t) sizeof req : -1;
  warm_exe_identity (&self);
  if (n != sizeof req || nfds != REQUEST_FDS || req.magic != WARM_MAGIC
      || req.version != WARM_VERSION || req.exe_dev != self.exe_dev
      || req.exe_ino != self.exe_ino
      || req.exe_mtime_sec != self.exe_mtime_sec
      || req.exe_mtime_nsec != self.exe_mtime_nsec
      || req.argc < 1 || req.argc > (1 << 20) || req.envc > (1 << 20)
      || req.strings_size > (1u << 30))
    goto fallback;
  /* The program's calls are the worker's: a client confined otherwise
     would shed its confinement here.  */
  if ((differs = confinement_differs (conn)) != NULL)
    {
      fprintf (stderr, "nvptx-run: warm server: a client's %s is not "
	       "the worker's: it runs the program itself\n", differs);
      goto fallback;
    }
  strings = malloc (req.strings_size + 1);
  argv = calloc (req.argc + 1, sizeof *argv);
  env = calloc (req.envc + 1, sizeof *env);
  if (strings == NULL || argv == NULL || env == NULL
      || !warm_read_all (conn, strings, req.strings_size)
      || !split_strings (strings, req.strings_size, argv, req.argc, env,
			 req.envc))
    goto fallback;
  /* A limit above the worker's hard one cannot be had here.  */
  for (size_t i = 0; i < N_LIMITS; i++)
    if (req.limit_cur[i] > worker.limits[i].rlim_max
	|| req.limit_max[i] > worker.limits[i].rlim_max)
      goto fallback;

  /* The program's process state, and the worker's before it.  */
  if (!each_open_fd (add_open_fd, &before))
    goto fallback;
  for (int i = 0; i < REQUEST_FDS; i++)
    fd_identity (fds[i], &given[i]);
  for (int i = 0; i < 3; i++)
    if (dup2 (fds[i], i) != i)
      rpc_launch_fatal ("warm server: dup2: %s", strerror (errno));
  if (fchdir (fds[3]) != 0)
    rpc_launch_fatal ("warm server: fchdir: %s", strerror (errno));
  umask (req.umask);
  environ = env;
  for (size_t i = 0; i < N_LIMITS; i++)
    {
      struct rlimit limit = { req.limit_cur[i], req.limit_max[i] };

      /* A lowered hard limit cannot be raised again: this worker's last
	 program, then.  */
      if (limit.rlim_max < worker.limits[i].rlim_max)
	lowered_hard = true;
      setrlimit (carried_limits[i], &limit);
    }

  w.conn = conn;
  if (pipe2 (w.stop, O_CLOEXEC) != 0
      || pthread_create (&w.thread, NULL, watch_client, &w) != 0)
    rpc_launch_fatal ("warm server: cannot watch the client: %s",
		      strerror (errno));

  status = l->run (req.argc, argv);
  if (status >= 0 && !l->clean ())
    keep = false;

  write (w.stop[1], "", 1);
  pthread_join (w.thread, NULL);
  close (w.stop[0]);
  close (w.stop[1]);

  /* The worker's own state back.  */
  fflush (stdout);
  fflush (stderr);
  clearerr (stdout);
  clearerr (stderr);
  for (int i = 0; i < 3; i++)
    dup2 (worker.saved_fds[i], i);
  if (fchdir (worker.home) != 0)
    keep = false;
  umask (worker.umask);
  environ = worker.environ;
  for (size_t i = 0; i < N_LIMITS; i++)
    if (!lowered_hard)
      setrlimit (carried_limits[i], &worker.limits[i]);
  for (int i = 0; i < REQUEST_FDS; i++)
    close (fds[i]);
  nfds = 0;
  if (lowered_hard || holds_any (&before, conn, given, REQUEST_FDS))
    keep = false;
  free (before.fd);

  if (status < 0)
    {
      /* The context could not run it as a fresh one: nothing was
	 done.  */
      warm_reply_to (conn, REPLY_FALLBACK, 0);
    }
  else
    warm_reply_to (conn, REPLY_EXIT, status);
  free (strings);
  free (argv);
  free (env);
  return keep;

 fallback:
  for (int i = 0; i < nfds; i++)
    close (fds[i]);
  free (before.fd);
  free (strings);
  free (argv);
  free (env);
  warm_reply_to (conn, REPLY_FALLBACK, 0);
  return true;
}

/* CONTROL_READY, with how many workers the server runs.  */
static void
tell_ready (int workers)
{
  unsigned char message[2] = { CONTROL_READY, workers };

  if (!warm_send_with_fds (worker.control, message, sizeof message, NULL, 0))
    _exit (0);
}

/* A worker of a server of WORKERS, or with AT_MOST of at most that many
   (the first, which says how many), taking its connections on
   LISTEN_FD, and the master's messages on CONTROL; it leaves after
   REST_MS without a program (-1: never).  */
void
warm_worker (int device, int workers, bool at_most, int listen_fd,
	     int control, int rest_ms, const struct warm_launcher *l)
{
  static const int defaults[] = { SIGTERM, SIGINT, SIGHUP, SIGCHLD };
  const char *programs = getenv ("NVPTX_RPC_WARM_PROGRAMS");
  sigset_t none;

  worker.listen_fd = listen_fd;
  worker.control = control;
  worker.rest_ms = rest_ms;
  for (size_t i = 0; i < sizeof defaults / sizeof *defaults; i++)
    signal (defaults[i], SIG_DFL);
  sigemptyset (&none);
  sigprocmask (SIG_SETMASK, &none, NULL);
  worker.programs_left = programs && atoi (programs) > 0 ? atoi (programs)
							: PROGRAMS_PER_WORKER;

  workers = l->start (device, workers, at_most);

  for (int i = 0; i < 3; i++)
    if ((worker.saved_fds[i] = fcntl (i, F_DUPFD_CLOEXEC, 3)) < 0)
      rpc_launch_fatal ("warm server: dup: %s", strerror (errno));
  worker.home = open (".", O_PATH | O_DIRECTORY | O_CLOEXEC);
  if (worker.home < 0)
    rpc_launch_fatal ("warm server: cannot open .: %s", strerror (errno));
  worker.environ = environ;
  worker.umask = umask (0);
  umask (worker.umask);
  for (size_t i = 0; i < N_LIMITS; i++)
    getrlimit (carried_limits[i], &worker.limits[i]);
  tell_ready (workers);

  for (;;)
    {
      /* The socket does not block: the siblings poll it too.  */
      struct pollfd p[2] = { { worker.control, POLLIN, 0 },
			     { worker.listen_fd, POLLIN, 0 } };
      int ready, conn;
      bool keep;

      ready = poll (p, 2, worker.rest_ms);
      if (ready < 0)
	continue;
      if (ready == 0)
	{
	  tell_master (CONTROL_IDLE, -1);
	  exit (0);
	}
      if (p[0].revents)
	{
	  heed_master (l);
	  continue;
	}
      conn = accept4 (worker.listen_fd, NULL, NULL, SOCK_CLOEXEC);
      if (conn < 0)
	{
	  if (errno == EAGAIN || errno == EINTR || errno == ECONNABORTED)
	    continue;
	  rpc_launch_fatal ("warm server: accept: %s", strerror (errno));
	}
      if (!warm_peer_is_us (conn))
	{
	  close (conn);
	  continue;
	}
      tell_master (CONTROL_TAKEN, conn);
      keep = serve_connection (conn, l);
      close (conn);
      tell_master (CONTROL_DONE, -1);
      if (!keep || --worker.programs_left == 0)
	exit (0);
    }
}
