/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* libnvptx-rpc-gomp: attaches nvptx-rpc's server to the modules that
   libgomp's nvptx plugin loads, with no change to libgomp;
   nvptx-rpc-offload preloads it.

   The plugin reaches the CUDA driver only through dlopen ("libcuda.so.1")
   and dlsym, one entry point at a time, and waits for its kernels in the
   driver (cuCtxSynchronize, cuStreamSynchronize), where nothing of ours
   runs.  So this library defines dlsym: when the caller is the plugin,
   the entry points below come back wrapped, so that a module is
   attached as soon as it is loaded, and detached before it is unloaded
   or its context destroyed, and so that the libraries' code in it leaves
   room for blocks of 1,024 threads; every other lookup, and every lookup
   by anyone else, is glibc's.  The wrappers add no driver call of their
   own to a kernel launch or a wait.  */

#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#include "nvptx-rpc-host.h"
#include "ptx-allocators.h"

#define STRINGIFY(x) STRINGIFY_1 (x)
#define STRINGIFY_1(x) #x

/* The shared object whose lookups are redirected.  */
#define PLUGIN "libgomp-plugin-nvptx.so"

/* The driver's functions behind the wrappers.  cuda.h names the current
   version of some entry points (cuLinkAddData is cuLinkAddData_v2,
   cuCtxDestroy cuCtxDestroy_v2); the driver still exports the
   unversioned ones, with the same prototypes, and GCC's plugin looks up
   both for cuLinkAddData, calling the unversioned one only where the
   driver lacks cuLinkAddData_v2 (link_ptx, GCC 12 and 14 alike).  Each
   name has its own pointer, so that a call reaches the function the
   plugin asked for.  */
static __typeof (cuLinkAddData) *real_cuLinkAddData;
static __typeof (cuLinkAddData) *real_cuLinkAddData_unversioned;
static __typeof (cuModuleLoadData) *real_cuModuleLoadData;
static __typeof (cuModuleUnload) *real_cuModuleUnload;
static __typeof (cuCtxDestroy) *real_cuCtxDestroy;
static __typeof (cuCtxDestroy) *real_cuCtxDestroy_unversioned;

/* libgomp launches an OpenACC region with the threads it asks for, up to
   1,024, and fails if its kernel's registers do not allow that many.  A
   kernel that reaches newlib's _vfprintf_r through printf needs 200
   registers a thread, where stock's CUDA printf needs 36.  The image
   comes one object at a time, each compiled on its own, and a kernel
   needs the most registers of any function it calls: so the objects
   without a kernel, the libraries', are held to 64 registers a thread,
   which leave room for 1,024 threads a block, spilling where they must.
   The program's own kernels keep the registers they need: holding them
   to 64 too slowed two of libgomp's tests (for-5, for-11) past their
   time limit.  */
#define LIBRARY_REGISTERS 64

/* Add DATA to the link STATE through REAL, the library objects held to
   LIBRARY_REGISTERS.  */
static CUresult
add_data_limiting_libraries (__typeof (cuLinkAddData) *real,
			     CUlinkState state, CUjitInputType type,
			     void *data, size_t size, const char *name,
			     unsigned n, CUjit_option *options,
			     void **values)
{
  CUjit_option all_options[n + 1];
  void *all_values[n + 1];
  char *renamed = NULL;
  CUresult r;

  /* PTX that names malloc, free or realloc in an initializer, as GCC's
     nvptx back end writes it, goes renamed (ptx-allocators.c).  */
  if (type == CU_JIT_INPUT_PTX && size > 0
      && ((const char *) data)[size - 1] == '\0'
      && (renamed = ptx_rename_allocators (data)) != NULL)
    {
      data = renamed;
      size = strlen (renamed) + 1;
    }
  if (type != CU_JIT_INPUT_PTX || memmem (data, size, ".entry ", 7) != NULL)
    r = real (state, type, data, size, name, n, options, values);
  else
    {
      for (unsigned i = 0; i < n; i++)
	{
	  all_options[i] = options[i];
	  all_values[i] = values[i];
	}
      all_options[n] = CU_JIT_MAX_REGISTERS;
      all_values[n] = (void *) (size_t) LIBRARY_REGISTERS;
      r = real (state, type, data, size, name, n + 1, all_options,
		all_values);
    }
  free (renamed);
  return r;
}

static CUresult
add_data (CUlinkState state, CUjitInputType type, void *data, size_t size,
	  const char *name, unsigned n, CUjit_option *options, void **values)
{
  return add_data_limiting_libraries (real_cuLinkAddData, state, type, data,
				      size, name, n, options, values);
}

static CUresult
add_data_unversioned (CUlinkState state, CUjitInputType type, void *data,
		      size_t size, const char *name, unsigned n,
		      CUjit_option *options, void **values)
{
  return add_data_limiting_libraries (real_cuLinkAddData_unversioned, state,
				      type, data, size, name, n, options,
				      values);
}

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

static CUresult
detach_and_destroy_unversioned (CUcontext context)
{
  nvptx_rpc_host_detach_context (context);
  return real_cuCtxDestroy_unversioned (context);
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
  /* The names the plugin asks for are those of its cuda.h, expanded
     (cuCtxDestroy_v2, cuLinkAddData_v2), and the unversioned
     cuLinkAddData, its fallback: the same in GCC 12's plugin and GCC
     14's (docs/offload.md, "GCC 14's libgomp").  The unversioned
     cuCtxDestroy, which neither asks for, is wrapped too, so that no
     plugin destroys a context past the server by its older name.  Where
     cuda.h has no _v2 name, the unversioned entries are the same as the
     first and never reached.  */
#define WRAP(string, real, wrapper)					\
  if (strcmp (name, string) == 0)					\
    {									\
      real = (__typeof (real)) found;					\
      return (void *) wrapper;						\
    }
  WRAP (STRINGIFY (cuLinkAddData), real_cuLinkAddData, add_data)
  WRAP ("cuLinkAddData", real_cuLinkAddData_unversioned,
	add_data_unversioned)
  WRAP (STRINGIFY (cuModuleLoadData), real_cuModuleLoadData,
	load_and_attach)
  WRAP (STRINGIFY (cuModuleUnload), real_cuModuleUnload, detach_and_unload)
  WRAP (STRINGIFY (cuCtxDestroy), real_cuCtxDestroy, detach_and_destroy)
  WRAP ("cuCtxDestroy", real_cuCtxDestroy_unversioned,
	detach_and_destroy_unversioned)
#undef WRAP
  return found;
}
