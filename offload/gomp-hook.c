/* libnvptx-rpc-gomp: attaches nvptx-rpc's server to the modules that
   libgomp's nvptx plugin loads, with no change to libgomp;
   nvptx-rpc-offload preloads it.

   The plugin reaches the CUDA driver only through dlopen ("libcuda.so.1")
   and dlsym, one entry point at a time, and waits for its kernels in the
   driver (cuCtxSynchronize, cuStreamSynchronize), where nothing of ours
   runs.  So this library defines dlsym: when the caller is the plugin,
   the three entry points below come back wrapped, so that a module is
   attached as soon as it is loaded, and detached before it is unloaded
   or its context destroyed; every other lookup, and every lookup by
   anyone else, is glibc's.  The wrappers add
   no driver call of their own to a kernel launch or a wait.  */

#define _GNU_SOURCE
#include <dlfcn.h>
#include <string.h>

#include "nvptx-rpc-host.h"

#define STRINGIFY(x) STRINGIFY_1 (x)
#define STRINGIFY_1(x) #x

/* The shared object whose lookups are redirected.  */
#define PLUGIN "libgomp-plugin-nvptx.so"

static __typeof (cuModuleLoadData) *real_cuModuleLoadData;
static __typeof (cuModuleUnload) *real_cuModuleUnload;
static __typeof (cuCtxDestroy) *real_cuCtxDestroy;

static CUresult
load_and_attach (CUmodule *module, const void *image)
{
  CUresult r = real_cuModuleLoadData (module, image);

  if (r == CUDA_SUCCESS)
    nvptx_rpc_host_attach (*module);
  return r;
}

static CUresult
detach_and_unload (CUmodule module)
{
  nvptx_rpc_host_detach (module);
  return real_cuModuleUnload (module);
}

static CUresult
detach_and_destroy (CUcontext context)
{
  nvptx_rpc_host_detach_context (context);
  return real_cuCtxDestroy (context);
}

/* glibc's dlsym, the newest version first.  */
static void *
glibc_dlsym (void *handle, const char *name)
{
  static __typeof (dlsym) *real;

  if (real == NULL
      && (real = (__typeof (dlsym) *) dlvsym (RTLD_NEXT, "dlsym",
					      "GLIBC_2.34")) == NULL)
    real = (__typeof (dlsym) *) dlvsym (RTLD_NEXT, "dlsym", "GLIBC_2.2.5");
  return real (handle, name);
}

/* Whether CALLER, a code address, is in the plugin.  */
static int
in_plugin (const void *caller)
{
  Dl_info info;

  return dladdr (caller, &info) && info.dli_fname
	 && strstr (info.dli_fname, PLUGIN) != NULL;
}

__attribute__ ((visibility ("default"))) void *
dlsym (void *handle, const char *name)
{
  void *found = glibc_dlsym (handle, name);

  if (found == NULL || !in_plugin (__builtin_return_address (0)))
    return found;
  /* The names the plugin asks for are cuda.h's, expanded
     (cuCtxDestroy_v2).  */
#define WRAP(fn, wrapper)						\
  if (strcmp (name, STRINGIFY (fn)) == 0)				\
    {									\
      real_##fn = (__typeof (real_##fn)) found;				\
      return (void *) wrapper;						\
    }
  WRAP (cuModuleLoadData, load_and_attach)
  WRAP (cuModuleUnload, detach_and_unload)
  WRAP (cuCtxDestroy, detach_and_destroy)
#undef WRAP
  return found;
}
