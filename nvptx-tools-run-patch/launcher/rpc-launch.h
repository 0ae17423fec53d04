/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* nvptx-rpc in a launcher: serve the system calls of the program a
   launcher runs with cuLaunchKernel, while its kernel runs.

   One file for every launcher that embeds the server: nvptx-rpc's own
   and nvptx-tools' nvptx-run, patched.  The launcher parses the options
   below with its own, calls rpc_launch_init first thing,
   rpc_launch_start once the program's module is loaded, launches the
   kernel on rpc_launch_stream, calls rpc_launch_serve instead of waiting
   for the kernel, and rpc_launch_stop once it has the program's result.
   Errors end the launcher as nvptx-run's own do: "nvptx-run: ..." on
   stderr, status 127.

   The launcher reaches the CUDA driver its own way (dlopen, or linked),
   so it hands the functions used here over in a struct rpc_launch_cuda.
   The CUDA types come from the same cuda.h as the launcher's: with
   nvptx-tools' convention, the CUDA toolkit's <cuda.h> when
   NVPTX_RUN_INCLUDE_SYSTEM_CUDA_H is defined, else the subset nvptx-tools
   ships as include/cuda/cuda.h.

   The header is C and C++ (nvptx-run is C++); rpc-launch.c is C.  */

#ifndef RPC_LAUNCH_H
#define RPC_LAUNCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef NVPTX_RUN_INCLUDE_SYSTEM_CUDA_H
# include <cuda.h>
#else
# include "cuda/cuda.h"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Every driver function used here.  cuda.h #defines several names to
   versioned entry points (cuMemcpyDtoH to cuMemcpyDtoH_v2, ...); the
   fields are named, and typed, as those.  */
#define RPC_LAUNCH_CUDA_FUNCTIONS(F)		\
  F (cuGetErrorName)				\
  F (cuGetErrorString)				\
  F (cuModuleGetGlobal)				\
  F (cuModuleLoadData)				\
  F (cuModuleGetFunction)			\
  F (cuModuleUnload)				\
  F (cuLaunchKernel)				\
  F (cuMemcpyDtoH)				\
  F (cuMemcpyHtoD)				\
  F (cuMemcpyDtoHAsync)				\
  F (cuMemcpyHtoDAsync)				\
  F (cuMemGetAddressRange)			\
  F (cuMemHostAlloc)				\
  F (cuMemHostGetDevicePointer)			\
  F (cuMemFreeHost)				\
  F (cuStreamCreate)				\
  F (cuStreamQuery)				\
  F (cuStreamSynchronize)			\
  F (cuStreamDestroy)

/* The launcher's pointers to those functions.  cuGetErrorName and
   cuGetErrorString may be NULL (drivers before CUDA 6).  In C++ a field
   typed after the function of its own name must name the function as
   ::fn, or the name changes meaning inside the struct.  */
#ifdef __cplusplus
# define RPC_LAUNCH_CUDA_FIELD(fn) __typeof (::fn) *fn;
#else
# define RPC_LAUNCH_CUDA_FIELD(fn) __typeof (fn) *fn;
#endif
struct rpc_launch_cuda
{
  RPC_LAUNCH_CUDA_FUNCTIONS (RPC_LAUNCH_CUDA_FIELD)
#undef RPC_LAUNCH_CUDA_FIELD
};

/* What the launcher's options ask of the server.  */
struct rpc_launch_options
{
  uint32_t window;		/* Bytes of the mailbox's data window.  */
  FILE *trace;			/* Each system call is printed there.  */
  double timeout;		/* Seconds the kernel may run; 0: no limit.  */
  /* Confinement (nvptx-rpc's docs/security.md).  */
  const char *sandbox_dir;
  bool read_only;
  bool empty_environment;
  const char **env_settings;	/* --env's arguments, in order.  */
  size_t env_count;
  /* The launcher runs the kernel as a single thread: the program need
     not lock (NVPTX_RPC_FEATURE_ONE_THREAD).  */
  bool one_thread;
  /* The next program in this context must not find this one's data on
     the heap: ask its free to zero each block
     (NVPTX_RPC_FEATURE_ZERO_FREED).  */
  bool zero_freed;
};

/* The options' codes, for getopt_long: above any character, so that
   they add to a launcher's short options.  */
enum
{
  RPC_LAUNCH_OPT_WINDOW = 256,
  RPC_LAUNCH_OPT_TRACE,
  RPC_LAUNCH_OPT_TIMEOUT,
  RPC_LAUNCH_OPT_SANDBOX,
  RPC_LAUNCH_OPT_READ_ONLY,
  RPC_LAUNCH_OPT_ENV,
  RPC_LAUNCH_OPT_NO_ENV
};

