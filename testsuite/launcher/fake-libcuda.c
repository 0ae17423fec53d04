/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* A stand-in for the CUDA driver, built as libcuda.so.1, so that CI tests
   the launcher (nvptx-tools-run-patch/launcher/run*.c) where there is no GPU: the
   launcher dlopens "libcuda.so.1", which LD_LIBRARY_PATH then finds here.
   It has every entry point the launcher resolves, under the names cuda.h
   gives them (cuMemAlloc_v2...), because it is compiled against the same
   cuda.h.

   Device memory is host memory, and a CUdeviceptr its address.  The "PTX"
   the launcher JIT-links is the line

     fake-libcuda program FILE

   naming a shared object built from a GPU program and the host build of
   the nvptx-rpc client (testsuite/launcher/Makefile.inc), its main renamed
   gpu_main.  Loading the module dlopens FILE; the module's globals, such
   as __nvptx_rpc_link, are FILE's symbols; the kernel __main is a thread
   that runs gpu_main (argc, argv) with the arguments the launcher copied
   to the device, and stores its result where crt0's __main does.  So the
   launcher serves the program's calls through the mailbox as it would a
   GPU's, while cuStreamQuery says whether that thread is done.

   $FAKE_LIBCUDA, a comma-separated list, makes the driver fail:
     no-device         cuInit fails, as on a machine without a GPU
     no-rpc            the module has no __nvptx_rpc_link: a program built
                       without nvptx-rpc, which must run as under the
                       stock launcher
     link-version=N    the program's link says protocol version N
     fault=N           the kernel faults (CUDA_ERROR_ILLEGAL_ADDRESS) with
                       its Nth request posted, which the launcher may
                       have served, as it may a GPU's
     no-staging        cuMemHostAlloc refuses all but the mailbox (the
                       DMA staging buffers), saying so on stderr
     devices=N         the host has N devices (default 1)
     jit-ms=N          each link takes N ms, as the driver's JIT does
     teardown-ms=N     on a shared device (below), a process's memory
                       stays held N ms after it has ended, as the
                       driver frees a context's a while after
     context-mib=N     this context takes N MiB of the device before
                       its stack (default 1024), as an H100's takes
                       some hundreds
     memory-gib=N      the device has N GiB (default 140)
     no-zero-freed     the program's link does not offer
                       NVPTX_RPC_FEATURE_CAN_ZERO_FREED, as a libc
                       whose free cannot zero its blocks
   and, not failures, log-jit: each cuLinkAddData says on stderr the
   register limit it was given; log-device: cuCtxCreate says on stderr
   the device the context is on; log-link: each launch of a program
   says on stderr the features its link was given.  The device has 140 GiB, of which
   1 GiB is taken, and a stack limit's worth for each of its 132 * 2048
   threads (cuMemGetInfo); a stack limit beyond that fails, and so does
   one above 1 KiB while the file $FAKE_LIBCUDA_MEMORY_TAKEN is there and
   empty, as when other processes hold the memory; holding a number, it
   says how many bytes they hold.  With $FAKE_LIBCUDA_SHARED
   naming a directory when the context is made, the processes that name
   it share the device, as a warm server's workers do: each other
   context holds 1 GiB and its stack limit's worth, which each records
   in a file there named by its process id; with
   $FAKE_LIBCUDA_MODULE_MEMORY too, a program's module holds that many
   bytes more while it is loaded, and its load fails when they are not
   free.  Other objects of an image
   may come before or after the program's line, each a line
   "fake-libcuda object NAME", then any text (".entry" for a
   kernel's).  */

#define _GNU_SOURCE
#include <dlfcn.h>
#include <dirent.h>
#include <fcntl.h>
#include <link.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <cuda.h>
#include "nvptx-rpc.h"

#define PROGRAM_TAG "fake-libcuda program "
#define OBJECT_TAG "fake-libcuda object "

static struct
{
  bool no_device, no_rpc, log_jit, log_device, no_staging;
  bool log_link, no_zero_freed;
  int devices;			/* How many there are; 0: one.  */
  long link_version;		/* 0: the program's own.  */
  unsigned long fault_at;	/* 0: no fault.  */
  long jit_ms;			/* How long a link takes.  */
  long teardown_ms;		/* How long memory outlives its process.  */
  long context_mib;		/* What the context takes; 0: 1 GiB.  */
  long memory_gib;		/* What the device has; 0: 140 GiB.  */
} inject;

/* The one host allocation the launcher maps into the device: the
   mailbox, which fault=N watches.  */
static struct nvptx_rpc_mailbox *mailbox;

/* Device memory that DMA and cuMemcpy may reach, as the driver knows it:
   cuMemAlloc's blocks and the module's globals.  */
static struct range
{
  uintptr_t base;
  size_t size;
  const void *owner;		/* The module, for its globals.  */
} ranges[64];

static struct range *
find_range (uintptr_t address)
{
  for (size_t i = 0; i < sizeof ranges / sizeof *ranges; i++)
    if (ranges[i].size && address - ranges[i].base < ranges[i].size)
      return &ranges[i];
  return NULL;
}

static bool
add_range (uintptr_t base, size_t size, const void *owner)
{
  for (size_t i = 0; i < sizeof ranges / sizeof *ranges; i++)
    if (ranges[i].size == 0)
      {
	ranges[i] = (struct range) { base, size, owner };
	return true;
      }
  return false;
}

/* Whether the COUNT bytes at ADDRESS are all in one piece of device
   memory: the driver refuses a copy that is not.  */
static bool
device_memory (CUdeviceptr address, size_t count)
{
  struct range *r = find_range (address);

  return r && count <= r->size - (address - r->base);
}

struct module
{
  void *handle;			/* NULL for the launcher's copy kernel.  */
  int (*main) (int, char **);
  size_t held;			/* Its share of the device's memory.  */
};

/* The launcher's copy kernel (its PTX names it), which copies what the
   driver's DMA does not reach; here a copy like the others.  */
#define COPY_KERNEL "nvptx_rpc_copy"
static char copy_kernel;

struct stream
{
  /* The copy started last, made when the stream is synchronized: as with
     DMA, the bytes move after the call that starts it has returned.  */
  void *copy_to;
  const void *copy_from;
  size_t copy_count;

  /* The kernel launched on it, if any.  */
  bool launched;
  pthread_t thread;
  atomic_bool done;
  int (*main) (int, char **);
  int argc;
  char **argv;
  int *retval;
};

struct link
{
  char *elog;			/* CU_JIT_ERROR_LOG_BUFFER.  */
  size_t elog_size;
  char *program;		/* The shared object's file name.  */
};

#define ERRORS(E)							\
  E (CUDA_SUCCESS, "no error")						\
  E (CUDA_ERROR_INVALID_VALUE, "invalid argument")			\
  E (CUDA_ERROR_OUT_OF_MEMORY, "out of memory")				\
  E (CUDA_ERROR_NO_DEVICE, "no CUDA-capable device is detected")	\
  E (CUDA_ERROR_INVALID_DEVICE, "invalid device ordinal")		\
  E (CUDA_ERROR_INVALID_IMAGE, "device kernel image is invalid")	\
  E (CUDA_ERROR_INVALID_PTX, "a PTX JIT compilation failed")		\
  E (CUDA_ERROR_NOT_FOUND, "named symbol not found")			\
  E (CUDA_ERROR_NOT_READY, "device not ready")				\
  E (CUDA_ERROR_ILLEGAL_ADDRESS,					\
     "an illegal memory access was encountered")			\
  E (CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES,				\
     "too many resources requested for launch")

static const char *
error_text (CUresult r, bool name)
{
  switch (r)
    {
#define E(code, text) case code: return name ? #code : text;
      ERRORS (E)
#undef E
    default:
      return NULL;
    }
}

CUresult
cuGetErrorName (CUresult r, const char **s)
{
  *s = error_text (r, true);
  return *s ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult
cuGetErrorString (CUresult r, const char **s)
{
  *s = error_text (r, false);
  return *s ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

/* The text after NAME ("devices=") in WORD, or NULL if WORD is not
   NAME's.  */
static const char *
item_value (const char *word, const char *name)
{
  size_t len = strlen (name);

  return strncmp (word, name, len) == 0 ? word + len : NULL;
}

static void
parse_injections (void)
{
  const char *spec = getenv ("FAKE_LIBCUDA"), *value;
  char *copy, *word, *save;

  if (spec == NULL)
    return;
  copy = strdup (spec);
  for (word = strtok_r (copy, ",", &save); word;
       word = strtok_r (NULL, ",", &save))
    if (strcmp (word, "no-device") == 0)
      inject.no_device = true;
    else if (strcmp (word, "no-rpc") == 0)
      inject.no_rpc = true;
    else if (strcmp (word, "log-jit") == 0)
      inject.log_jit = true;
    else if (strcmp (word, "log-device") == 0)
      inject.log_device = true;
    else if (strcmp (word, "no-staging") == 0)
      inject.no_staging = true;
    else if (strcmp (word, "log-link") == 0)
      inject.log_link = true;
    else if (strcmp (word, "no-zero-freed") == 0)
      inject.no_zero_freed = true;
    else if ((value = item_value (word, "devices=")))
      inject.devices = strtol (value, NULL, 0);
    else if ((value = item_value (word, "link-version=")))
      inject.link_version = strtol (value, NULL, 0);
    else if ((value = item_value (word, "fault=")))
      inject.fault_at = strtoul (value, NULL, 0);
    else if ((value = item_value (word, "jit-ms=")))
      inject.jit_ms = strtol (value, NULL, 0);
    else if ((value = item_value (word, "teardown-ms=")))
      inject.teardown_ms = strtol (value, NULL, 0);
    else if ((value = item_value (word, "context-mib=")))
      inject.context_mib = strtol (value, NULL, 0);
    else if ((value = item_value (word, "memory-gib=")))
      inject.memory_gib = strtol (value, NULL, 0);
    else
      fprintf (stderr, "fake-libcuda: unknown FAKE_LIBCUDA item %s\n", word);
  free (copy);
}

CUresult
cuInit (unsigned flags)
{
  parse_injections ();
  if (inject.no_device)
    return CUDA_ERROR_NO_DEVICE;
  /* The driver keeps descriptors of its own (/dev/nvidiactl...): they
     would take fds 0-2 if the launcher left them closed.  */
  open ("/dev/zero", O_RDWR | O_CLOEXEC);
  return CUDA_SUCCESS;
}

CUresult
cuDeviceGetCount (int *count)
{
  *count = inject.devices ? inject.devices : 1;
  return CUDA_SUCCESS;
}

CUresult
cuDeviceGet (CUdevice *dev, int ordinal)
{
  int count;

  cuDeviceGetCount (&count);
  *dev = ordinal;
  return ordinal >= 0 && ordinal < count ? CUDA_SUCCESS
					 : CUDA_ERROR_INVALID_DEVICE;
}

/* The device: an H200's SMs and threads.  */
#define SM_COUNT 132
#define THREADS_PER_SM 2048
#define DEVICE_THREADS ((size_t) SM_COUNT * THREADS_PER_SM)

/* Its memory, 140 GiB (memory-gib), and what this context takes of it
   before any stack, 1 GiB (context-mib).  */
static size_t
device_size (void)
{
  return (size_t) (inject.memory_gib > 0 ? inject.memory_gib : 140) << 30;
}

static size_t
context_size (void)
{
  return (size_t) (inject.context_mib > 0 ? inject.context_mib : 1024) << 20;
}

CUresult
cuDeviceGetAttribute (int *value, CUdevice_attribute attribute, CUdevice dev)
{
  switch (attribute)
    {
    case CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT:
      *value = SM_COUNT;
      return CUDA_SUCCESS;
    case CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR:
      *value = THREADS_PER_SM;
      return CUDA_SUCCESS;
    default:
      return CUDA_ERROR_INVALID_VALUE;
    }
}

/* What another process's context holds beyond its stack, on a shared
   device.  */
#define CONTEXT_MEMORY ((size_t) 1 << 30)

/* The context's stack limit.  The driver reserves it for every thread
   the device can hold, as the real one does.  */
static size_t stack_limit = 1024;

/* The memory the loaded program module holds ($FAKE_LIBCUDA_MODULE_MEMORY
   on a shared device), or 0.  */
static size_t module_held;

/* $FAKE_LIBCUDA_SHARED as the context was made, or NULL.  A warm
   worker's environment is its client's while a program runs.  */
static char *shared_dir;

/* Once this process has ended (teardown-ms): until when, in ms on
   CLOCK_REALTIME, its memory stays held.  */
static long long held_until_ms;

static long long
now_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_REALTIME, &ts);
  return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

/* The memory the other processes sharing the device hold: the sum of
   the files of those still alive, or ended but still holding it.  */
static size_t
others_memory (void)
{
  char path[4096];
  size_t sum = 0;
  struct dirent *e;
  DIR *d;

  if (shared_dir == NULL || (d = opendir (shared_dir)) == NULL)
    return 0;
  while ((e = readdir (d)) != NULL)
    {
      long pid = strtol (e->d_name, NULL, 10);
      unsigned long long held;
      long long until;
      FILE *f;

      if (pid <= 0 || pid == getpid ())
	continue;
      snprintf (path, sizeof path, "%s/%ld", shared_dir, pid);
      if ((f = fopen (path, "r")) == NULL)
	continue;
      if (fscanf (f, "%llu %lld", &held, &until) == 2
	  && (kill (pid, 0) == 0 || until > now_ms ()))
	sum += held;
      fclose (f);
    }
  closedir (d);
  return sum;
}

/* Record what this context holds, for the others sharing the device.  */
static void
record_memory (void)
{
  char path[4096], tmp[4096];
  FILE *f;

  if (shared_dir == NULL)
    return;
  snprintf (path, sizeof path, "%s/%ld", shared_dir, (long) getpid ());
  snprintf (tmp, sizeof tmp, "%s/.%ld", shared_dir, (long) getpid ());
  if ((f = fopen (tmp, "w")) == NULL)
    return;
  fprintf (f, "%zu %lld\n",
	   CONTEXT_MEMORY + stack_limit * DEVICE_THREADS + module_held,
	   held_until_ms);
  if (fclose (f) == 0)
    rename (tmp, path);
}

/* While the file $FAKE_LIBCUDA_MEMORY_TAKEN is there: the bytes it says
   other processes hold, or, if it is empty, SIZE_MAX.  */
static size_t
memory_taken (void)
{
  const char *taken = getenv ("FAKE_LIBCUDA_MEMORY_TAKEN");
  unsigned long long bytes;
  FILE *f;

  if (taken == NULL || (f = fopen (taken, "r")) == NULL)
    return 0;
  if (fscanf (f, "%llu", &bytes) != 1)
    bytes = SIZE_MAX;
  fclose (f);
  return bytes;
}

/* The memory free for this context's stack.  */
static size_t
free_for_stack (void)
{
  size_t taken = memory_taken (), others = others_memory () + module_held;
  size_t room = device_size () - context_size ();

  if (taken != SIZE_MAX)
    others += taken;
  return others > room ? 0 : room - others;
}

CUresult
cuMemGetInfo (size_t *free_bytes, size_t *total)
{
  size_t room = free_for_stack (), stack = stack_limit * DEVICE_THREADS;

  *total = device_size ();
  *free_bytes = room > stack ? room - stack : 0;
  return CUDA_SUCCESS;
}

/* At exit, with teardown-ms: hold the memory a while longer.  */
static void
hold_memory_after_exit (void)
{
  held_until_ms = now_ms () + inject.teardown_ms;
  record_memory ();
}

static int context;

/* CUDA 13's cuCtxCreate (cuCtxCreate_v4) takes creation parameters.  */
#if CUDA_VERSION >= 13000
CUresult
cuCtxCreate (CUcontext *ctx, CUctxCreateParams *params, unsigned flags,
	     CUdevice dev)
#else
CUresult
cuCtxCreate (CUcontext *ctx, unsigned flags, CUdevice dev)
#endif
{
  const char *shared = getenv ("FAKE_LIBCUDA_SHARED");

  if (inject.log_device)
    fprintf (stderr, "fake-libcuda: context on device %d\n", (int) dev);
  if (shared != NULL && shared_dir == NULL)
    {
      shared_dir = strdup (shared);
      if (inject.teardown_ms > 0)
	atexit (hold_memory_after_exit);
    }
  record_memory ();
  *ctx = (CUcontext) &context;
  return CUDA_SUCCESS;
}

/* Entry points under the older names nvptx-tools' own cuda.h gives them,
   for the launcher tests run against its patched nvptx-run
   (nvptx-tools-check.sh).  Before CUDA 13, cuCtxCreate is cuCtxCreate_v2
   already.  */
#if CUDA_VERSION >= 13000
CUresult
cuCtxCreate_v2 (CUcontext *ctx, unsigned flags, CUdevice dev)
{
  return cuCtxCreate (ctx, NULL, flags, dev);
}
#endif

/* nvptx-tools 0.20220610's nvptx-run sizes its default stack from the
   device's memory: the stand-in's device has 1 GiB.  */
CUresult
cuDeviceTotalMem_v2 (size_t *bytes, CUdevice dev)
{
  *bytes = (size_t) 1 << 30;
  return CUDA_SUCCESS;
}

CUresult
cuCtxDestroy (CUcontext ctx)
{
  return CUDA_SUCCESS;
}

/* One context, current in every thread.  */
CUresult
cuCtxGetCurrent (CUcontext *ctx)
{
  *ctx = (CUcontext) &context;
  return CUDA_SUCCESS;
}

CUresult
cuCtxSetCurrent (CUcontext ctx)
{
  return ctx == (CUcontext) &context ? CUDA_SUCCESS
				     : CUDA_ERROR_INVALID_VALUE;
}

CUresult
cuCtxSetLimit (CUlimit limit, size_t value)
{
  if (limit != CU_LIMIT_STACK_SIZE)
    return CUDA_SUCCESS;
  /* More than the device has free, other processes holding what they
     do; or more than the first stack while another holds all the
     rest.  */
  if (value > free_for_stack () / DEVICE_THREADS
      || (value > 1024 && memory_taken () == SIZE_MAX))
    return CUDA_ERROR_OUT_OF_MEMORY;
  stack_limit = value;
  record_memory ();
  return CUDA_SUCCESS;
}

/* The stack limit set, CUDA's default heap.  */
CUresult
cuCtxGetLimit (size_t *value, CUlimit limit)
{
  *value = limit == CU_LIMIT_STACK_SIZE ? stack_limit : 8 * 1024 * 1024;
  return CUDA_SUCCESS;
}

CUresult
cuMemAlloc (CUdeviceptr *p, size_t size)
{
  void *block = calloc (1, size ? size : 1);

  if (block == NULL || !add_range ((uintptr_t) block, size, NULL))
    {
      free (block);
      return CUDA_ERROR_OUT_OF_MEMORY;
    }
  *p = (uintptr_t) block;
  return CUDA_SUCCESS;
}

CUresult
cuMemFree (CUdeviceptr p)
{
  struct range *r = find_range (p);

  if (r == NULL || r->base != p || r->owner)
    return CUDA_ERROR_INVALID_VALUE;
  free ((void *) p);
  r->size = 0;
  return CUDA_SUCCESS;
}

CUresult
cuMemGetAddressRange (CUdeviceptr *base, size_t *size, CUdeviceptr p)
{
  struct range *r = find_range (p);

  if (r == NULL)
    return CUDA_ERROR_NOT_FOUND;
  if (base)
    *base = r->base;
  if (size)
    *size = r->size;
  return CUDA_SUCCESS;
}

CUresult
cuMemcpyHtoD (CUdeviceptr to, const void *from, size_t count)
{
  if (!device_memory (to, count))
    return CUDA_ERROR_INVALID_VALUE;
  memcpy ((void *) to, from, count);
  return CUDA_SUCCESS;
}

CUresult
cuMemcpyDtoH (void *to, CUdeviceptr from, size_t count)
{
  if (!device_memory (from, count))
    return CUDA_ERROR_INVALID_VALUE;
  memcpy (to, (const void *) from, count);
  return CUDA_SUCCESS;
}

/* Make the copy STREAM holds, if any.  */
static void
finish_copy (struct stream *s)
{
  if (s->copy_count)
    memcpy (s->copy_to, s->copy_from, s->copy_count);
  s->copy_count = 0;
}

static CUresult
start_copy (struct stream *s, void *to, const void *from, size_t count)
{
  /* A stream runs its work in order.  */
  finish_copy (s);
  s->copy_to = to;
  s->copy_from = from;
  s->copy_count = count;
  return CUDA_SUCCESS;
}

CUresult
cuMemcpyHtoDAsync (CUdeviceptr to, const void *from, size_t count,
		   CUstream stream)
{
  if (!device_memory (to, count))
    return CUDA_ERROR_INVALID_VALUE;
  return start_copy ((struct stream *) stream, (void *) to, from, count);
}

CUresult
cuMemcpyDtoHAsync (void *to, CUdeviceptr from, size_t count,
		   CUstream stream)
{
  if (!device_memory (from, count))
    return CUDA_ERROR_INVALID_VALUE;
  return start_copy ((struct stream *) stream, to, (const void *) from,
		     count);
}

CUresult
cuMemHostAlloc (void **p, size_t size, unsigned flags)
{
  size_t rounded = (size + 4095) & -(size_t) 4096;

  if (inject.no_staging && !(flags & CU_MEMHOSTALLOC_PORTABLE))
    {
      fprintf (stderr, "fake-libcuda: cuMemHostAlloc of %zu bytes refused\n",
	       size);
      return CUDA_ERROR_OUT_OF_MEMORY;
    }
  if ((*p = aligned_alloc (4096, rounded ? rounded : 4096)) == NULL)
    return CUDA_ERROR_OUT_OF_MEMORY;
  memset (*p, 0, rounded);
  /* The mailbox is the portable one; the staging buffers are mapped
     too.  */
  if (flags & CU_MEMHOSTALLOC_PORTABLE)
    mailbox = *p;
  return CUDA_SUCCESS;
}

CUresult
cuMemHostGetDevicePointer (CUdeviceptr *d, void *p, unsigned flags)
{
  *d = (uintptr_t) p;
  return CUDA_SUCCESS;
}

CUresult
cuMemFreeHost (void *p)
{
  if (p == mailbox)
    mailbox = NULL;
  free (p);
  return CUDA_SUCCESS;
}

/* A warm server's worker links and loads each program in the program's
   own environment: the injections that concern a program are its.  */
static void
program_injections (void)
{
  bool no_device = inject.no_device, log_device = inject.log_device;
  int devices = inject.devices;
  long context_mib = inject.context_mib, memory_gib = inject.memory_gib;

  memset (&inject, 0, sizeof inject);
  parse_injections ();
  inject.no_device = no_device;
  inject.log_device = log_device;
  inject.devices = devices;
  inject.context_mib = context_mib;
  inject.memory_gib = memory_gib;
}

CUresult
cuLinkCreate (unsigned count, CUjit_option *options, void **values,
	      CUlinkState *state)
{
  struct link *l = calloc (1, sizeof *l);

  program_injections ();

  if (l == NULL)
    return CUDA_ERROR_OUT_OF_MEMORY;
  for (unsigned i = 0; i < count; i++)
    if (options[i] == CU_JIT_ERROR_LOG_BUFFER)
      l->elog = values[i];
    else if (options[i] == CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
      l->elog_size = (uintptr_t) values[i];
  *state = (CUlinkState) l;
  return CUDA_SUCCESS;
}

/* The driver's error log, which the launcher prints when a step fails.  */
static CUresult
link_error (struct link *l, CUresult r, const char *message)
{
  if (l->elog && l->elog_size)
    snprintf (l->elog, l->elog_size, "fake-libcuda: %s", message);
  return r;
}

CUresult
cuLinkAddData (CUlinkState state, CUjitInputType type, void *data,
	       size_t size, const char *name, unsigned count,
	       CUjit_option *options, void **values)
{
  struct link *l = (struct link *) state;
  const char *text = data;

  if (type != CU_JIT_INPUT_PTX || size == 0 || text[size - 1] != '\0')
    return link_error (l, CUDA_ERROR_INVALID_VALUE, "not PTX text");
  if (inject.log_jit)
    {
      unsigned registers = 0;
      for (unsigned i = 0; i < count; i++)
	if (options[i] == CU_JIT_MAX_REGISTERS)
	  registers = (uintptr_t) values[i];
      fprintf (stderr, "fake-libcuda: %.*s: ", (int) strcspn (text, "\n"),
	       text);
      if (registers)
	fprintf (stderr, "at most %u registers\n", registers);
      else
	fprintf (stderr, "no register limit\n");
    }
  if (strncmp (text, OBJECT_TAG, strlen (OBJECT_TAG)) == 0)
    return CUDA_SUCCESS;
  if (strncmp (text, PROGRAM_TAG, strlen (PROGRAM_TAG)) != 0)
    return link_error (l, CUDA_ERROR_INVALID_PTX,
		       "not \"" PROGRAM_TAG "FILE\"");
  if (l->program)
    return link_error (l, CUDA_ERROR_INVALID_PTX, "two programs");
  l->program = strndup (text + strlen (PROGRAM_TAG),
			strcspn (text + strlen (PROGRAM_TAG), "\n"));
  return l->program ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}

/* The linked image is the program's file name.  */
CUresult
cuLinkComplete (CUlinkState state, void **image, size_t *size)
{
  struct link *l = (struct link *) state;

  if (l->program == NULL)
    return link_error (l, CUDA_ERROR_INVALID_IMAGE, "no program");
  if (inject.jit_ms > 0)
    nanosleep (&(struct timespec) { inject.jit_ms / 1000,
				    inject.jit_ms % 1000 * 1000000 }, NULL);
  *image = l->program;
  if (size)
    *size = strlen (l->program) + 1;
  return CUDA_SUCCESS;
}

CUresult
cuLinkDestroy (CUlinkState state)
{
  struct link *l = (struct link *) state;

  free (l->program);
  free (l);
  return CUDA_SUCCESS;
}

/* dl_iterate_phdr callback: make the writable segments of the object
   whose link map is DATA device memory.  They hold the module's globals
   (its .data and .bss), which the driver allocates in device memory, and
   which DMA therefore reaches.  */
static int
add_globals (struct dl_phdr_info *info, size_t size, void *data)
{
  struct module *m = data;
  struct link_map *map;

  if (dlinfo (m->handle, RTLD_DI_LINKMAP, &map) != 0
      || info->dlpi_addr != map->l_addr
      || strcmp (info->dlpi_name, map->l_name) != 0)
    return 0;
  for (int i = 0; i < info->dlpi_phnum; i++)
    if (info->dlpi_phdr[i].p_type == PT_LOAD
	&& (info->dlpi_phdr[i].p_flags & PF_W))
      add_range (info->dlpi_addr + info->dlpi_phdr[i].p_vaddr,
		 info->dlpi_phdr[i].p_memsz, m);
  return 1;
}

CUresult
cuModuleLoadData (CUmodule *module, const void *image)
{
  struct module *m = calloc (1, sizeof *m);

  if (m == NULL)
    return CUDA_ERROR_OUT_OF_MEMORY;
  if (strstr (image, ".entry " COPY_KERNEL " ") != NULL)
    {
      *module = (CUmodule) m;
      return CUDA_SUCCESS;
    }
  program_injections ();
  if ((m->handle = dlopen (image, RTLD_NOW | RTLD_LOCAL)) == NULL)
    {
      fprintf (stderr, "fake-libcuda: %s\n", dlerror ());
      free (m);
      return CUDA_ERROR_INVALID_IMAGE;
    }
  if (shared_dir != NULL && getenv ("FAKE_LIBCUDA_MODULE_MEMORY") != NULL)
    {
      size_t room, need = strtoull (getenv ("FAKE_LIBCUDA_MODULE_MEMORY"),
				    NULL, 10);

      cuMemGetInfo (&room, &(size_t) { 0 });
      if (need > room)
	{
	  dlclose (m->handle);
	  free (m);
	  return CUDA_ERROR_OUT_OF_MEMORY;
	}
      m->held = need;
      module_held += need;
      record_memory ();
    }
  /* crt0's kernel __main calls main, which the program's build calls
     gpu_main.  */
  m->main = (int (*) (int, char **)) dlsym (m->handle, "gpu_main");
  dl_iterate_phdr (add_globals, m);
  *module = (CUmodule) m;
  return CUDA_SUCCESS;
}

CUresult
cuModuleGetFunction (CUfunction *kernel, CUmodule module, const char *name)
{
  struct module *m = (struct module *) module;

  if (m->handle == NULL && strcmp (name, COPY_KERNEL) == 0)
    {
      *kernel = (CUfunction) &copy_kernel;
      return CUDA_SUCCESS;
    }
  if (strcmp (name, "__main") != 0 || m->main == NULL)
    return CUDA_ERROR_NOT_FOUND;
  *kernel = (CUfunction) m;
  return CUDA_SUCCESS;
}

CUresult
cuModuleGetGlobal (CUdeviceptr *address, size_t *bytes, CUmodule module,
		   const char *name)
{
  struct module *m = (struct module *) module;
  void *p = dlsym (m->handle, name);
  const ElfW (Sym) *symbol;
  Dl_info info;

  Dl_info own;

  if (p == NULL || (inject.no_rpc && strcmp (name, NVPTX_RPC_LINK_SYMBOL) == 0)
      || !dladdr1 (p, &info, (void **) &symbol, RTLD_DL_SYMENT))
    return CUDA_ERROR_NOT_FOUND;
  /* As the driver: the module's own globals, not those of the libraries
     the stand-in program's object depends on (glibc's
     program_invocation_name).  */
  if (m->main && dladdr ((void *) m->main, &own)
      && own.dli_fbase != info.dli_fbase)
    return CUDA_ERROR_NOT_FOUND;
  if (inject.link_version && strcmp (name, NVPTX_RPC_LINK_SYMBOL) == 0)
    ((struct nvptx_rpc_link *) p)->version = inject.link_version;
  if (inject.no_zero_freed && strcmp (name, NVPTX_RPC_LINK_SYMBOL) == 0)
    ((struct nvptx_rpc_link *) p)->features
      &= ~NVPTX_RPC_FEATURE_CAN_ZERO_FREED;
  *address = (uintptr_t) p;
  if (bytes)
    *bytes = symbol->st_size;
  return CUDA_SUCCESS;
}

CUresult
cuModuleUnload (CUmodule module)
{
  struct module *m = (struct module *) module;

  for (size_t i = 0; i < sizeof ranges / sizeof *ranges; i++)
    if (ranges[i].owner == m)
      ranges[i].size = 0;
  if (m->handle)
    dlclose (m->handle);
  module_held -= m->held;
  if (m->held)
    record_memory ();
  free (m);
  return CUDA_SUCCESS;
}

CUresult
cuStreamCreate (CUstream *stream, unsigned flags)
{
  struct stream *s = calloc (1, sizeof *s);

  if (s == NULL)
    return CUDA_ERROR_OUT_OF_MEMORY;
  *stream = (CUstream) s;
  return CUDA_SUCCESS;
}

static void *
run_kernel (void *stream)
{
  struct stream *s = stream;

  *s->retval = s->main (s->argc, s->argv);
  atomic_store (&s->done, true);
  return NULL;
}

/* The kernel's parameters are crt0's __main's: int *retval, int argc,
   char **argv, in device memory.  The launch geometry does not matter:
   one host thread runs the program, whatever the lanes.  */
CUresult
cuLaunchKernel (CUfunction kernel, unsigned gx, unsigned gy, unsigned gz,
		unsigned bx, unsigned by, unsigned bz, unsigned shared,
		CUstream stream, void **params, void **extra)
{
  struct stream *s = (struct stream *) stream;

  /* The copy kernel's parameters: to, from, count; any address.  */
  if (kernel == (CUfunction) &copy_kernel)
    return start_copy (s, *(void **) params[0], *(void **) params[1],
		       *(size_t *) params[2]);

  CUdeviceptr retval = *(CUdeviceptr *) params[0];
  CUdeviceptr argv = *(CUdeviceptr *) params[2];

  if (s == NULL || s->launched || !device_memory (retval, sizeof (int)))
    return CUDA_ERROR_INVALID_VALUE;
  s->main = ((struct module *) kernel)->main;
  if (inject.log_link)
    {
      struct nvptx_rpc_link *link
	= dlsym (((struct module *) kernel)->handle, NVPTX_RPC_LINK_SYMBOL);

      if (link != NULL)
	fprintf (stderr, "fake-libcuda: link features %#x\n",
		 (unsigned) link->features);
    }
  s->retval = (int *) retval;
  s->argc = *(int *) params[1];
  s->argv = (char **) argv;
  /* As crt0 does, for a kernel that never gets to store its result.  */
  *s->retval = 255;
  if (pthread_create (&s->thread, NULL, run_kernel, s) != 0)
    return CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES;
  s->launched = true;
  return CUDA_SUCCESS;
}

/* fault=N: whether the kernel on S has faulted.  It does with its Nth
   request posted: wait here, where the launcher's loop asks, until the
   program posts it; but give back a request before it, for the launcher
   to serve first.  The launcher asks only every so many idle polls, so
   it may have served the Nth already.  */
static bool
faulted (struct stream *s)
{
  static bool fault;

  while (!fault && mailbox && !atomic_load (&s->done))
    {
      uint32_t posted = __atomic_load_n (&mailbox->request_seq,
					 __ATOMIC_ACQUIRE);

      if (posted >= inject.fault_at)
	fault = true;
      else if (posted != __atomic_load_n (&mailbox->reply.seq,
					  __ATOMIC_ACQUIRE))
	break;
      else
	sched_yield ();
    }
  return fault;
}

CUresult
cuStreamQuery (CUstream stream)
{
  struct stream *s = (struct stream *) stream;

  if (!s->launched)
    {
      finish_copy (s);
      return CUDA_SUCCESS;
    }
  if (inject.fault_at && faulted (s))
    return CUDA_ERROR_ILLEGAL_ADDRESS;
  return atomic_load (&s->done) ? CUDA_SUCCESS : CUDA_ERROR_NOT_READY;
}

CUresult
cuStreamSynchronize (CUstream stream)
{
  struct stream *s = (struct stream *) stream;

  if (s == NULL)
    return CUDA_SUCCESS;
  finish_copy (s);
  if (s->launched)
    pthread_join (s->thread, NULL);
  s->launched = false;
  return CUDA_SUCCESS;
}

CUresult
cuStreamDestroy (CUstream stream)
{
  struct stream *s = (struct stream *) stream;

  /* The launcher destroys the kernel's stream once the kernel is done.  */
  if (s->launched)
    pthread_join (s->thread, NULL);
  free (s);
  return CUDA_SUCCESS;
}

/* The driver's unversioned names, which cuda.h hides behind the _v2
   ones: libgomp's plugin looks up cuLinkCreate and cuLinkAddData too, to
   call where the _v2 ones are missing (fake-gomp-plugin.c,
   FAKE_GOMP_PLUGIN=unversioned).  The same functions here, as their
   prototypes are.  */
#undef cuLinkCreate
#undef cuLinkAddData
#undef cuCtxDestroy
extern __typeof (cuLinkCreate_v2) cuLinkCreate
  __attribute__ ((alias ("cuLinkCreate_v2")));
extern __typeof (cuLinkAddData_v2) cuLinkAddData
  __attribute__ ((alias ("cuLinkAddData_v2")));
extern __typeof (cuCtxDestroy_v2) cuCtxDestroy
  __attribute__ ((alias ("cuCtxDestroy_v2")));
