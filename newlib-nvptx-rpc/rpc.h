/* Client side of nvptx-rpc: the mechanism every syscall in this directory
   goes through.  See nvptx-rpc.h for the protocol.  */

#ifndef _NVPTX_RPC_CLIENT_H
#define _NVPTX_RPC_CLIENT_H

#include <stddef.h>
#include <stdbool.h>
#include "nvptx-rpc.h"

/* Filled in by the launcher; mailbox stays 0 under a launcher that does
   not speak nvptx-rpc, and each syscall then does what newlib's nvptx
   port always did.  */
extern struct nvptx_rpc_link __nvptx_rpc_link;

static inline bool
__nvptx_rpc_available (void)
{
  return __nvptx_rpc_link.mailbox != 0;
}

/* One POSIX call as the host will make it.  OUT is sent and IN is
   received through the window, in window-sized pieces.  */
struct __nvptx_rpc_call
{
  enum nvptx_rpc_opcode opcode;
  int64_t arg[4];
  /* Each piece a request of its own, whose results add up (read, write);
     otherwise OUT is one argument block, such as two paths, put back
     together by the host, and IN receives the one reply's window.  */
  bool stream;
  struct
  {
    const void *base;
    size_t length;
  } out[2];
  void *in;
  size_t in_length;		/* Room in IN; on return, bytes received.  */
};

/* Make CALL, holding the client lock throughout, so that GPU threads
   calling at once take turns.  Returns the call's result; on -1, errno is
   set from the reply.  */
long long __nvptx_rpc_call (struct __nvptx_rpc_call *call);

/* Protocol values for this C library's open flags.  */
uint32_t __nvptx_rpc_oflags (int flags);

struct stat;
/* This C library's struct stat from the one that travelled.  */
void __nvptx_rpc_stat_from_wire (struct stat *st,
				 const struct nvptx_rpc_stat *wire);

#endif /* _NVPTX_RPC_CLIENT_H */
