/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The warm launcher (warm.h): the server, its workers, and the client
   side that nvptx-none-run tries before starting the driver itself.

   The server is a master process that listens on a unix socket,
   DIR/device-N, DIR being $XDG_RUNTIME_DIR/nvptx-rpc, else
   /tmp/nvptx-rpc-UID: a directory of the user's own, mode 0700, which
   both sides check, so that no other user can connect, nor plant a
   socket that would receive the user's descriptors.  The master forks
   the workers and never loads the driver; each worker makes its own
   context and accept()s on the shared socket, so the kernel gives each
   connection to one idle worker, and the loading and JIT of several
   programs run at once on the host's cores.

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
   way.

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

   The protocol, on the connection: the client sends a struct
   warm_request with its descriptors 0, 1, 2 and its working directory
   (SCM_RIGHTS), then its arguments and environment, NUL-separated; the
   reply is one struct warm_reply.  Between a worker and the master, on
   a SOCK_SEQPACKET pair, one byte each, as enum control says, but for
   CONTROL_READY's second: how many workers the server runs.

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
#include <sys/file.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "confinement.h"
#include "rpc-launch.h"
#include "warm.h"

extern char **environ;

#define WARM_MAGIC 0x6e767277	/* "nvrw" */
#define WARM_VERSION 1

/* The limits a program's host side meets, which the worker takes from
   the client: the size of the files it writes, the descriptors it may
   hold, the core a crash would leave.  */
static const int carried_limits[] = { RLIMIT_FSIZE, RLIMIT_NOFILE,
				      RLIMIT_CORE };
#define N_LIMITS (sizeof carried_limits / sizeof *carried_limits)

struct warm_request
{
  uint32_t magic, version;
  /* The client's executable: a server runs only for the very launcher
     binary that started it, so that no stale server of an older build
     runs a newer launcher's programs.  */
  uint64_t exe_dev, exe_ino;
  int64_t exe_mtime_sec, exe_mtime_nsec;
  uint32_t umask;
  uint32_t argc, envc;
  uint32_t strings_size;
  uint64_t limit_cur[N_LIMITS], limit_max[N_LIMITS];
};

/* The request's descriptors: 0, 1, 2 and the working directory.  */
#define REQUEST_FDS 4

struct warm_reply
{
  uint32_t kind;		/* One of the below.  */
  int32_t value;
};
enum
{
  REPLY_FALLBACK = 'F',		/* Run it yourself.  */
  REPLY_EXIT = 'X',		/* Exit with VALUE.  */
  REPLY_SIGNAL = 'S'		/* End by signal VALUE.  */
};

/* The messages between the master and a worker.  */
enum control
{
  /* Worker to master.  */
  CONTROL_READY = 'R',		/* Its context is up.  */
  CONTROL_TAKEN = 'C',		/* It took the connection sent along.  */
  CONTROL_DONE = 'D',		/* It replied on that connection.  */
  CONTROL_WANT_STACKS = 'M',	/* Its program needs the others' stacks, */
  CONTROL_WANT_DEVICE = 'W',	/* ... or their contexts' memory too.  */
  CONTROL_PAUSED = 'P',		/* It gave back its stack, and waits.  */
  CONTROL_IDLE = 'I',		/* It leaves, idle: start it for a client.  */
  /* Master to worker.  */
  CONTROL_YIELD = 'Y',		/* Give back the stack, then wait.  */
  CONTROL_QUIT = 'Q',		/* Leave, after the program it runs.  */
  CONTROL_GO_ON = 'U',		/* Serve again.  */
  CONTROL_GRANTED = 'G'		/* The memory the program wanted is free.  */
};

/* Programs a worker runs before it leaves for a fresh one.  The device
   heap belongs to the context: what a program mallocs on the GPU and
   never frees stays taken until the context goes, and would shrink the
   heap of the programs after it.  A fresh worker starts while the
   others serve, so recycling costs little; $NVPTX_RPC_WARM_PROGRAMS
   changes it, for measuring.  */
#define PROGRAMS_PER_WORKER 64

