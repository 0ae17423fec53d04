/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The launcher's driver (run-internal.h): loading libcuda.so.1 and its
   function table, the device and the context, and the program onto the
   device: JIT-linked, from a warm worker's image cache when it ran
   before, with its arguments beside it.  Apart from the command line
   and the run (run.c) and from the stack (run-stack.c), so that what
   talks to the driver about the program reads in one place.  */

#include <dlfcn.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx-program.h"
#include "rpc-launch.h"
#include "run-internal.h"

#define STRINGIFY(x) STRINGIFY_1 (x)
#define STRINGIFY_1(x) #x

/* The driver's functions, once load_libcuda has filled them in.  */
struct run_cuda_functions cuda;

/* The driver's name for R, such as "CUDA_ERROR_OUT_OF_MEMORY".  Only once
   libcuda is loaded.  */
const char *
error_name (CUresult r)
{
  const char *n;

  /* It leaves N NULL for a code the driver does not know; so does
     cuGetErrorString.  */
  if (cuda.cuGetErrorName (r, &n) != CUDA_SUCCESS || n == NULL)
    n = "[unknown]";
  return n;
}

/* The device and the context (start_cuda); the driver's functions that
   rpc-launch.c calls.  */
struct rpc_launch_cuda rpc_cuda;
CUdevice dev;
CUcontext ctx;

/* Fatal error MSG, with the driver's name and description of R, unless R
   is CUDA_SUCCESS.  Only once libcuda is loaded.  */
void
fatal_unless_success (CUresult r, const char *msg)
{
  const char *s;

  if (r == CUDA_SUCCESS)
    return;
  if (cuda.cuGetErrorString (r, &s) != CUDA_SUCCESS || s == NULL)
    s = "[unknown]";
  rpc_launch_fatal ("%s: %s (%s, %d)", msg, s, error_name (r), (int) r);
}

/* Open libcuda.so.1 and fill in CUDA.  Every function is required: all of
   them are older than any driver that can run GCC's PTX.  */
static void
load_libcuda (void)
{
  void *h = dlopen ("libcuda.so.1", RTLD_LAZY);

  if (h == NULL)
    rpc_launch_fatal ("cannot load libcuda.so.1: %s: is the NVIDIA driver "
		 "installed?", dlerror ());

#define CUDA_LOOKUP(fn)						\
  cuda.fn = (__typeof (cuda.fn)) dlsym (h, STRINGIFY (fn));	\
  if (cuda.fn == NULL)						\
    rpc_launch_fatal ("%s: is the NVIDIA driver too old?", dlerror ());
  CUDA_FUNCTIONS (CUDA_LOOKUP)
#undef CUDA_LOOKUP
}

/* Load the driver and make a context on DEVICE, current from then on.  */
void
start_cuda (int device)
{
  CUresult r;
  int count;

  load_libcuda ();
#define RPC_LAUNCH_CUDA_COPY(fn) rpc_cuda.fn = cuda.fn;
  RPC_LAUNCH_CUDA_FUNCTIONS (RPC_LAUNCH_CUDA_COPY)
#undef RPC_LAUNCH_CUDA_COPY

  r = cuda.cuInit (0);
  fatal_unless_success (r, "no CUDA device: cuInit failed");
  r = cuda.cuDeviceGetCount (&count);
  fatal_unless_success (r, "cuDeviceGetCount failed");
  if (count == 0)
    rpc_launch_fatal ("no CUDA device");
  if (device >= count)
    rpc_launch_fatal ("no CUDA device %d: the host has %d", device, count);
  r = cuda.cuDeviceGet (&dev, device);
  fatal_unless_success (r, "cuDeviceGet failed");
  /* The mailbox is host memory mapped into the GPU.  CUDA 11 and later do
     that in every context, but the flag says what we rely on.  CUDA 13's
     cuCtxCreate (cuCtxCreate_v4) takes creation parameters: none.  */
  do
#if CUDA_VERSION >= 13000
    r = cuda.cuCtxCreate (&ctx, NULL, CU_CTX_MAP_HOST, dev);
#else
    r = cuda.cuCtxCreate (&ctx, CU_CTX_MAP_HOST, dev);
#endif
  while (memory_wait (r));
  fatal_unless_success (r, "cuCtxCreate failed");
}

