/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The warm server's master (warm.h's warm_serve; warm-internal.h): the
   process that --serve runs, which holds the socket and its lock, forks
   the workers (warm-worker.c), and tells each client how its worker
   ended.  It never loads the driver, so that a worker's end is never
   the server's, and an idle server holds nothing of the device.

   A lock file beside the socket, DIR/device-N.lock, held for the
   server's life, makes a second server of the device refuse to start,
   even when two start at once.  With $NVPTX_RPC_WARM=start a client
   that finds no server starts one, which ends after
   $NVPTX_RPC_WARM_IDLE seconds without a program (default
   WARM_IDLE_DEFAULT); --idle N does that for a server started by hand.
   Before that, after WARM_REST_DEFAULT seconds without a program, the
   workers leave, so that an idle server holds nothing of the device;
   the master, which never loaded the driver, starts them again when a
   client connects.

   How many: by default one a core, up to WARM_WORKERS_DEFAULT_MAX, and
   no more than hold the default stack each.  Only a worker can tell
   that (the master never loads the driver): the first says it as it is
   ready, and the master starts the others then.

   Device memory: a plain run has the device to itself, a worker shares
   it with its siblings, whose stacks (reserved for every thread the
   device holds) and contexts may hold what a program needs.  A worker
   whose program cannot have its stack asks the master, which has each
   other worker give back its stack between programs and wait, or, if
   that is not enough, leave; the program then has what a plain run
   would have, and the others go on, or are started again, once it has
   ended.  */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rpc-launch.h"
#include "warm-internal.h"

/* Seconds without a program after which a worker leaves, so that an
   idle server holds none of the device: its context, its stack, its
   heap are the device's again, for a plain run beside it or anyone
   else's.  The master starts the workers again for the next client,
   which then waits as long as a plain run's start.
   $NVPTX_RPC_WARM_REST as the server starts changes it (0: never).  */
#define WARM_REST_DEFAULT 5

static struct slot
{
  pid_t pid;			/* 0: none.  */
  int control;			/* The master's end.  */
  int conn;			/* The connection it serves, or -1.  */
  bool ready;
  char wants;			/* CONTROL_WANT_STACKS or _DEVICE, or 0.  */
  char told;			/* CONTROL_YIELD or _QUIT, or 0.  */
  bool paused;
  bool idle;			/* It left idle: none until a client comes.  */
} *slots;
static int n_slots;
/* Until the first worker has said how many the server runs, of at most
   n_slots.  */
static bool sizing;
static int signal_pipe[2];
/* The lock that says the device is served: the master's alone, so that
   it lets go of it when the master does.  */
static int lock_fd = -1;
/* The socket the workers accept() on, which the master polls only
   while none is there to.  */
static int listen_fd = -1;
/* The milliseconds without a program after which a worker leaves
   (-1: never).  */
static int rest_ms;
static volatile sig_atomic_t stopping;

static void
on_signal (int sig)
{
  int saved = errno;

  if (sig != SIGCHLD)
    stopping = 1;
  write (signal_pipe[1], "", 1);
  errno = saved;
}

static void
start_worker (int i, int device, const struct warm_launcher *l)
{
  pid_t master = getpid (), pid;
  sigset_t signals, saved;
  int pair[2];

  if (socketpair (AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair) != 0)
    rpc_launch_fatal ("warm server: socketpair: %s", strerror (errno));
  /* Until warm_worker has put back the default actions, a SIGTERM would
     reach the master's handler in the new worker, which would go on
     serving, and the master wait for it forever: the worker takes the
     signals blocked, and unblocks them once their actions are its own.  */
  sigemptyset (&signals);
  sigaddset (&signals, SIGTERM);
  sigaddset (&signals, SIGINT);
  sigaddset (&signals, SIGHUP);
  sigaddset (&signals, SIGCHLD);
  sigprocmask (SIG_BLOCK, &signals, &saved);
  pid = fork ();
  if (pid < 0)
    rpc_launch_fatal ("warm server: fork: %s", strerror (errno));
  if (pid == 0)
    {
      /* A worker outlives no master: it would serve on, unreplaced and
	 unreported.  */
      prctl (PR_SET_PDEATHSIG, SIGKILL);
      if (getppid () != master)
	_exit (0);
      /* Nothing of the master's but the listening socket: another
	 worker's pair held open here would hide that worker's end.  */
      for (int j = 0; j < n_slots; j++)
	if (slots[j].pid != 0)
	  {
	    close (slots[j].control);
	    if (slots[j].conn >= 0)
	      close (slots[j].conn);
	  }
      close (signal_pipe[0]);
      close (signal_pipe[1]);
      if (lock_fd >= 0)
	close (lock_fd);
      close (pair[0]);
      warm_worker (device, n_slots, sizing, listen_fd, pair[1], rest_ms, l);
    }
  sigprocmask (SIG_SETMASK, &saved, NULL);
  close (pair[1]);
  slots[i] = (struct slot) { pid, pair[0], -1, false, 0, 0, false, false };
}