/* Seconds without a program after which a server that a client started
   ends.  */
#define WARM_IDLE_DEFAULT 300
/* Seconds without a program after which a worker leaves, so that an
   idle server holds none of the device: its context, its stack, its
   heap are the device's again, for a plain run beside it or anyone
   else's.  The master starts the workers again for the next client,
   which then waits as long as a plain run's start.
   $NVPTX_RPC_WARM_REST as the server starts changes it (0: never).  */
#define WARM_REST_DEFAULT 5
/* How long a client that started a server waits for its socket, and
   after how long it stops waiting if no server holds the lock.  */
#define WARM_START_WAIT 30
#define WARM_START_GRACE 1

/* --- The socket and its directory ------------------------------------ */

/* Whether PATH is a directory of ours that no one else may enter.  */
static bool
private_dir (const char *path)
{
  struct stat st;

  return lstat (path, &st) == 0 && S_ISDIR (st.st_mode)
	 && st.st_uid == geteuid () && (st.st_mode & 077) == 0;
}

/* The socket's name for DEVICE into ADDR.  With CREATE, make its
   directory if there is none.  False, with errno, when the directory is
   missing or not private.  */
static bool
socket_address (int device, bool create, struct sockaddr_un *addr)
{
  const char *runtime = getenv ("XDG_RUNTIME_DIR");
  char dir[sizeof addr->sun_path - 16];
  int n;

  if (runtime != NULL && runtime[0] == '/')
    n = snprintf (dir, sizeof dir, "%s/nvptx-rpc", runtime);
  else
    n = snprintf (dir, sizeof dir, "/tmp/nvptx-rpc-%u",
		  (unsigned) geteuid ());
  if (n < 0 || (size_t) n >= sizeof dir)
    {
      errno = ENAMETOOLONG;
      return false;
    }
  if (create && mkdir (dir, 0700) != 0 && errno != EEXIST)
    return false;
  if (!private_dir (dir))
    {
      errno = EPERM;
      return false;
    }
  memset (addr, 0, sizeof *addr);
  addr->sun_family = AF_UNIX;
  snprintf (addr->sun_path, sizeof addr->sun_path, "%s/device-%d", dir,
	    device);
  return true;
}

/* Open the lock file of the server whose socket is at ADDR, with
   FLAGS beside O_RDWR: -1 if it cannot be.  A server holds a lock on
   it for its life.  */
static int
open_lock (const struct sockaddr_un *addr, int flags)
{
  char path[sizeof addr->sun_path + 8];

  snprintf (path, sizeof path, "%s.lock", addr->sun_path);
  return open (path, O_RDWR | O_CLOEXEC | O_NOFOLLOW | flags, 0600);
}

/* Whether a server of DEVICE holds its lock: it is starting or
   serving.  */
static bool
server_running (int device)
{
  struct sockaddr_un addr;
  bool held;
  int fd;

  if (!socket_address (device, false, &addr)
      || (fd = open_lock (&addr, 0)) < 0)
    return false;
  held = flock (fd, LOCK_EX | LOCK_NB) != 0;
  close (fd);
  return held;
}

/* Whether the peer of socket FD runs as this user.  */
static bool
peer_is_us (int fd)
{
  struct ucred cred;
  socklen_t len = sizeof cred;

  return getsockopt (fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) == 0
	 && cred.uid == geteuid ();
}

/* The identity of the running executable into R.  */
static void
exe_identity (struct warm_request *r)
{
  struct stat st;

  if (stat ("/proc/self/exe", &st) != 0)
    memset (&st, 0, sizeof st);
  r->exe_dev = st.st_dev;
  r->exe_ino = st.st_ino;
  r->exe_mtime_sec = st.st_mtim.tv_sec;
  r->exe_mtime_nsec = st.st_mtim.tv_nsec;
}

/* Send (SENDING) or receive all SIZE bytes at BUF on the socket FD,
   through EINTR.  False on an error or when the peer has gone.  */