/* The JIT options, as parse_options sets them.  */
size_t jitopt_lineinfo, jitopt_debuginfo, jitopt_optimize = 4;

/* A warm worker's images of the programs it linked last, each with the
   program file's bytes and the JIT options it was linked with, so that
   a program run again is loaded without linking anew: CUDA's JIT cache
   spares a link's compiling, not the link (docs/performance.md, "Test
   suites").  Only the same bytes and options match.  */
#define IMAGE_CACHE_ENTRIES 16
#define IMAGE_CACHE_PROGRAM_MAX (16 * 1024 * 1024)

static struct image
{
  char *program;		/* NULL: an empty entry.  */
  size_t program_len, jitopts[3];
  void *image;
} image_cache[IMAGE_CACHE_ENTRIES];
static unsigned image_cache_next;

/* The image linked from PROGRAM, LEN bytes, with the JIT options now
   set, or NULL.  */
static const void *
cached_image (const char *program, size_t len)
{
  size_t jitopts[3] = { jitopt_lineinfo, jitopt_debuginfo, jitopt_optimize };

  for (int i = 0; i < IMAGE_CACHE_ENTRIES; i++)
    {
      struct image *e = &image_cache[i];

      if (e->program != NULL && e->program_len == len
	  && memcmp (e->jitopts, jitopts, sizeof jitopts) == 0
	  && memcmp (e->program, program, len) == 0)
	return e->image;
    }
  return NULL;
}

/* Keep IMAGE, SIZE bytes, linked from PROGRAM, LEN bytes, in place of
   the oldest entry.  Without the memory, or for a program too large,
   nothing is kept.  */
static void
keep_image (const char *program, size_t len, const void *image, size_t size)
{
  struct image *e = &image_cache[image_cache_next];
  char *program_copy;
  void *image_copy;

  if (len > IMAGE_CACHE_PROGRAM_MAX)
    return;
  program_copy = malloc (len);
  image_copy = malloc (size);
  if (program_copy == NULL || image_copy == NULL)
    {
      free (program_copy);
      free (image_copy);
      return;
    }
  free (e->program);
  free (e->image);
  *e = (struct image) { memcpy (program_copy, program, len), len,
			{ jitopt_lineinfo, jitopt_debuginfo, jitopt_optimize },
			memcpy (image_copy, image, size) };
  image_cache_next = (image_cache_next + 1) % IMAGE_CACHE_ENTRIES;
}

/* JIT-link PROGRAM, LEN bytes of NUL-separated PTX chunks (what
   nvptx-none-ld writes), made ready for the JIT (ptx-program.h): the
   link's state, which holds the image, *IMAGE, SIZE bytes.  */
static CUlinkState
link_program (const char *program, size_t len, void **image, size_t *size)
{
  char elog[8192] = "";
  CUjit_option opts[] = {
    CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
    CU_JIT_GENERATE_LINE_INFO,
    CU_JIT_GENERATE_DEBUG_INFO,
    CU_JIT_OPTIMIZATION_LEVEL,
  };
  /* The driver reads the scalar options out of the pointer values.  */
  void *optvals[] = {
    elog, (void *) sizeof elog,
    (void *) jitopt_lineinfo,
    (void *) jitopt_debuginfo,
    (void *) jitopt_optimize,
  };
  CUlinkState linkstate;
  size_t off = 0;
  int count = 0;
  CUresult r;
  size_t ready_len;
  char *ready = ptx_prepare_program (program, len, &ready_len);

  if (ready)
    program = ready, len = ready_len;

  r = cuda.cuLinkCreate (sizeof opts / sizeof *opts, opts, optvals,
			 &linkstate);
  fatal_unless_success (r, "cuLinkCreate failed");

  for (;;)
    {
      char name[64];
      size_t l;

      while (off < len && program[off] == '\0')
	off++;
      if (off == len)
	break;
      l = strlen (program + off);
      /* The name appears in the driver's error messages.  */
      snprintf (name, sizeof name, "input file %d at offset %zu", count++,
		off);
      r = cuda.cuLinkAddData (linkstate, CU_JIT_INPUT_PTX,
			      (void *) (program + off), l + 1, name, 0, NULL,
			      NULL);
      if (r != CUDA_SUCCESS)
	{
	  fprintf (stderr, "%s\n", elog);
	  fatal_unless_success (r, "cuLinkAddData failed");
	}
      off += l;
    }

  r = cuda.cuLinkComplete (linkstate, image, size);
  if (r != CUDA_SUCCESS)
    {
      fprintf (stderr, "%s\n", elog);
      fatal_unless_success (r, "cuLinkComplete failed");
    }
  free (ready);
  return linkstate;
}