/* Their entries in the launcher's struct option array (<getopt.h>).  */
#define RPC_LAUNCH_LONG_OPTIONS						\
  { "window", required_argument, 0, RPC_LAUNCH_OPT_WINDOW },		\
  { "trace", no_argument, 0, RPC_LAUNCH_OPT_TRACE },			\
  { "timeout", required_argument, 0, RPC_LAUNCH_OPT_TIMEOUT },		\
  { "sandbox", required_argument, 0, RPC_LAUNCH_OPT_SANDBOX },		\
  { "read-only", no_argument, 0, RPC_LAUNCH_OPT_READ_ONLY },		\
  { "env", required_argument, 0, RPC_LAUNCH_OPT_ENV },			\
  { "no-env", no_argument, 0, RPC_LAUNCH_OPT_NO_ENV }

/* Their lines in the launcher's --help, each ending in a newline.  */
const char *rpc_launch_help (void);

/* Set OPTIONS to the defaults, and the timeout from
   $NVPTX_RPC_TIMEOUT.  */
void rpc_launch_defaults (struct rpc_launch_options *options);

/* First thing in a launcher's main: rpc_launch_defaults, and make fds 0,
   1 and 2, which the program inherits, open files before the driver
   opens any; ignore SIGPIPE, so that a write to a pipe without a reader
   fails with EPIPE in the program rather than ending the launcher.  */
void rpc_launch_init (struct rpc_launch_options *options);

/* If CODE, from getopt_long, is one of the options above, apply it and
   its argument ARG to OPTIONS and return true; else return false.  */
bool rpc_launch_option (struct rpc_launch_options *options, int code,
			const char *arg);

struct rpc_launch;

/* Once the program is loaded as MODULE, in the current context: if it
   speaks nvptx-rpc, give it a mailbox and a server confined as OPTIONS
   say (a program built without nvptx-rpc runs as under the stock
   launcher).  CUDA and OPTIONS must outlive the result.  */
struct rpc_launch *rpc_launch_attach (const struct rpc_launch_cuda *cuda,
				      CUmodule module,
				      const struct rpc_launch_options *options);

/* Whether LAUNCH's program speaks nvptx-rpc, and so has a server.  */
bool rpc_launch_attached (const struct rpc_launch *launch);

/* Whether LAUNCH's program zeroes the blocks it frees, as its options'
   zero_freed asked (a program built with a libc that cannot, or without
   nvptx-rpc, does not).  */
bool rpc_launch_zeroes_freed (const struct rpc_launch *launch);

/* rpc_launch_attach, and make the stream the program's kernel is to run
   on.  */
struct rpc_launch *rpc_launch_start (const struct rpc_launch_cuda *cuda,
				     CUmodule module,
				     const struct rpc_launch_options *options);

/* The stream to launch the kernel on: one that neither waits for nor
   holds up the server's copies, so that they run while the kernel
   does.  */
CUstream rpc_launch_stream (const struct rpc_launch *launch);

/* Once the kernel is launched: serve the program's requests until the
   kernel has finished.  When it fails, or runs longer than the timeout,
   close the program's files, flush what it wrote and end the launcher
   (status 127, or 124 for the timeout, as timeout(1)).  */
void rpc_launch_serve (struct rpc_launch *launch);

/* Serve the program's pending request, if there is one: whether there
   was.  Never waits for a request; for a kernel that runs on
   rpc_launch_stream, rpc_launch_serve does all of it.  */
bool rpc_launch_poll (struct rpc_launch *launch);

/* For a loop that polls: tell the CPU it spins, which on x86 saves power
   and frees the core's resources for a sibling hyperthread.  */
static inline void
rpc_launch_cpu_relax (void)
{
#if defined (__x86_64__) || defined (__i386__)
  __builtin_ia32_pause ();
#endif
}

/* Seconds on the monotonic clock, for deadlines and measurements.  */
double rpc_launch_now (void);

/* The name that begins each error message: "nvptx-run" by default.  */
extern const char *rpc_launch_name;

/* Print rpc_launch_name, ": " and the message on stderr and end the
   process with status 127, as the launcher's own errors do.  */
void rpc_launch_fatal (const char *fmt, ...)
  __attribute__ ((noreturn, format (printf, 1, 2)));

/* Close the files the program left open, free what rpc_launch_attach or
   rpc_launch_start made, and LAUNCH.  */
void rpc_launch_stop (struct rpc_launch *launch);

#ifdef __cplusplus
}
#endif

#endif /* RPC_LAUNCH_H */
