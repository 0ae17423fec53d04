/* nvptx-rpc server: serves a GPU program's requests on the host.
   No CUDA here: the launcher hands it the host view of the mailbox, and
   the CI tests hand it ordinary memory shared with a client thread.  */

#ifndef RPC_SERVER_H
#define RPC_SERVER_H

#include <stdbool.h>
#include <stdio.h>
#include "nvptx-rpc.h"

struct rpc_server;

/* Initialize MAILBOX (magic, version, window size, sequence words) and
   return a server for it.  Guest fds 0, 1 and 2 are the host's.  When
   TRACE is not NULL, each completed call is printed there, strace-style.
   Returns NULL (errno set) when out of memory.  */
struct rpc_server *rpc_server_new (struct nvptx_rpc_mailbox *mailbox,
				   uint32_t window_size, FILE *trace);

/* Serve the pending request, if there is one.  Returns true if it served
   one, false if none was pending.  Never blocks waiting for a request;
   it may block in the host call it makes (a read from a terminal).  */
bool rpc_server_poll (struct rpc_server *server);

/* Close every guest fd the program left open (except 0, 1, 2) and free
   SERVER.  */
void rpc_server_free (struct rpc_server *server);

#endif /* RPC_SERVER_H */