/* Load PROGRAM, LEN bytes, as *MODULE, linked or, with CACHE, from a
   warm worker's cache, where a linked image is then kept; find its
   __main kernel.  */
void
compile_program (const char *program, size_t len, bool cache,
		 CUmodule *module, CUfunction *kernel)
{
  const void *image = cache ? cached_image (program, len) : NULL;
  CUlinkState linkstate = NULL;
  void *linkout;
  size_t size;
  CUresult r;

  if (image == NULL)
    {
      linkstate = link_program (program, len, &linkout, &size);
      image = linkout;
    }
  /* A linked image belongs to the link's state: load it before
     destroying that.  */
  do
    r = cuda.cuModuleLoadData (module, image);
  while (memory_wait (r));
  fatal_unless_success (r, "cuModuleLoadData failed");
  if (linkstate != NULL)
    {
      if (cache)
	keep_image (program, len, linkout, size);
      r = cuda.cuLinkDestroy (linkstate);
      fatal_unless_success (r, "cuLinkDestroy failed");
    }

  r = cuda.cuModuleGetFunction (kernel, *module, KERNEL);
  fatal_unless_success (r, "could not find kernel __main");
}

/* Copy the program's arguments ARGV[0..ARGC-1] to the device, as the
   kernel's argv: the pointer array, with the null pointer C requires at
   argv[argc], followed by the strings.  */
CUdeviceptr
copy_argv_to_device (int argc, char **argv)
{
  size_t size = (argc + 1) * sizeof (uint64_t), pos;
  CUdeviceptr d_argv;
  uint64_t *ptrs;
  char *block;
  CUresult r;
  int i;

  for (i = 0; i < argc; i++)
    size += strlen (argv[i]) + 1;
  r = cuda.cuMemAlloc (&d_argv, size);
  fatal_unless_success (r, "cuMemAlloc failed");

  /* Lay the block out on the host and copy it in one go.  */
  block = malloc (size);
  if (block == NULL)
    rpc_launch_fatal ("out of memory copying arguments");
  ptrs = (uint64_t *) block;
  pos = (argc + 1) * sizeof (uint64_t);
  for (i = 0; i < argc; i++)
    {
      size_t len = strlen (argv[i]) + 1;

      ptrs[i] = d_argv + pos;
      memcpy (block + pos, argv[i], len);
      pos += len;
    }
  ptrs[argc] = 0;
  r = cuda.cuMemcpyHtoD (d_argv, block, size);
  fatal_unless_success (r, "cuMemcpyHtoD (d_argv) failed");
  free (block);

  return d_argv;
}

/* glibc's program_invocation_name and program_invocation_short_name,
   where the program has them (newlib-nvptx-rpc/posix/progname.c, which
   err, error and syslog print): its argv[0], the first string of
   D_ARGV's copy of ARGV (copy_argv_to_device), and the last component
   of it.  */
void
set_program_name (CUmodule module, int argc, char **argv, CUdeviceptr d_argv)
{
  static const char *const names[] = { "program_invocation_name",
				       "program_invocation_short_name" };
  CUdeviceptr name = d_argv + (argc + 1) * sizeof (uint64_t), variable;
  const char *slash = strrchr (argv[0], '/');
  uint64_t values[] = { name, name + (slash ? slash + 1 - argv[0] : 0) };
  size_t bytes;

  for (int i = 0; i < 2; i++)
    if (cuda.cuModuleGetGlobal (&variable, &bytes, module, names[i])
	  == CUDA_SUCCESS
	&& bytes == sizeof values[i])
      fatal_unless_success (cuda.cuMemcpyHtoD (variable, &values[i],
					       sizeof values[i]),
			    "cuMemcpyHtoD (program_invocation_name) failed");
}