/* Tell the client of slot S's connection how its worker ended, from
   wait status STATUS.  */
static void
report_end (struct slot *s, int status)
{
  if (s->conn < 0)
    return;
  if (WIFSIGNALED (status))
    warm_reply_to (s->conn, REPLY_SIGNAL, WTERMSIG (status));
  else
    warm_reply_to (s->conn, REPLY_EXIT, WEXITSTATUS (status));
  close (s->conn);
  s->conn = -1;
}

/* When a worker last took or finished a program.  */
static double last_activity;

/* The slot whose program the others give memory to (-1: none), and
   whether they have.  */
static int memory_for = -1;
static bool memory_given;

/* When that program goes on all the same: another worker's program may
   be what it waits for (a pipe between the two), so it waits no longer
   than a plain run waits for memory (warm_serve's MEMORY_WAIT).  */
static double memory_deadline;
static int memory_wait_seconds;

/* The milliseconds until WHEN on rpc_launch_now's clock, for poll: 0
   once it has passed.  */
static int
ms_until (double when)
{
  double left = when - rpc_launch_now ();

  return left <= 0 ? 0 : (int) (left * 1000) + 1;
}

/* Slot I's program is to have the memory, within the wait from now.  */
static void
memory_ask (int i)
{
  memory_for = i;
  memory_given = false;
  memory_deadline = rpc_launch_now () + memory_wait_seconds;
}

static void
tell_worker (struct slot *s, char kind)
{
  send (s->control, &kind, 1, MSG_NOSIGNAL);
}

/* For the first slot that wants memory, have each other worker give
   back its stack or leave, as it wants, and tell it once they all have.
   The workers that want memory themselves are waiting in their programs,
   their stacks given back already.  */
static void
arrange_memory (void)
{
  struct slot *s;
  bool all = true;

  for (int i = 0; i < n_slots && memory_for < 0; i++)
    if (slots[i].wants)
      memory_ask (i);
  if (memory_for < 0 || memory_given)
    return;
  s = &slots[memory_for];
  for (int i = 0; i < n_slots; i++)
    {
      struct slot *o = &slots[i];
      char ask = s->wants == CONTROL_WANT_DEVICE ? CONTROL_QUIT
						 : CONTROL_YIELD;

      if (o == s || o->pid == 0 || o->wants)
	continue;
      if (o->told != ask)
	{
	  tell_worker (o, ask);
	  o->told = ask;
	}
      if (ask == CONTROL_QUIT || !o->paused)
	all = false;
    }
  if (all || rpc_launch_now () >= memory_deadline)
    {
      tell_worker (s, CONTROL_GRANTED);
      s->wants = 0;
      memory_given = true;
    }
}

/* The program that had the memory has ended (or never will have it):
   the next that wants it, if any, may have it; else the others go on,
   and those that left are started again.  */
static void
memory_returned (int device, const struct warm_launcher *l)
{
  memory_for = -1;
  memory_given = false;
  for (int i = 0; i < n_slots; i++)
    if (slots[i].wants)
      return;
  for (int i = 0; i < n_slots; i++)
    {
      struct slot *o = &slots[i];

      if (o->pid == 0)
	start_worker (i, device, l);
      else if (o->told)
	{
	  if (o->paused)
	    tell_worker (o, CONTROL_GO_ON);
	  o->told = 0;
	  o->paused = false;
	}
    }
}

