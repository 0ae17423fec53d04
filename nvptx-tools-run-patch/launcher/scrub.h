/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* A warm worker's context after a program: nothing the program left on
   the device heap is handed to the next one (scrub.c).  */

#ifndef SCRUB_H
#define SCRUB_H

#include <stdbool.h>
#include <stddef.h>

#ifdef NVPTX_RUN_INCLUDE_SYSTEM_CUDA_H
#include <cuda.h>
#else
#include "cuda/cuda.h"
#endif

/* The driver's functions the scrub calls.  */
struct scrub_cuda
{
  __typeof (cuModuleLoadData) *cuModuleLoadData;
  __typeof (cuModuleGetFunction) *cuModuleGetFunction;
  __typeof (cuMemAlloc) *cuMemAlloc;
  __typeof (cuMemcpyDtoH) *cuMemcpyDtoH;
  __typeof (cuLaunchKernel) *cuLaunchKernel;
  __typeof (cuStreamSynchronize) *cuStreamSynchronize;
};

struct scrub;

/* In the current context, of a device that holds DEVICE_THREADS
   threads at once: load the scrub's kernels.  NULL if they cannot be.  */
struct scrub *scrub_new (const struct scrub_cuda *cuda,
			 size_t device_threads);

/* After a program, in the context S was made in: zero the free memory
   of the device heap of HEAP_SIZE bytes; *HEAP_FREE the heap's bytes
   that were free.  False if that could not be done, or not all of it:
   the context may then hold the program's data.  */
bool scrub_device (struct scrub *s, size_t heap_size, size_t *heap_free);

#endif /* SCRUB_H */