static bool
transfer_all (int fd, void *buf, size_t size, bool sending)
{
  char *p = buf;

  while (size > 0)
    {
      ssize_t n = sending ? send (fd, p, size, MSG_NOSIGNAL)
		  : recv (fd, p, size, 0);

      if (n < 0 && errno == EINTR)
	continue;
      if (n <= 0)
	return false;
      p += n;
      size -= n;
    }
  return true;
}

static bool
write_all (int fd, const void *buf, size_t size)
{
  return transfer_all (fd, (void *) buf, size, true);
}

static bool
read_all (int fd, void *buf, size_t size)
{
  return transfer_all (fd, buf, size, false);
}

/* Send BUF on FD with the descriptors FDS[0..NFDS-1].  */
static bool
send_with_fds (int fd, const void *buf, size_t size, const int *fds,
	       int nfds)
{
  union
  {
    struct cmsghdr h;
    char space[CMSG_SPACE (REQUEST_FDS * sizeof (int))];
  } control;
  struct iovec iov = { (void *) buf, size };
  struct msghdr msg = { 0 };
  struct cmsghdr *c;
  ssize_t n;

  memset (&control, 0, sizeof control);
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  if (nfds > 0)
    {
      msg.msg_control = control.space;
      msg.msg_controllen = CMSG_SPACE (nfds * sizeof (int));
      c = CMSG_FIRSTHDR (&msg);
      c->cmsg_level = SOL_SOCKET;
      c->cmsg_type = SCM_RIGHTS;
      c->cmsg_len = CMSG_LEN (nfds * sizeof (int));
      memcpy (CMSG_DATA (c), fds, nfds * sizeof (int));
    }
  do
    n = sendmsg (fd, &msg, MSG_NOSIGNAL);
  while (n < 0 && errno == EINTR);
  if (n < 0 || (size_t) n != size)
    return false;
  return true;
}

/* Receive up to SIZE bytes from FD into BUF, and up to MAX_FDS
   descriptors into FDS, close-on-exec; *NFDS how many came.  The bytes
   received, 0 at the end, -1 on error.  */
static ssize_t
receive_with_fds (int fd, void *buf, size_t size, int *fds, int max_fds,
		  int *nfds)
{
  union
  {
    struct cmsghdr h;
    char space[CMSG_SPACE (REQUEST_FDS * sizeof (int))];
  } control;
  struct iovec iov = { buf, size };
  struct msghdr msg = { 0 };
  ssize_t n;

  *nfds = 0;
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  msg.msg_control = control.space;
  msg.msg_controllen = sizeof control.space;
  do
    n = recvmsg (fd, &msg, MSG_CMSG_CLOEXEC);
  while (n < 0 && errno == EINTR);
  if (n < 0)
    return -1;
  for (struct cmsghdr *c = CMSG_FIRSTHDR (&msg); c != NULL;
       c = CMSG_NXTHDR (&msg, c))
    if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS)
      {
	int count = (c->cmsg_len - CMSG_LEN (0)) / sizeof (int);
	int got[REQUEST_FDS * 2];

	if (count > (int) (sizeof got / sizeof *got))
	  count = sizeof got / sizeof *got;
	memcpy (got, CMSG_DATA (c), count * sizeof (int));
	for (int i = 0; i < count; i++)
	  if (*nfds < max_fds)
	    fds[(*nfds)++] = got[i];
	  else
	    close (got[i]);
      }
  return n;
}

/* --- The client ---------------------------------------------------------- */

