/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The CI half of the differential tests: a GPU test program's main, built
   for the host with its syscalls renamed to the client's (client-names.h,
   -Dmain=gpu_main), run against the real server in a thread, the window
   size taken from $NVPTX_RPC_WINDOW, with DMA (host-device.c's) unless
   $NVPTX_RPC_DIRECT is 0.  differential.sh compares what it does with
   the same program built natively.  */

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host-device.h"
#include "rpc.h"
#include "rpc-server.h"

int gpu_main (int argc, char **argv);

static atomic_bool stop;

static void *
serve (void *server)
{
  while (!atomic_load (&stop))
    if (!rpc_server_poll (server))
      sched_yield ();
  return NULL;
}

/* The launcher looks at the kernel while a call waits (a lock another
   process holds); here there is nothing to look at, but the server waits
   the launcher's way.  */
static void
keep_waiting (void *context)
{
  (void) context;
}

int
main (int argc, char **argv)
{
  const char *w = getenv ("NVPTX_RPC_WINDOW");
  const char *d = getenv ("NVPTX_RPC_DIRECT");
  uint32_t window = w ? (uint32_t) atoi (w) : NVPTX_RPC_WINDOW_DEFAULT;
  bool direct = !d || strcmp (d, "0") != 0;
  void *mailbox;
  pthread_t thread;

  if (posix_memalign (&mailbox, 64, NVPTX_RPC_MAILBOX_SIZE (window)))
    return 127;
  struct rpc_server *server
    = rpc_server_new (mailbox, window, NULL,
		      direct ? host_device_begin (HOST_DEVICE_STAGING) : NULL);
  if (server == NULL)
    return 127;
  rpc_server_set_wait_hook (server, keep_waiting, NULL);
  /* The program is one thread, as under nvptx-none-run: the client
     takes no locks.  */
  __nvptx_rpc_link = (struct nvptx_rpc_link) {
    NVPTX_RPC_VERSION, window, (uintptr_t) mailbox,
    ((struct nvptx_rpc_mailbox *) mailbox)->features
    | NVPTX_RPC_FEATURE_ONE_THREAD };
  pthread_create (&thread, NULL, serve, server);

  int status = gpu_main (argc, argv);

  fflush (NULL);
  atomic_store (&stop, true);
  pthread_join (thread, NULL);
  rpc_server_free (server);
  if (direct)
    host_device_end ();
  free (mailbox);
  return status;
}
