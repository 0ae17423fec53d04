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
   without, are named lines.

   Its lookups are GCC's plugin's (libgomp/plugin/cuda-lib.def), which
   GCC 12 and 14 share for the entry points the hook wraps: cuda.h's
   names (cuCtxDestroy_v2...), and both cuLinkCreate and cuLinkAddData,
   unversioned, beside their _v2 names, which it calls when the driver
   has them.  $FAKE_GOMP_PLUGIN, a comma-separated list, changes that:
     gcc14        also GCC 14's new lookups (cuMemHostAlloc, cuMemcpy2D_v2,
                  cuMemcpy2DUnaligned_v2, cuMemcpy3D_v2, which the
                  stand-in driver lacks but the first), and GCC 14's wait
                  for a region that may call back to the host (reverse
                  offload): cuStreamQuery polled 1 us apart instead of a
                  synchronize
     unversioned  the plugin on a driver without cuLinkCreate_v2 and
                  cuLinkAddData_v2: it calls the unversioned ones
     log-lookups  each lookup says on stderr which object its answer is
                  in ("fake-gomp-plugin: NAME: libcuda.so.1"), "none" for
                  no answer.  */

#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cuda.h>

#define STRINGIFY(x) STRINGIFY_1 (x)
#define STRINGIFY_1(x) #x

/* The entry points it needs, by cuda.h's names.  */
#define CUDA_FUNCTIONS(F)					\
  F (cuInit) F (cuDeviceGet) F (cuCtxCreate) F (cuCtxDestroy)	\
  F (cuMemAlloc) F (cuMemFree) F (cuMemcpyHtoD) F (cuMemcpyDtoH)	\
  F (cuLinkComplete) F (cuLinkDestroy)					\
  F (cuModuleLoadData) F (cuModuleGetFunction) F (cuModuleUnload)	\
  F (cuStreamCreate) F (cuStreamSynchronize) F (cuStreamQuery)		\
  F (cuStreamDestroy) F (cuLaunchKernel)

#define CUDA_FIELD(fn) static __typeof (fn) *my_##fn;
CUDA_FUNCTIONS (CUDA_FIELD)
#undef CUDA_FIELD

/* The link's entry points, as the plugin calls them: cuda.h's (_v2)
   where the driver has them, else the unversioned ones.  */
static __typeof (cuLinkCreate) *link_create;
static __typeof (cuLinkAddData) *link_add_data;

/* $FAKE_GOMP_PLUGIN's words.  */
static int gcc14, unversioned, log_lookups;

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
  check (link_create (0, NULL, NULL, &state), "cuLinkCreate");
  for (size_t i = 0; i < sizeof objects / sizeof *objects; i++)
    check (link_add_data (state, CU_JIT_INPUT_PTX, objects[i],
			  strlen (objects[i]) + 1, "object", 0, NULL, NULL),
	   "cuLinkAddData");
  check (my_cuLinkComplete (state, &image, &size), "cuLinkComplete");
  check (my_cuModuleLoadData (module, image), "cuModuleLoadData");
  check (my_cuLinkDestroy (state), "cuLinkDestroy");
  free (objects[1]);
}

/* Whether the comma-separated list LIST has WORD.  */
static int
has_word (const char *list, const char *word)
{
  size_t n = strlen (word);

  for (const char *p = list; p && *p; p = strchr (p, ','), p += p != NULL)
    if (strncmp (p, word, n) == 0 && (p[n] == ',' || p[n] == '\0'))
      return 1;
  return 0;
}

/* The driver H's NAME, through dlsym as the plugin looks it up, or NULL;
   with log-lookups, say which object the answer is in.  */
static void *
lookup (void *h, const char *name)
{
  void *found = dlsym (h, name);
  Dl_info info;

  if (log_lookups)
    {
      const char *where = "none";

      if (found != NULL && dladdr (found, &info) && info.dli_fname)
	where = strrchr (info.dli_fname, '/') ? strrchr (info.dli_fname, '/') + 1
					       : info.dli_fname;
      fprintf (stderr, "fake-gomp-plugin: %s: %s\n", name, where);
    }
  return found;
}

/* The driver H's entry points, looked up as GCC's plugin does
   (init_cuda_lib).  */
static void
lookup_all (void *h)
{
  void *v2, *plain;

#define CUDA_LOOKUP(fn)						\
  if ((my_##fn = (__typeof (my_##fn)) lookup (h, STRINGIFY (fn))) == NULL) \
    check (CUDA_ERROR_NOT_FOUND, STRINGIFY (fn));
  CUDA_FUNCTIONS (CUDA_LOOKUP)
#undef CUDA_LOOKUP

  /* cuLinkCreate and cuLinkAddData by both names: the unversioned ones
     required, the _v2 ones called where the driver has them.  */
  plain = lookup (h, "cuLinkCreate");
  v2 = lookup (h, STRINGIFY (cuLinkCreate));
  link_create = (__typeof (link_create)) (v2 && !unversioned ? v2 : plain);
  plain = lookup (h, "cuLinkAddData");
  v2 = lookup (h, STRINGIFY (cuLinkAddData));
  link_add_data = (__typeof (link_add_data)) (v2 && !unversioned ? v2
					      : plain);
  if (link_create == NULL || link_add_data == NULL)
    check (CUDA_ERROR_NOT_FOUND, "cuLinkCreate or cuLinkAddData");

  /* GCC 14's new ones, passed through: the first for the page-locked
     memory of reverse offload, the others for omp_target_memcpy_rect.
     None is called here.  */
  if (gcc14)
    {
      lookup (h, "cuMemHostAlloc");
      lookup (h, "cuMemcpy2D_v2");
      lookup (h, "cuMemcpy2DUnaligned_v2");
      lookup (h, "cuMemcpy3D_v2");
    }
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

  const char *words = getenv ("FAKE_GOMP_PLUGIN");

  if (h == NULL)
    check (CUDA_ERROR_NOT_FOUND, "dlopen");
  gcc14 = has_word (words, "gcc14");
  unversioned = has_word (words, "unversioned");
  log_lookups = has_word (words, "log-lookups");
  lookup_all (h);

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
  if (gcc14)
    {
      /* GCC 14's GOMP_OFFLOAD_run, for an image that may call back to
	 the host: it polls, serving those calls between polls.  */
      CUresult r;

      while ((r = my_cuStreamQuery (stream)) == CUDA_ERROR_NOT_READY)
	usleep (1);
      check (r, "cuStreamQuery");
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