/* A connection to this user's server of DEVICE, or -1.  */
static int
connect_server (int device)
{
  struct sockaddr_un addr;
  int fd;

  if (!socket_address (device, false, &addr))
    return -1;
  fd = socket (AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd >= 0 && (connect (fd, (struct sockaddr *) &addr, sizeof addr) != 0
		  || !peer_is_us (fd)))
    {
      close (fd);
      fd = -1;
    }
  return fd;
}

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
  fd = connect_server (device);
  if (fd < 0 && warm != NULL && strcmp (warm, "start") == 0)
    {
      double start = rpc_launch_now ();

      start_server (device);
      while (fd < 0 && rpc_launch_now () < start + WARM_START_WAIT)
	{
	  struct timespec ts = { 0, 20 * 1000 * 1000 };

	  nanosleep (&ts, NULL);
	  fd = connect_server (device);
	  /* A server that could not start (no driver, no such device)
	     has let its lock go by then: run the program here, with the
	     error a plain run gives.  */
	  if (fd < 0 && rpc_launch_now () > start + WARM_START_GRACE
	      && !server_running (device))
	    break;
	}
    }
  /* No server, or a stale socket of one that is gone: run here.  */
  if (fd < 0)
    return;

  req.magic = WARM_MAGIC;
  req.version = WARM_VERSION;
  exe_identity (&req);
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
      || !send_with_fds (fd, &req, sizeof req, fds, REQUEST_FDS)
      || !write_all (fd, strings, size))
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

  if (!read_all (fd, &reply, sizeof reply))
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

/* --- A worker -------------------------------------------------------------- */

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
  if (!send_with_fds (worker.control, &kind, 1, &fd, fd >= 0 ? 1 : 0))
    /* The master is gone: so is the server.  */
    _exit (0);
}

/* The master's next message.  */
static char
hear_master (void)
{
  char kind;

  if (!read_all (worker.control, &kind, 1))
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

static void
reply_to (int conn, uint32_t kind, int32_t value)
{
  struct warm_reply r = { kind, value };

  write_all (conn, &r, sizeof r);
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

  n = receive_with_fds (conn, &req, sizeof req, fds, REQUEST_FDS, &nfds);
  if (n > 0 && (size_t) n < sizeof req)
    n = read_all (conn, (char *) &req + n, sizeof req - n)
	? (ssize_t) sizeof req : -1;
  exe_identity (&self);
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
      || !read_all (conn, strings, req.strings_size)
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
      reply_to (conn, REPLY_FALLBACK, 0);
    }
  else
    reply_to (conn, REPLY_EXIT, status);
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
  reply_to (conn, REPLY_FALLBACK, 0);
  return true;
}

/* CONTROL_READY, with how many workers the server runs.  */
static void
tell_ready (int workers)
{
  unsigned char message[2] = { CONTROL_READY, workers };

  if (!send_with_fds (worker.control, message, sizeof message, NULL, 0))
    _exit (0);
}

/* A worker of a server of WORKERS, or with AT_MOST of at most that many
   (the first, which says how many).  */
