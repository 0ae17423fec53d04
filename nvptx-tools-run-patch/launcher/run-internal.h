/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* What the parts of the launcher share: the driver's function table,
   the device and the context, and the functions and state one part
   offers the others.  Private to nvptx-none-run.

   The launcher is a part each for the driver, the stack and the run,
   so that each file reads top to bottom:
     run-driver.c  libcuda.so.1 and its function table, the device and
		   the context, the program JIT-linked (and a warm
		   worker's cache of images) and its arguments
     run-stack.c   the waits for device memory, and the context's stack
		   limit, from the device and from the program's frames
     run.c         main, the options, the run, its phases, and the
		   hooks a warm server's worker calls (warm.h)  */

#ifndef RUN_INTERNAL_H
#define RUN_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

/* For types and prototypes only: libcuda.so.1 is opened at run time, so
   that the launcher builds, and answers --help, without the driver.  */
#include <cuda.h>

#include "rpc-launch.h"

/* Every driver function the launcher calls, itself or through
   rpc-launch.c (RPC_LAUNCH_CUDA_FUNCTIONS).  cuda.h #defines many of the
   names to versioned entry points (cuMemAlloc to cuMemAlloc_v2, ...), and
   the argument is macro-expanded before it reaches CUDA_FIELD or
   CUDA_LOOKUP, so the table holds, and dlsym looks up, the entry point
   that matches the prototype we compile against.  */
#define CUDA_FUNCTIONS(F)			\
  F (cuInit)					\
  F (cuDeviceGetCount)				\
  F (cuDeviceGet)				\
  F (cuDeviceGetAttribute)			\
  F (cuCtxCreate)				\
  F (cuCtxDestroy)				\
  F (cuCtxSetLimit)				\
  F (cuCtxGetLimit)				\
  F (cuGetErrorName)				\
  F (cuGetErrorString)				\
  F (cuMemGetInfo)				\
  F (cuMemAlloc)				\
  F (cuMemFree)					\
  F (cuMemGetAddressRange)			\
  F (cuMemcpyHtoD)				\
  F (cuMemcpyDtoH)				\
  F (cuMemcpyHtoDAsync)				\
  F (cuMemcpyDtoHAsync)				\
  F (cuMemHostAlloc)				\
  F (cuMemHostGetDevicePointer)			\
  F (cuMemFreeHost)				\
  F (cuLinkCreate)				\
  F (cuLinkAddData)				\
  F (cuLinkComplete)				\
  F (cuLinkDestroy)				\
  F (cuModuleLoadData)				\
  F (cuModuleGetFunction)			\
  F (cuModuleGetGlobal)				\
  F (cuModuleUnload)				\
  F (cuStreamCreate)				\
  F (cuStreamQuery)				\
  F (cuStreamSynchronize)			\
  F (cuStreamDestroy)				\
  F (cuLaunchKernel)


#define CUDA_FIELD(fn) __typeof (fn) *fn;
struct run_cuda_functions
{
  CUDA_FUNCTIONS (CUDA_FIELD)
};
#undef CUDA_FIELD

/* The kernel that crt0 defines and the launcher starts.  */
#define KERNEL "__main"

/* What a context itself takes of the device's memory, with room.  */
#define CONTEXT_RESERVE ((size_t) 1 << 30)

/* run-driver.c: the driver, the device and the context, the program.  */
extern struct run_cuda_functions cuda;
extern struct rpc_launch_cuda rpc_cuda;
extern CUdevice dev;
extern CUcontext ctx;
extern size_t jitopt_lineinfo, jitopt_debuginfo, jitopt_optimize;
const char *error_name (CUresult r);
void fatal_unless_success (CUresult r, const char *msg);
void start_cuda (int device);
void compile_program (const char *program, size_t len, bool cache,
		      CUmodule *module, CUfunction *kernel);
CUdeviceptr copy_argv_to_device (int argc, char **argv);
void set_program_name (CUmodule module, int argc, char **argv,
		       CUdeviceptr d_argv);

/* run-stack.c: memory and the stack.  */
extern size_t context_stack_size, warm_first_stack, warm_stack_share;
int memory_wait_seconds (void);
bool memory_wait (CUresult r);
size_t device_threads (CUdevice dev);
size_t default_stack_size (CUdevice dev, size_t mem, long heap_size);
void memory_info (size_t *free_bytes, size_t *total);
size_t device_memory (void);
size_t memory_alone (void);
CUresult set_stack (size_t size);
long set_stack_limit (const char *program, size_t program_len,
		      long stack_size, long heap_size);

/* run.c: whether this process is a warm server's worker.  */
extern bool is_warm_worker;

#endif /* RUN_INTERNAL_H */
