/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* nvptx-rpc server: serves a GPU program's requests on the host.
   No CUDA here: the launcher hands it the host view of the mailbox, and
   the CI tests hand it ordinary memory shared with a client thread.  */

#ifndef RPC_SERVER_H
#define RPC_SERVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "nvptx-rpc.h"

struct rpc_server;

/* How the server reaches the program's memory for NVPTX_RPC_DIRECT
   transfers: copies between device addresses and two host staging
   buffers, each started, then waited for, so that the server's read or
   write of one buffer overlaps the copy of the other.  The launcher's
   are DMA on a stream of their own; the tests' are memcpy.  The server
   starts a copy only after the last one was waited for, and never
   returns with one running.  */
struct rpc_device_copy
{
  void *context;		/* Passed to each function.  */
  /* Whether copies can reach all COUNT bytes at device address ADDRESS,
     a range that does not wrap around.  Asked before any I/O, so that a
     refused transfer has done nothing; it may set up what the copies
     need (the launcher allocates the staging buffers on first use).  */
  bool (*reachable) (void *context, uint64_t address, size_t count);
  /* Start copying COUNT bytes from device address FROM to HOST, or from
     HOST to device address TO.  0, or -1 when the copy cannot start.  */
  int (*start_to_host) (void *context, void *host, uint64_t from,
			size_t count);
  int (*start_to_device) (void *context, uint64_t to, const void *host,
			  size_t count);
  /* Wait until the copy started last has ended: 0, or -1 if it failed.  */
  int (*wait) (void *context);
  /* Two host buffers of STAGING_SIZE bytes each (page-locked, for the
     launcher's DMA), the only host memory the copies use; in place once
     reachable has said yes.  */
  void *staging[2];
  size_t staging_size;
};

/* Initialize MAILBOX (magic, version, window size, features, sequence
   words) and return a server for it.  Guest fds 0, 1 and 2 are the host's.
   When TRACE is not NULL, each completed call is printed there,
   strace-style.  DEVICE, when not NULL, serves NVPTX_RPC_DIRECT (the
   mailbox then offers NVPTX_RPC_FEATURE_DIRECT); it must outlive the
   server.  Returns NULL (errno set) when out of memory.  */
struct rpc_server *rpc_server_new (struct nvptx_rpc_mailbox *mailbox,
				   uint32_t window_size, FILE *trace,
				   const struct rpc_device_copy *device);

/* Serve the pending request, if there is one.  Returns true if it served
   one, false if none was pending.  Never blocks waiting for a request;
   it may block in the host call it makes (a read from a terminal).  */
bool rpc_server_poll (struct rpc_server *server);

/* Close every guest fd the program left open (except 0, 1, 2) and free
   SERVER.  */
void rpc_server_free (struct rpc_server *server);

/* Confine the program of SERVER, before its first request
   (docs/security.md).  With SANDBOX_DIR, every path it names resolves
   beneath that directory (absolute paths too, when they name a place
   there; anything else gets EACCES), and its working directory is its
   own: the launcher's if that is beneath SANDBOX_DIR, else SANDBOX_DIR.
   A descriptor it holds of a file it did not open beneath SANDBOX_DIR
   (0, 1 and 2, /dev/null, any opened before) may be read and written,
   but its file not otherwise changed (EACCES).  With READ_ONLY, every call that would change the file system gets
   EROFS; the inherited fds 0, 1 and 2 stay writable.  Without either,
   the program reaches what the launcher's user may, but for the
   launcher's own memory, descriptors and environment through /proc,
   which are refused in every mode.  Returns 0, or -1 with errno: ENOSYS
   when the kernel lacks openat2 or /proc, or the error opening
   SANDBOX_DIR.  */
int rpc_server_confine (struct rpc_server *server, const char *sandbox_dir,
			bool read_only);

/* The environment the program gets (ENVIRON), instead of a snapshot of
   the launcher's: the launcher's environment when INHERIT, else none,
   then each of the COUNT SETTINGS in order: "NAME=VALUE" sets NAME,
   "NAME" gives it the launcher's value, or removes it when the launcher
   has none.  Returns 0, or -1 with errno: EINVAL for a setting without
   a name, ENOMEM.  */
int rpc_server_set_environment (struct rpc_server *server, bool inherit,
				const char *const *settings, size_t count);

/* Have the server call WHILE_WAITING (CONTEXT) every 100 ms while a
   call waits on a pipe or a terminal (a read with no input yet, a write
   to a full pipe), so that the launcher notices a failed kernel or its
   time limit meanwhile, and the same while an open of a FIFO waits for
   its peer and while a lock waits for another process's (F_SETLKW,
   flock); WHILE_WAITING may end the process.  */
void rpc_server_set_wait_hook (struct rpc_server *server,
			       void (*while_waiting) (void *context),
			       void *context);

#endif /* RPC_SERVER_H */