static void __attribute__ ((noreturn))
worker_main (int device, int workers, bool at_most,
	     const struct warm_launcher *l)
{
  static const int defaults[] = { SIGTERM, SIGINT, SIGHUP, SIGCHLD };
  const char *programs = getenv ("NVPTX_RPC_WARM_PROGRAMS");
  sigset_t none;

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
      if (!peer_is_us (conn))
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

/* --- The master ------------------------------------------------------------ */

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
  /* Until worker_main has put back the default actions, a SIGTERM would
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
      worker.control = pair[1];
      worker_main (device, n_slots, sizing, l);
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
    reply_to (s->conn, REPLY_SIGNAL, WTERMSIG (status));
  else
    reply_to (s->conn, REPLY_EXIT, WEXITSTATUS (status));
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
  ssize_t n = receive_with_fds (s->control, message, sizeof message, &fd, 1,
				&nfds);

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

/* Remove the socket at ADDR, unless a server that replaced ours (MINE)
   has it now.  */
static void
leave_socket (const struct sockaddr_un *addr, const struct stat *mine)
{
  struct stat st;

  if (stat (addr->sun_path, &st) == 0 && st.st_ino == mine->st_ino
      && st.st_dev == mine->st_dev)
    unlink (addr->sun_path);
}

/* Tell the clients that wait on LISTEN_FD for a worker, now that there
   is none, to run their programs themselves: nothing of theirs has
   run.  */
static void
turn_away_waiting (int listen_fd)
{
  int conn;

  while ((conn = accept4 (listen_fd, NULL, NULL, SOCK_CLOEXEC)) >= 0)
    {
      reply_to (conn, REPLY_FALLBACK, 0);
      close (conn);
    }
}

int
warm_serve (int device, int workers, int idle_seconds, int memory_wait,
	    const struct warm_launcher *l)
{
  struct sockaddr_un addr;
  struct sigaction sa;
  struct stat mine, st;
  struct pollfd *p;
  int listen_fd, timeout, status = 0;
  double quiet_until = 0;
  bool announced = false, any_idle;
  const char *rest;

  memory_wait_seconds = memory_wait;
  sizing = workers == 0;
  if (sizing)
    {
      long cores = sysconf (_SC_NPROCESSORS_ONLN);

      workers = cores < 1 ? 1 : cores > WARM_WORKERS_DEFAULT_MAX
		? WARM_WORKERS_DEFAULT_MAX : cores;
    }
  if (!socket_address (device, true, &addr))
    rpc_launch_fatal ("warm server: no private directory for the socket "
		      "(it must be the user's, mode 0700): %s",
		      strerror (errno));

  /* A server already there keeps it; a stale socket, whose server is
     gone, is replaced.  */
  lock_fd = open_lock (&addr, O_CREAT);
  if (lock_fd < 0)
    rpc_launch_fatal ("warm server: cannot open %s.lock: %s", addr.sun_path,
		      strerror (errno));
  if (flock (lock_fd, LOCK_EX | LOCK_NB) != 0)
    rpc_launch_fatal ("a warm server already serves device %d at %s", device,
		      addr.sun_path);
  if (lstat (addr.sun_path, &st) == 0)
    {
      if (!S_ISSOCK (st.st_mode))
	rpc_launch_fatal ("warm server: %s is not a socket", addr.sun_path);
      unlink (addr.sun_path);
    }
  listen_fd = socket (AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  if (listen_fd < 0
      || bind (listen_fd, (struct sockaddr *) &addr, sizeof addr) != 0
      || chmod (addr.sun_path, 0600) != 0 || listen (listen_fd, 256) != 0
      || stat (addr.sun_path, &mine) != 0)
    rpc_launch_fatal ("warm server: cannot listen at %s: %s", addr.sun_path,
		      strerror (errno));
  worker.listen_fd = listen_fd;

  if (pipe2 (signal_pipe, O_CLOEXEC | O_NONBLOCK) != 0)
    rpc_launch_fatal ("warm server: pipe: %s", strerror (errno));
  memset (&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sa.sa_flags = SA_RESTART;
  sigaction (SIGTERM, &sa, NULL);
  sigaction (SIGINT, &sa, NULL);
  sigaction (SIGHUP, &sa, NULL);
  sigaction (SIGCHLD, &sa, NULL);

  rest = getenv ("NVPTX_RPC_WARM_REST");
  worker.rest_ms = (rest != NULL ? atoi (rest) : WARM_REST_DEFAULT) * 1000;
  if (worker.rest_ms <= 0)
    worker.rest_ms = -1;
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
		   "%d worker%s\n", rpc_launch_name, device, addr.sun_path,
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
	      leave_socket (&addr, &mine);
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
	  struct slot *s = &slots[i];
	  int wstatus;

	  if (s->pid == 0 || !p[i].revents || hear_worker (s, device, l))
	    continue;
	  /* Its end of the pair closed: it has exited.  */
	  while (waitpid (s->pid, &wstatus, 0) < 0 && errno == EINTR)
	    ;
	  report_end (s, wstatus);
	  close (s->control);
	  s->pid = 0;
	  s->wants = s->told = 0;
	  s->paused = false;
	  if (!s->ready)
	    {
	      /* It could not start (no driver, no such device): neither
		 will the next.  Its message is on our stderr.  */
	      stopping = 1;
	      status = 127;
	      break;
	    }
	  /* While a program wants the memory, no worker starts, nor one
	     that left idle until a client comes.  */
	  if (i == memory_for)
	    memory_returned (device, l);
	  else if (memory_for < 0 && !s->idle)
	    start_worker (i, device, l);
	}
      arrange_memory ();
    }

  leave_socket (&addr, &mine);
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
  return status;
}
