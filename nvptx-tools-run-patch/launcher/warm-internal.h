/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* What the parts of the warm launcher (warm.h) share: the messages on
   its sockets, and the functions one part offers the others, each named
   warm_*.  Private to the warm launcher; warm.h is its interface.

   The warm launcher is the server, its workers, and the client side
   that nvptx-none-run tries before starting the driver itself, each in
   processes of its own, and a part each, so that each file's state is
   that of one kind of process:
     warm-socket.c  the socket: its directory, the lock beside it,
		    listening and connecting, and the transfers on a
		    socket, which every side makes
     warm-client.c  the client: nvptx-none-run sending its program
     warm-worker.c  a worker: one context, running the programs sent
     warm-master.c  the master: --serve, which starts the workers and
		    watches them

   The server is a master process that listens on a unix socket,
   DIR/device-N, DIR being $XDG_RUNTIME_DIR/nvptx-rpc, else
   /tmp/nvptx-rpc-UID: a directory of the user's own, mode 0700, which
   both sides check, so that no other user can connect, nor plant a
   socket that would receive the user's descriptors.  The master forks
   the workers and never loads the driver; each worker makes its own
   context and accept()s on the shared socket, so the kernel gives each
   connection to one idle worker, and the loading and JIT of several
   programs run at once on the host's cores.

   The protocol, on the connection: the client sends a struct
   warm_request with its descriptors 0, 1, 2 and its working directory
   (SCM_RIGHTS), then its arguments and environment, NUL-separated; the
   reply is one struct warm_reply.  Between a worker and the master, on
   a SOCK_SEQPACKET pair, one byte each, as enum control says, but for
   CONTROL_READY's second: how many workers the server runs.

   Each includes this header after defining _GNU_SOURCE.  */

#ifndef WARM_INTERNAL_H
#define WARM_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/un.h>

#include "warm.h"

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

/* warm-socket.c: the socket, and the transfers on it.  */
bool warm_socket_address (int device, bool create, struct sockaddr_un *addr);
int warm_open_lock (const struct sockaddr_un *addr, int flags);
bool warm_server_running (int device);
bool warm_peer_is_us (int fd);
int warm_connect (int device);
int warm_listen (int device, struct sockaddr_un *addr, struct stat *mine,
		 int *lock_fd);
void warm_leave_socket (const struct sockaddr_un *addr,
			const struct stat *mine);
void warm_exe_identity (struct warm_request *r);
bool warm_write_all (int fd, const void *buf, size_t size);
bool warm_read_all (int fd, void *buf, size_t size);
bool warm_send_with_fds (int fd, const void *buf, size_t size,
			 const int *fds, int nfds);
ssize_t warm_receive_with_fds (int fd, void *buf, size_t size, int *fds,
			       int max_fds, int *nfds);
void warm_reply_to (int conn, uint32_t kind, int32_t value);

/* warm-worker.c: what a worker the master forks runs; never returns.  */
void warm_worker (int device, int workers, bool at_most, int listen_fd,
		  int control, int rest_ms, const struct warm_launcher *l)
  __attribute__ ((noreturn));

#endif /* WARM_INTERNAL_H */
