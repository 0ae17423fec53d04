/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The part of the CUDA driver API that nvptx-rpc uses, for building it
   where there is no CUDA toolkit: configure puts this directory on the
   include path only when it finds no toolkit <cuda.h>.  The launcher and
   the offload libraries dlopen libcuda.so.1, which comes with the NVIDIA
   driver, so they need the API's types, values and names, not the
   toolkit.  Debian's main archive has no cuda.h; GCC and nvptx-tools
   carry their own subsets likewise.

   Names, values and prototypes are the driver's ABI.  As the toolkit's
   header does, this one maps each function to the versioned entry point
   the driver exports for it (cuMemAlloc to cuMemAlloc_v2...), which the
   launcher looks up by name; it describes the API before CUDA 13, whose
   cuCtxCreate (cuCtxCreate_v2) takes no creation parameters.  */

#ifndef NVPTX_RPC_CUDA_DRIVER_H
#define NVPTX_RPC_CUDA_DRIVER_H

#include <stddef.h>

#define CUDA_VERSION 12000

#ifdef __cplusplus
extern "C" {
#endif

typedef unsigned long long CUdeviceptr;
typedef int CUdevice;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUlinkState_st *CUlinkState;

typedef enum cudaError_enum
{
  CUDA_SUCCESS = 0,
  CUDA_ERROR_INVALID_VALUE = 1,
  CUDA_ERROR_OUT_OF_MEMORY = 2,
  CUDA_ERROR_NO_DEVICE = 100,
  CUDA_ERROR_INVALID_DEVICE = 101,
  CUDA_ERROR_INVALID_IMAGE = 200,
  CUDA_ERROR_INVALID_PTX = 218,
  CUDA_ERROR_NOT_FOUND = 500,
  CUDA_ERROR_NOT_READY = 600,
  CUDA_ERROR_ILLEGAL_ADDRESS = 700,
  CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES = 701
} CUresult;

typedef enum CUdevice_attribute_enum
{
  CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16,
  CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR = 39
} CUdevice_attribute;

typedef enum CUctx_flags_enum
{
  CU_CTX_MAP_HOST = 0x08
} CUctx_flags;

typedef enum CUstream_flags_enum
{
  CU_STREAM_NON_BLOCKING = 0x1
} CUstream_flags;

typedef enum CUlimit_enum
{
  CU_LIMIT_STACK_SIZE = 0x00,
  CU_LIMIT_MALLOC_HEAP_SIZE = 0x02
} CUlimit;

typedef enum CUjit_option_enum
{
  CU_JIT_MAX_REGISTERS = 0,
  CU_JIT_ERROR_LOG_BUFFER = 5,
  CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6,
  CU_JIT_OPTIMIZATION_LEVEL = 7,
  CU_JIT_GENERATE_DEBUG_INFO = 11,
  CU_JIT_GENERATE_LINE_INFO = 13
} CUjit_option;

typedef enum CUjitInputType_enum
{
  CU_JIT_INPUT_PTX = 1
} CUjitInputType;

#define CU_MEMHOSTALLOC_PORTABLE 0x01
#define CU_MEMHOSTALLOC_DEVICEMAP 0x02

#define cuDeviceTotalMem cuDeviceTotalMem_v2
#define cuCtxCreate cuCtxCreate_v2
#define cuCtxDestroy cuCtxDestroy_v2
#define cuModuleGetGlobal cuModuleGetGlobal_v2
#define cuMemGetInfo cuMemGetInfo_v2
#define cuMemAlloc cuMemAlloc_v2
#define cuMemFree cuMemFree_v2
#define cuMemGetAddressRange cuMemGetAddressRange_v2
#define cuMemHostGetDevicePointer cuMemHostGetDevicePointer_v2
#define cuMemcpyHtoD cuMemcpyHtoD_v2
#define cuMemcpyDtoH cuMemcpyDtoH_v2
#define cuMemcpyHtoDAsync cuMemcpyHtoDAsync_v2
#define cuMemcpyDtoHAsync cuMemcpyDtoHAsync_v2
#define cuStreamDestroy cuStreamDestroy_v2
#define cuLinkCreate cuLinkCreate_v2
#define cuLinkAddData cuLinkAddData_v2

CUresult cuInit (unsigned int flags);
CUresult cuGetErrorName (CUresult error, const char **name);
CUresult cuGetErrorString (CUresult error, const char **text);

CUresult cuDeviceGet (CUdevice *device, int ordinal);
CUresult cuDeviceGetCount (int *count);
CUresult cuDeviceGetAttribute (int *value, CUdevice_attribute attribute,
			       CUdevice device);
CUresult cuDeviceTotalMem (size_t *bytes, CUdevice device);

CUresult cuCtxCreate (CUcontext *context, unsigned int flags,
		      CUdevice device);
CUresult cuCtxDestroy (CUcontext context);
CUresult cuCtxGetCurrent (CUcontext *context);
CUresult cuCtxSetCurrent (CUcontext context);
CUresult cuCtxGetLimit (size_t *value, CUlimit limit);
CUresult cuCtxSetLimit (CUlimit limit, size_t value);
CUresult cuCtxSynchronize (void);

CUresult cuModuleLoadData (CUmodule *module, const void *image);
CUresult cuModuleUnload (CUmodule module);
CUresult cuModuleGetFunction (CUfunction *function, CUmodule module,
			      const char *name);
CUresult cuModuleGetGlobal (CUdeviceptr *address, size_t *bytes,
			    CUmodule module, const char *name);

CUresult cuLinkCreate (unsigned int n_options, CUjit_option *options,
		       void **option_values, CUlinkState *state);
CUresult cuLinkAddData (CUlinkState state, CUjitInputType type, void *data,
			size_t size, const char *name, unsigned int n_options,
			CUjit_option *options, void **option_values);
CUresult cuLinkComplete (CUlinkState state, void **cubin, size_t *size);
CUresult cuLinkDestroy (CUlinkState state);

CUresult cuMemAlloc (CUdeviceptr *address, size_t bytes);
CUresult cuMemFree (CUdeviceptr address);
CUresult cuMemGetInfo (size_t *free_bytes, size_t *total_bytes);
CUresult cuMemGetAddressRange (CUdeviceptr *base, size_t *size,
			       CUdeviceptr address);
CUresult cuMemHostAlloc (void **host, size_t bytes, unsigned int flags);
CUresult cuMemHostGetDevicePointer (CUdeviceptr *address, void *host,
				    unsigned int flags);
CUresult cuMemFreeHost (void *host);
CUresult cuMemcpy (CUdeviceptr to, CUdeviceptr from, size_t bytes);
CUresult cuMemcpyHtoD (CUdeviceptr to, const void *from, size_t bytes);
CUresult cuMemcpyDtoH (void *to, CUdeviceptr from, size_t bytes);
CUresult cuMemcpyHtoDAsync (CUdeviceptr to, const void *from, size_t bytes,
			    CUstream stream);
CUresult cuMemcpyDtoHAsync (void *to, CUdeviceptr from, size_t bytes,
			    CUstream stream);

CUresult cuStreamCreate (CUstream *stream, unsigned int flags);
CUresult cuStreamQuery (CUstream stream);
CUresult cuStreamSynchronize (CUstream stream);
CUresult cuStreamDestroy (CUstream stream);

CUresult cuLaunchKernel (CUfunction function, unsigned int grid_x,
			 unsigned int grid_y, unsigned int grid_z,
			 unsigned int block_x, unsigned int block_y,
			 unsigned int block_z, unsigned int shared_bytes,
			 CUstream stream, void **params, void **extra);

#ifdef __cplusplus
}
#endif

#endif /* NVPTX_RPC_CUDA_DRIVER_H */