/* Read what slot S's worker says; false once it has gone.  */
static bool
hear_worker (struct slot *s, int device, const struct warm_launcher *l)
{
  unsigned char message[2];
  int fd, nfds;
  ssize_t n = warm_receive_with_fds (s->control, message, sizeof message,
				     &fd, 1, &nfds);

  if (n <= 0)
    return false;
  switch (message[0])
    {
    case CONTROL_READY:
      s->ready = true;
      if (sizing)
	{
	  /* The first worker: the others, now that it says how many.  */
	  sizing = false;
	  if (n == 2 && message[1] >= 1 && message[1] < n_slots)
	    n_slots = message[1];
	  for (int i = 1; i < n_slots; i++)
	    start_worker (i, device, l);
	}
      break;
    case CONTROL_TAKEN:
      last_activity = rpc_launch_now ();
      if (nfds == 1)
	{
	  if (s->conn >= 0)
	    close (s->conn);
	  s->conn = fd;
	  fd = -1;
	}
      break;
    case CONTROL_DONE:
      last_activity = rpc_launch_now ();
      if (s->conn >= 0)
	close (s->conn);
      s->conn = -1;
      if (s - slots == memory_for)
	memory_returned (device, l);
      break;
    case CONTROL_WANT_STACKS:
    case CONTROL_WANT_DEVICE:
      s->wants = message[0];
      if (s - slots == memory_for)
	memory_ask (memory_for);
      break;
    case CONTROL_PAUSED:
      s->paused = true;
      break;
    case CONTROL_IDLE:
      s->idle = true;
      break;
    }
  if (nfds == 1 && fd >= 0)
    close (fd);
  return true;
}

/* The milliseconds poll may wait before a server ending after
   IDLE_SECONDS without a program (0: never) is due to end, 0 once it
   is, -1 while it is not to end: a program is running, or IDLE_SECONDS
   is 0.  */
static int
idle_timeout (int idle_seconds)
{
  if (idle_seconds == 0)
    return -1;
  for (int i = 0; i < n_slots; i++)
    if (slots[i].conn >= 0)
      return -1;
  return ms_until (last_activity + idle_seconds);
}

/* Tell the clients that wait on FD for a worker, now that there is
   none, to run their programs themselves: nothing of theirs has run.  */
static void
turn_away_waiting (int fd)
{
  int conn;

  while ((conn = accept4 (fd, NULL, NULL, SOCK_CLOEXEC)) >= 0)
    {
      warm_reply_to (conn, REPLY_FALLBACK, 0);
      close (conn);
    }
}

/* Have the signals that end the server, and SIGCHLD, wake its poll
   through signal_pipe.  */
