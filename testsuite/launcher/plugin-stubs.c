/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The entry points that libgomp's real nvptx plugin requires of the
   driver and the stand-in (fake-libcuda.c) lacks, for
   gomp-plugins-check.sh: the plugin looks up every one at start and
   gives up on the device if one is missing.  Loading and unloading an
   image needs only the few that answer below; the others say they are
   not supported, on stderr too, so that a check would show a call it
   did not expect.  The stand-in's cuDeviceGetAttribute, which knows
   only what the launcher asks, is compiled under another name: the
   plugin asks for more.  Built without cuda.h, whose prototypes some of
   these plain ones would contradict; the ABI is what matters.  */

#include <stdio.h>

typedef int CUresult;
#define CUDA_SUCCESS 0
#define CUDA_ERROR_NOT_SUPPORTED 801

/* The device the plugin sees: an H200's numbers, as the stand-in's.  */
CUresult
cuDeviceGetAttribute (int *value, int attribute, int device)
{
  switch (attribute)
    {
    case 1:			/* MAX_THREADS_PER_BLOCK */
      *value = 1024;
      break;
    case 8:			/* MAX_SHARED_MEMORY_PER_BLOCK */
    case 81:			/* MAX_SHARED_MEMORY_PER_MULTIPROCESSOR */
      *value = 228 * 1024;
      break;
    case 10:			/* WARP_SIZE */
      *value = 32;
      break;
    case 12:			/* MAX_REGISTERS_PER_BLOCK */
    case 82:			/* MAX_REGISTERS_PER_MULTIPROCESSOR */
      *value = 65536;
      break;
    case 16:			/* MULTIPROCESSOR_COUNT */
      *value = 132;
      break;
    case 18:			/* INTEGRATED */
    case 20:			/* COMPUTE_MODE: default */
      *value = 0;
      break;
    case 39:			/* MAX_THREADS_PER_MULTIPROCESSOR */
      *value = 2048;
      break;
    case 75:			/* COMPUTE_CAPABILITY_MAJOR */
      *value = 9;
      break;
    case 76:			/* COMPUTE_CAPABILITY_MINOR */
      *value = 0;
      break;
    default:			/* Yes, for the capabilities asked.  */
      *value = 1;
    }
  return CUDA_SUCCESS;
}

CUresult
cuCtxGetDevice (int *device)
{
  *device = 0;
  return CUDA_SUCCESS;
}

/* One context, always current (the stand-in's cuCtxGetCurrent).  */
CUresult
cuCtxPopCurrent_v2 (void **context)
{
  if (context)
    *context = NULL;
  return CUDA_SUCCESS;
}

CUresult
cuCtxPushCurrent_v2 (void *context)
{
  return CUDA_SUCCESS;
}

CUresult
cuCtxSynchronize (void)
{
  return CUDA_SUCCESS;
}

CUresult
cuDeviceGetName (char *name, int size, int device)
{
  snprintf (name, size, "fake-libcuda device %d", device);
  return CUDA_SUCCESS;
}

CUresult
cuDriverGetVersion (int *version)
{
  *version = 12080;
  return CUDA_SUCCESS;
}

/* Each kernel: 32 registers a thread, blocks of up to 1,024.  */
CUresult
cuFuncGetAttribute (int *value, int attribute, void *function)
{
  *value = attribute == 0 ? 1024 : 32;
  return CUDA_SUCCESS;
}

#define UNSUPPORTED(fn)							\
  CUresult								\
  fn (void)								\
  {									\
    fprintf (stderr, "plugin-stubs: %s: not supported\n", #fn);	\
    return CUDA_ERROR_NOT_SUPPORTED;					\
  }
UNSUPPORTED (cuEventCreate)
UNSUPPORTED (cuEventDestroy_v2)
UNSUPPORTED (cuEventElapsedTime)
UNSUPPORTED (cuEventQuery)
UNSUPPORTED (cuEventRecord)
UNSUPPORTED (cuEventSynchronize)
UNSUPPORTED (cuMemAllocHost_v2)
UNSUPPORTED (cuMemcpy)
UNSUPPORTED (cuMemcpy2D_v2)
UNSUPPORTED (cuMemcpy2DUnaligned_v2)
UNSUPPORTED (cuMemcpy3D_v2)
UNSUPPORTED (cuMemcpyDtoDAsync_v2)
UNSUPPORTED (cuModuleLoad)
UNSUPPORTED (cuStreamAddCallback)
UNSUPPORTED (cuStreamWaitEvent)
