/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* nvptx-rpc for host programs that load GPU code themselves: serve the
   system calls of the nvptx-rpc programs in the CUDA modules they load,
   from a thread of this library, while their kernels run.

   Programs built with gcc -fopenmp or -fopenacc and -foffload=nvptx-none
   need none of this: nvptx-rpc-offload runs them with libgomp's modules
   attached (docs/offload.md).  A program that drives the CUDA driver
   itself links with -lnvptx-rpc-host and calls, in order:

     cuModuleLoadData (&module, image);
     nvptx_rpc_host_attach (module);
     ... launch kernels of MODULE, wait for them as it likes ...
     nvptx_rpc_host_detach (module);
     cuModuleUnload (module);
     nvptx_rpc_host_stop ();

   Options are the launcher's, from $NVPTX_RPC_OPTIONS, one a line:
   --window=N, --trace, --sandbox=DIR, --read-only, --env=NAME[=VALUE],
   --no-env.  Errors end the process, with a message on stderr and
   status 127, as the launcher's do.  */

#ifndef NVPTX_RPC_HOST_H
#define NVPTX_RPC_HOST_H

#include <cuda.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Start the thread that serves every attached module, as the first
   module attached does.  Nothing it does waits for a kernel: the copies
   it makes run on a stream of its own.  Calling it again does nothing.  */
void nvptx_rpc_host_start (void);

/* If MODULE, loaded in the current context, was built with nvptx-rpc,
   give it a mailbox, which the thread serves from now on (started if it
   was not), and return 1;
   else return 0 and leave it as it is (its calls fail with ENOSYS).
   Before the first kernel of MODULE runs.  */
int nvptx_rpc_host_attach (CUmodule module);

/* Stop serving MODULE, once its kernels are done: serve what it left
   pending and close the files it left open.  Before unloading it.
   Nothing for a module not attached.  */
void nvptx_rpc_host_detach (CUmodule module);

/* nvptx_rpc_host_detach for every module attached in CONTEXT: before
   destroying it.  */
void nvptx_rpc_host_detach_context (CUcontext context);

/* Detach every module and stop the thread.  At exit, the library does
   it itself.  */
void nvptx_rpc_host_stop (void);

#ifdef __cplusplus
}
#endif

#endif /* NVPTX_RPC_HOST_H */