static void
catch_signals (void)
{
  struct sigaction sa;

  if (pipe2 (signal_pipe, O_CLOEXEC | O_NONBLOCK) != 0)
    rpc_launch_fatal ("warm server: pipe: %s", strerror (errno));
  memset (&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sa.sa_flags = SA_RESTART;
  sigaction (SIGTERM, &sa, NULL);
  sigaction (SIGINT, &sa, NULL);
  sigaction (SIGHUP, &sa, NULL);
  sigaction (SIGCHLD, &sa, NULL);
}

/* Slot I's worker has exited, its end of the pair closed: tell its
   client how, and start another in its place where one is due.  False
   if it never was ready.  */
static bool
worker_exited (int i, int device, const struct warm_launcher *l)
{
  struct slot *s = &slots[i];
  int wstatus;

  while (waitpid (s->pid, &wstatus, 0) < 0 && errno == EINTR)
    ;
  report_end (s, wstatus);
  close (s->control);
  s->pid = 0;
  s->wants = s->told = 0;
  s->paused = false;
  if (!s->ready)
    return false;
  /* While a program wants the memory, no worker starts, nor one that
     left idle until a client comes.  */
  if (i == memory_for)
    memory_returned (device, l);
  else if (memory_for < 0 && !s->idle)
    start_worker (i, device, l);
  return true;
}

/* Serve DEVICE's clients at ADDR, whose socket is MINE, until a signal
   ends the server, or IDLE_SECONDS without a program (0: never), or a
   worker that cannot start: the server's exit status.  P has room for
   the slots, the signal pipe and the socket.  */
static int
serve (int device, int idle_seconds, const struct sockaddr_un *addr,
       const struct stat *mine, struct pollfd *p,
       const struct warm_launcher *l)
{
  double quiet_until = 0;
  bool announced = false, any_idle;
  int timeout, status = 0;

  while (!stopping)
    {
      bool all_ready = true;

      any_idle = false;
      for (int i = 0; i < n_slots; i++)
	{
	  /* A slot left empty while a program has the memory, or by a
	     worker that left idle: none.  */
	  p[i] = (struct pollfd) { slots[i].pid != 0 ? slots[i].control : -1,
				   POLLIN, 0 };
	  all_ready &= slots[i].ready || slots[i].idle;
	  any_idle |= slots[i].pid == 0 && slots[i].idle;
	}
      if (all_ready && !announced)
	{
	  fprintf (stderr, "%s: warm server of device %d ready at %s, "
		   "%d worker%s\n", rpc_launch_name, device, addr->sun_path,
		   n_slots, n_slots == 1 ? "" : "s");
	  announced = true;
	}
      timeout = idle_timeout (idle_seconds);
      if (timeout == 0)
	{
	  /* Idle: take no more clients, and let another server start;
	     then end, unless a worker took a client meanwhile, whose 'C'
	     may still be on its way.  */
	  if (quiet_until == 0)
	    {
	      warm_leave_socket (addr, mine);
	      close (lock_fd);
	      lock_fd = -1;
	      quiet_until = rpc_launch_now () + 0.2;
	    }
	  else if (rpc_launch_now () >= quiet_until)
	    break;
	  timeout = 50;
	}
      if (memory_for >= 0 && !memory_given)
	{
	  /* Wake for the program that waits for memory, at its deadline.  */
	  int ms = ms_until (memory_deadline);

	  if (timeout < 0 || ms < timeout)
	    timeout = ms;
	}
      p[n_slots] = (struct pollfd) { signal_pipe[0], POLLIN, 0 };
      /* A client for the workers that left idle: they start again (not
	 while a program has the memory), and one of them takes it.  */
      p[n_slots + 1] = (struct pollfd) { any_idle && memory_for < 0
					 ? listen_fd : -1, POLLIN, 0 };
      if (poll (p, n_slots + 2, timeout) < 0)
	continue;
      if (p[n_slots + 1].revents)
	for (int i = 0; i < n_slots; i++)
	  if (slots[i].pid == 0 && slots[i].idle)
	    start_worker (i, device, l);
      if (p[n_slots].revents)
	{
	  char buf[64];

	  while (read (signal_pipe[0], buf, sizeof buf) > 0)
	    ;
	}
      for (int i = 0; i < n_slots; i++)
	{
	  if (slots[i].pid == 0 || !p[i].revents
	      || hear_worker (&slots[i], device, l))
	    continue;
	  if (!worker_exited (i, device, l))
	    {
	      /* It could not start (no driver, no such device): neither
		 will the next.  Its message is on our stderr.  */
	      stopping = 1;
	      status = 127;
	      break;
	    }
	}
      arrange_memory ();
    }
  return status;
}

/* The server's end: its socket at ADDR (MINE) removed, its workers
   ended, and each client told how its program ended, or, if none took
   it yet, to run it itself.  */
static void
stop_serving (const struct sockaddr_un *addr, const struct stat *mine)
{
  warm_leave_socket (addr, mine);
  for (int i = 0; i < n_slots; i++)
    if (slots[i].pid != 0)
      kill (slots[i].pid, SIGTERM);
  for (int i = 0; i < n_slots; i++)
    if (slots[i].pid != 0)
      {
	int wstatus;

	while (waitpid (slots[i].pid, &wstatus, 0) < 0 && errno == EINTR)
	  ;
	report_end (&slots[i], wstatus);
      }
  /* The clients still waiting to be taken run their programs
     themselves.  */
  turn_away_waiting (listen_fd);
  close (listen_fd);
  if (lock_fd >= 0)
    close (lock_fd);
}

int
warm_serve (int device, int workers, int idle_seconds, int memory_wait,
	    const struct warm_launcher *l)
{
  struct sockaddr_un addr;
  struct stat mine;
  struct pollfd *p;
  const char *rest;
  int status;

  memory_wait_seconds = memory_wait;
  sizing = workers == 0;
  if (sizing)
    {
      long cores = sysconf (_SC_NPROCESSORS_ONLN);

      workers = cores < 1 ? 1 : cores > WARM_WORKERS_DEFAULT_MAX
		? WARM_WORKERS_DEFAULT_MAX : cores;
    }
  listen_fd = warm_listen (device, &addr, &mine, &lock_fd);
  catch_signals ();

  rest = getenv ("NVPTX_RPC_WARM_REST");
  rest_ms = (rest != NULL ? atoi (rest) : WARM_REST_DEFAULT) * 1000;
  if (rest_ms <= 0)
    rest_ms = -1;
  /* The slots' count from here on is n_slots, which the first worker
     lowers while sizing.  */
  n_slots = workers;
  slots = calloc (workers, sizeof *slots);
  p = calloc (workers + 2, sizeof *p);
  if (slots == NULL || p == NULL)
    rpc_launch_fatal ("out of memory");
  for (int i = 0; i < (sizing ? 1 : workers); i++)
    start_worker (i, device, l);
  last_activity = rpc_launch_now ();

  status = serve (device, idle_seconds, &addr, &mine, p, l);
  stop_serving (&addr, &mine);
  return status;
}
