/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* A stand-in for libgomp's nvptx plugin (libgomp-plugin-nvptx.so.1), for
   the gomp hook tests (gomp-hook-check.sh): it reaches the CUDA driver as the
   plugin does, through dlopen ("libcuda.so.1") and dlsym, which
   libnvptx-rpc-gomp.so redirects for a caller of this name only; it
   JIT-links an image one object at a time and loads it as a module, runs
   its kernel on a stream and waits in the driver, so that only a server
   thread can serve the kernel's calls.  With the stand-in driver
   (fake-libcuda.c), the module is a GPU program's shared object
   (prog.so), and the image's other objects, one with a kernel and one
   without, are named lines.  */

#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda.h>

#define STRINGIFY(x) STRINGIFY_1 (x)
#define STRINGIFY_1(x) #x

#define CUDA_FUNCTIONS(F)					\
  F (cuInit) F (cuDeviceGet) F (cuCtxCreate) F (cuCtxDestroy)	\
  F (cuMemAlloc) F (cuMemFree) F (cuMemcpyHtoD) F (cuMemcpyDtoH)	\
  F (cuLinkCreate) F (cuLinkAddData) F (cuLinkComplete)		\
  F (cuLinkDestroy)							\
  F (cuModuleLoadData) F (cuModuleGetFunction) F (cuModuleUnload)	\
  F (cuStreamCreate) F (cuStreamSynchronize) F (cuStreamDestroy)	\
  F (cuLaunchKernel)

#define CUDA_FIELD(fn) static __typeof (fn) *my_##fn;
CUDA_FUNCTIONS (CUDA_FIELD)
#undef CUDA_FIELD

static void
check (CUresult r, const char *what)
{
  if (r != CUDA_SUCCESS)
    {
      fprintf (stderr, "fake-gomp-plugin: %s failed: %d\n", what, (int) r);
      exit (126);
    }
}

/* Link the image of PROGRAM and load it as *MODULE, as libgomp does:
   each object added on its own.  */
static void
load_image (const char *program, CUmodule *module)
{
  char *objects[] = {
    "fake-libcuda object kernel\n.visible .entry main$_omp_fn$0 ()\n",
    NULL,
    "fake-libcuda object library\n.visible .func puts ()\n",
  };
  CUlinkState state;
  void *image;
  size_t size;

  if (asprintf (&objects[1], "fake-libcuda program %s\n", program) < 0)
    check (CUDA_ERROR_OUT_OF_MEMORY, "asprintf");
  check (my_cuLinkCreate (0, NULL, NULL, &state), "cuLinkCreate");
  for (size_t i = 0; i < sizeof objects / sizeof *objects; i++)
    check (my_cuLinkAddData (state, CU_JIT_INPUT_PTX, objects[i],
			     strlen (objects[i]) + 1, "object", 0, NULL,
			     NULL), "cuLinkAddData");
  check (my_cuLinkComplete (state, &image, &size), "cuLinkComplete");
  check (my_cuModuleLoadData (module, image), "cuModuleLoadData");
  check (my_cuLinkDestroy (state), "cuLinkDestroy");
  free (objects[1]);
}

/* Run the kernel __main of the module in PROGRAM with ARGC and ARGV, as
   crt0 takes them, and return what it returns.  */
int
fake_gomp_run (const char *program, int argc, char **argv)
{
  void *h = dlopen ("libcuda.so.1", RTLD_LAZY);
  CUcontext context;
  CUmodule module;
  CUfunction kernel;
  CUstream stream;
  CUdeviceptr retval, device_argv;
  CUdevice device;
  int result;

  if (h == NULL)
    check (CUDA_ERROR_NOT_FOUND, "dlopen");
#define CUDA_LOOKUP(fn)						\
  if ((my_##fn = (__typeof (my_##fn)) dlsym (h, STRINGIFY (fn))) == NULL) \
    check (CUDA_ERROR_NOT_FOUND, STRINGIFY (fn));
  CUDA_FUNCTIONS (CUDA_LOOKUP)
#undef CUDA_LOOKUP

  check (my_cuInit (0), "cuInit");
  check (my_cuDeviceGet (&device, 0), "cuDeviceGet");
#if CUDA_VERSION >= 13000
  check (my_cuCtxCreate (&context, NULL, 0, device), "cuCtxCreate");
#else
  check (my_cuCtxCreate (&context, 0, device), "cuCtxCreate");
#endif
  load_image (program, &module);
  check (my_cuModuleGetFunction (&kernel, module, "__main"),
	 "cuModuleGetFunction");

  /* argv as crt0 wants it, in device memory, which the stand-in driver's
     is: its strings are the host's.  */
  check (my_cuMemAlloc (&retval, sizeof (int)), "cuMemAlloc");
  check (my_cuMemAlloc (&device_argv, (argc + 1) * sizeof (char *)),
	 "cuMemAlloc");
  argv[argc] = NULL;
  check (my_cuMemcpyHtoD (device_argv, argv, (argc + 1) * sizeof (char *)),
	 "cuMemcpyHtoD");

  check (my_cuStreamCreate (&stream, CU_STREAM_NON_BLOCKING),
	 "cuStreamCreate");
  {
    void *args[] = { &retval, &argc, &device_argv };
    check (my_cuLaunchKernel (kernel, 1, 1, 1, 1, 1, 1, 0, stream, args,
			      NULL), "cuLaunchKernel");
  }
  check (my_cuStreamSynchronize (stream), "cuStreamSynchronize");
  check (my_cuMemcpyDtoH (&result, retval, sizeof result), "cuMemcpyDtoH");
  my_cuStreamDestroy (stream);
  my_cuMemFree (retval);
  my_cuMemFree (device_argv);
  check (my_cuModuleUnload (module), "cuModuleUnload");
  check (my_cuCtxDestroy (context), "cuCtxDestroy");
  return result;
}
