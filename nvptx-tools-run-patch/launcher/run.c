/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* nvptx-none-run with host services: run a PTX program linked with
   -mmainkernel on an NVIDIA GPU, and serve its system calls (open, read,
   write, ...) over the nvptx-rpc mailbox.

   It takes the same options and behaves like nvptx-tools' nvptx-run, so it
   can replace nvptx-none-run; a program built without nvptx-rpc runs
   exactly as under the stock launcher.  rpc-launch.c attaches the server
   (server/) to the program and serves it while the kernel runs; it
   is shared with nvptx-tools' nvptx-run.cc, patched.  */

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* For types and prototypes only: libcuda.so.1 is opened at run time, so
   that the launcher builds, and answers --help, without the driver.  */
#include <cuda.h>

#include "ptx-program.h"
#include "ptx-stack.h"
#include "rpc-launch.h"
#include "warm.h"

#ifndef PACKAGE_VERSION
# define PACKAGE_VERSION "unknown"
#endif

#define STRINGIFY(x) STRINGIFY_1 (x)
#define STRINGIFY_1(x) #x

/* Every driver function the launcher calls, itself or through
   rpc-launch.c (RPC_LAUNCH_CUDA_FUNCTIONS).  cuda.h #defines many of the
   names to versioned entry points (cuMemAlloc to cuMemAlloc_v2, ...), and
   the argument is macro-expanded before it reaches CUDA_FIELD or
   CUDA_LOOKUP, so the table holds, and dlsym looks up, the entry point
   that matches the prototype we compile against.  */
#define CUDA_FUNCTIONS(F)			\
  F (cuInit)					\
  F (cuDeviceGetCount)				\
  F (cuDeviceGet)				\
  F (cuDeviceGetAttribute)			\
  F (cuCtxCreate)				\
  F (cuCtxDestroy)				\
  F (cuCtxSetLimit)				\
  F (cuCtxGetLimit)				\
  F (cuGetErrorName)				\
  F (cuGetErrorString)				\
  F (cuMemGetInfo)				\
  F (cuMemAlloc)				\
  F (cuMemFree)					\
  F (cuMemGetAddressRange)			\
  F (cuMemcpyHtoD)				\
  F (cuMemcpyDtoH)				\
  F (cuMemcpyHtoDAsync)				\
  F (cuMemcpyDtoHAsync)				\
  F (cuMemHostAlloc)				\
  F (cuMemHostGetDevicePointer)			\
  F (cuMemFreeHost)				\
  F (cuLinkCreate)				\
  F (cuLinkAddData)				\
  F (cuLinkComplete)				\
  F (cuLinkDestroy)				\
  F (cuModuleLoadData)				\
  F (cuModuleGetFunction)			\
  F (cuModuleGetGlobal)				\
  F (cuModuleUnload)				\
  F (cuStreamCreate)				\
  F (cuStreamQuery)				\
  F (cuStreamSynchronize)			\
  F (cuStreamDestroy)				\
  F (cuLaunchKernel)

#define CUDA_FIELD(fn) __typeof (fn) *fn;
static struct
{
  CUDA_FUNCTIONS (CUDA_FIELD)
} cuda;
#undef CUDA_FIELD

/* The driver's name for R, such as "CUDA_ERROR_OUT_OF_MEMORY".  Only once
   libcuda is loaded.  */
static const char *
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
static struct rpc_launch_cuda rpc_cuda;
static CUdevice dev;
static CUcontext ctx;

/* Fatal error MSG, with the driver's name and description of R, unless R
   is CUDA_SUCCESS.  Only once libcuda is loaded.  */
static void
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

/* $NVPTX_RPC_PHASES: a file to which each run appends one line, the
   program's name and then, phase by phase, the milliseconds it took
   (docs/testing.md, "Where a program's time goes").  It is opened when
   the run begins, before the program can change directory, and written
   with one write(2) of O_APPEND, so that runs at once do not mix their
   lines.  Only a measurement: when it fails, the launcher says so and
   the program's run and result are as they would be without it.  */
static struct
{
  int fd;			/* -1: not asked for.  */
  double mark;			/* When the phase under way began.  */
  char line[512];
  size_t len;
} phases = { .fd = -1 };

/* Add " NAME VALUE" to the line, VALUE with DECIMALS digits after the
   point.  */
static void
phase_note (const char *name, double value, int decimals)
{
  size_t room = sizeof phases.line - 1 - phases.len;
  int n;

  if (phases.fd < 0)
    return;
  n = snprintf (phases.line + phases.len, room, " %s %.*f", name,
		decimals, value);
  if (n > 0 && (size_t) n < room)
    phases.len += n;
}

/* The phase under way, NAME, ends now.  */
static void
phase_end (const char *name)
{
  double t = rpc_launch_now ();

  phase_note (name, (t - phases.mark) * 1e3, 1);
  phases.mark = t;
}

/* A run of PROGRAM begins: its first phase from now.  */
static void
phases_begin (const char *program)
{
  const char *file = getenv ("NVPTX_RPC_PHASES");

  phases.mark = rpc_launch_now ();
  phases.fd = -1;
  if (file == NULL || file[0] == '\0')
    return;
  phases.fd = open (file, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (phases.fd < 0)
    fprintf (stderr, "nvptx-run: cannot open $NVPTX_RPC_PHASES: %s\n",
	     strerror (errno));
  phases.len = snprintf (phases.line, sizeof phases.line - 1, "%.200s",
			 program);
}

/* The run is over: append its line.  */
static void
phases_write (void)
{
  if (phases.fd < 0)
    return;
  phases.line[phases.len++] = '\n';
  if (write (phases.fd, phases.line, phases.len) != (ssize_t) phases.len)
    fprintf (stderr, "nvptx-run: cannot write to $NVPTX_RPC_PHASES\n");
  close (phases.fd);
  phases.fd = -1;
}

/* Read the program file NAME whole, NUL-terminated; its length without
   the terminator goes to *LEN.  */
static char *
read_program (const char *name, size_t *len)
{
  FILE *f = fopen (name, "rb");
  char *program;
  long size;

  if (f == NULL)
    rpc_launch_fatal ("program file not found");
  /* A directory opens, and seeks to an end gigabytes away: a read says
     what it is.  */
  if (getc (f) == EOF && ferror (f))
    rpc_launch_fatal ("cannot read program file: %s", strerror (errno));
  if (fseek (f, 0, SEEK_END) != 0 || (size = ftell (f)) < 0
      || fseek (f, 0, SEEK_SET) != 0)
    rpc_launch_fatal ("cannot read program file: %s", strerror (errno));
  program = malloc (size + 1);
  if (program == NULL)
    rpc_launch_fatal ("out of memory reading program file");
  if (fread (program, 1, size, f) != (size_t) size)
    rpc_launch_fatal ("cannot read program file");
  program[size] = '\0';
  fclose (f);

  *len = size;
  return program;
}

/* The kernel that crt0 defines and the launcher starts.  */
#define KERNEL "__main"
/* Stack room for the frames behind a program's indirect calls, which
   ptx_stack_need cannot see: newlib's stdio and atexit handlers.  */
#define STACK_ROOM (8 * 1024)

static size_t jitopt_lineinfo, jitopt_debuginfo, jitopt_optimize = 4;

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

/* Whether this process is a warm server's worker (warm_start).  */
static bool warm_worker;

/* Memory that other launchers' programs hold comes back as they end.
   A plain run waits for it, trying again every MEMORY_RETRY_NS, until
   none has come back for MEMORY_WAIT_DEFAULT seconds
   ($NVPTX_RPC_MEMORY_WAIT), then fails as the driver says (or, for the
   default stack, takes what is free, as the stock launcher does).  From
   the last memory that came back, not from the first refusal: which of
   several waiting launchers gets the memory is chance, and one that
   loses turn after turn still runs.  A warm server's workers wait as
   long for each other (warm_serve).  */
#define MEMORY_WAIT_DEFAULT 60
#define MEMORY_RETRY_NS (20 * 1000 * 1000)

/* The seconds to wait for memory, read once: a warm server's workers
   keep the server's, whatever their clients' environments say.  */
static int
memory_wait_seconds (void)
{
  static int seconds = -1;
  const char *wait = getenv ("NVPTX_RPC_MEMORY_WAIT");

  if (seconds < 0)
    seconds = wait != NULL ? atoi (wait) : MEMORY_WAIT_DEFAULT;
  return seconds;
}

/* The wait for memory of the driver call being retried: when it ends,
   and the device's free memory at the last try.  */
static double memory_deadline;
static size_t memory_last_free;

/* After the driver's result R: whether to try again, once a moment
   has passed, because R says out of memory and the wait for memory
   lasts: $NVPTX_RPC_MEMORY_WAIT seconds from the first try or the last
   rise in the device's free memory.  */
static bool
memory_retry (CUresult r)
{
  struct timespec ts = { 0, MEMORY_RETRY_NS };
  size_t free_bytes, total;
  double now;

  if (r != CUDA_ERROR_OUT_OF_MEMORY)
    return false;
  now = rpc_launch_now ();
  /* Before the context, the driver cannot say what is free.  */
  if (cuda.cuMemGetInfo (&free_bytes, &total) != CUDA_SUCCESS)
    free_bytes = 0;
  if (memory_deadline == 0 || free_bytes > memory_last_free)
    memory_deadline = now + memory_wait_seconds ();
  memory_last_free = free_bytes;
  if (now >= memory_deadline)
    return false;
  nanosleep (&ts, NULL);
  return true;
}

/* memory_retry in a plain run.  A warm worker's program asks its
   siblings instead (set_stack).  */
static bool
memory_wait (CUresult r)
{
  return !warm_worker && memory_retry (r);
}

/* Load PROGRAM, LEN bytes, as *MODULE, linked or, with CACHE, from a
   warm worker's cache, where a linked image is then kept; find its
   __main kernel.  */
static void
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

/* The threads device DEV can hold at once, each of which the driver
   reserves a stack for.  */
static size_t
device_threads (CUdevice dev)
{
  int sm_count, thread_max;
  CUresult r;

  r = cuda.cuDeviceGetAttribute (&sm_count,
				 CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
				 dev);
  fatal_unless_success (r, "could not get SM count");
  r = cuda.cuDeviceGetAttribute
    (&thread_max, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR, dev);
  fatal_unless_success (r, "could not get max threads per SM count");
  return (size_t) sm_count * thread_max;
}

/* The stock launcher's default per-lane stack size for device DEV when
   the heap takes HEAP_SIZE bytes and MEM bytes are free.  (Called with
   memory_alone, it is the size a run alone on the device gets, whatever
   other programs hold now.)  */
static size_t
default_stack_size (CUdevice dev, size_t mem, long heap_size)
{
  /* The driver appears to account stack memory as if every thread the
     device can host had one, even when a few are launched, so share the
     free memory among all of them.  Leave room for the heap and 128 MiB
     more.  With less free memory than that the subtraction wraps and
     the cap below applies, as in the stock launcher.  */
  mem -= heap_size + 128 * 1024 * 1024;
  mem /= device_threads (dev);
  if (mem > 128 * 1024)
    mem = 128 * 1024;
  return mem & -(size_t) 8;
}

/* What a context itself takes of the device's memory, with room.  */
#define CONTEXT_RESERVE ((size_t) 1 << 30)

/* The device memory free now, and in all.  */
static void
memory_info (size_t *free_bytes, size_t *total)
{
  CUresult r = cuda.cuMemGetInfo (free_bytes, total);

  fatal_unless_success (r, "could not get free and total memory");
}

/* All the device's memory.  */
static size_t
device_memory (void)
{
  size_t free_bytes, total;

  memory_info (&free_bytes, &total);
  return total;
}

/* The device memory a run alone on it has: all but the context's.  */
static size_t
memory_alone (void)
{
  return device_memory () - CONTEXT_RESERVE;
}

/* Record the device memory free now, in MiB, among the run's phases.  */
static void
phase_note_free_memory (void)
{
  size_t free_bytes, total;

  if (phases.fd < 0)
    return;
  memory_info (&free_bytes, &total);
  phase_note ("free_mib", free_bytes >> 20, 0);
}

/* Copy the program's arguments ARGV[0..ARGC-1] to the device, as the
   kernel's argv: the pointer array, with the null pointer C requires at
   argv[argc], followed by the strings.  */
static CUdeviceptr
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
static void
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

/* run.c's own long options, above rpc-launch.h's codes.  */
enum
{
  OPT_DEVICE = 512,
  OPT_SERVE,
  OPT_WORKERS,
  OPT_IDLE
};

static void __attribute__ ((noreturn))
usage (FILE *stream, int status)
{
  fprintf (stream, "\
Usage: nvptx-none-run [option...] program [argument...]\n\
Options:\n\
  -S, --stack-size N    Set per-lane GPU stack size to N (default: auto),\n\
                        or more if the program's frames need it\n\
  -H, --heap-size N     Set GPU heap size to N (default: 256 MiB)\n\
  -L, --lanes N         Launch N lanes (for testing gcc -muniform-simt)\n\
  -O, --optlevel N      Pass PTX JIT option to set optimization level N\n\
  -g, --lineinfo        Pass PTX JIT option to generate line information\n\
  -G, --debuginfo       Pass PTX JIT option to generate debug information\n\
  --device N            Run on CUDA device N (default: $NVPTX_RPC_DEVICE,\n\
                        else 0)\n\
%s\
  --serve               Stay up as the warm server of the device: run the\n\
                        programs nvptx-none-run sends it (docs/testing.md)\n\
  --workers N           With --serve: programs run at once (default: the\n\
                        host's cores, at most %d, and no more than\n\
                        the device holds at the default stack)\n\
  --idle N              With --serve: end after N seconds without a\n\
                        program (default: never)\n\
  --help                Print this help and exit\n\
  --version             Print version number and exit\n",
	   rpc_launch_help (), WARM_WORKERS_DEFAULT_MAX);
  exit (status);
}

static const struct option long_options[] =
  {
    { "stack-size", required_argument, 0, 'S' },
    { "heap-size", required_argument, 0, 'H' },
    { "lanes", required_argument, 0, 'L' },
    { "optlevel", required_argument, 0, 'O' },
    { "lineinfo", no_argument, 0, 'g' },
    { "debuginfo", no_argument, 0, 'G' },
    { "device", required_argument, 0, OPT_DEVICE },
    { "serve", no_argument, 0, OPT_SERVE },
    { "workers", required_argument, 0, OPT_WORKERS },
    { "idle", required_argument, 0, OPT_IDLE },
    RPC_LAUNCH_LONG_OPTIONS,
    { "help", no_argument, 0, 'h' },
    { "version", no_argument, 0, 'V' },
    { 0, 0, 0, 0 }
  };

/* The stack limit the context has.  The driver reserves that much
   memory for every thread the device can hold, whatever a kernel
   launches: 128 KiB a thread is 35 GB of an H100's 80.  */
static size_t context_stack_size;

/* In a warm server's worker (warm_start): the context's first stack
   limit, and the most it keeps between programs, its share of the
   device's memory.  A program that needed more is followed by lowering
   the limit back to the first; the programs within the share, most of
   a test suite's, leave it as it is, which changing costs the driver
   time (docs/testing.md, "Stack memory").  */
static size_t warm_first_stack, warm_stack_share;

/* Whether a stack of SIZE bytes a thread may fit the device, alone on
   it.  Not memory_alone: the context takes less than CONTEXT_RESERVE,
   and a stack in between, refused here, fails a program that a run
   alone passes.  Counting none of the context's memory costs only
   the wait for memory, in vain, for a stack within it of the whole.  */
static bool
stack_fits_device (size_t size)
{
  return size <= device_memory () / device_threads (dev);
}

/* Set the context's stack limit to SIZE.  A plain run waits for memory
   that other launchers hold (memory_wait).  In a warm worker, memory
   that a plain run would have may be held by the sibling workers: then
   ask for it (warm_want_memory), first from their stacks, then from
   their contexts, so that the program has the device as a plain run
   has it.  */
static CUresult
set_stack (size_t size)
{
  CUresult r;

  if (size == context_stack_size)
    return CUDA_SUCCESS;
  r = cuda.cuCtxSetLimit (CU_LIMIT_STACK_SIZE, size);
  /* No one's memory coming back makes room for more than the device
     has.  */
  if (r == CUDA_ERROR_OUT_OF_MEMORY && stack_fits_device (size))
    {
      if (!warm_worker)
	while (memory_wait (r))
	  r = cuda.cuCtxSetLimit (CU_LIMIT_STACK_SIZE, size);
      else
	{
	  /* A plain run starts from the first limit, too.  */
	  if (cuda.cuCtxSetLimit (CU_LIMIT_STACK_SIZE, warm_first_stack)
	      == CUDA_SUCCESS)
	    context_stack_size = warm_first_stack;
	  warm_want_memory (false);
	  r = cuda.cuCtxSetLimit (CU_LIMIT_STACK_SIZE, size);
	  if (r == CUDA_ERROR_OUT_OF_MEMORY)
	    {
	      /* The driver frees a context's memory a while after its
		 process has ended: wait, as a plain run would, while
		 memory keeps coming back.  */
	      warm_want_memory (true);
	      memory_deadline = 0;
	      do
		r = cuda.cuCtxSetLimit (CU_LIMIT_STACK_SIZE, size);
	      while (memory_retry (r));
	    }
	}
    }
  if (r == CUDA_SUCCESS)
    context_stack_size = size;
  return r;
}

/* Set the GPU stack to STACK_SIZE bytes a thread (0: the default, with
   a heap of HEAP_SIZE bytes), or more if PROGRAM's frames need it.  The
   driver raises the stack limit at launch for a kernel whose stack it
   can compute, but a program linked with nvptx-rpc's newlib makes
   indirect calls, so do that here instead: when the direct calls need
   more (ptx-stack.c), give them that and STACK_ROOM for the frames
   behind the indirect calls.  If the device will not give that much,
   keep the limit the program would have had.  Return the limit set.  */
static long
set_stack_limit (const char *program, size_t program_len, long stack_size,
		 long heap_size)
{
  size_t need = (ptx_stack_need (program, program_len, KERNEL) + STACK_ROOM
		 + 7) & -(size_t) 8;
  bool by_default = stack_size == 0;
  CUresult r;

  /* The default from the device's memory, not from what is free now,
     which depends on what other programs hold at the moment: a program
     gets the stack it gets run alone.  */
  if (by_default)
    stack_size = default_stack_size (dev, memory_alone (), heap_size);
  if ((size_t) stack_size < need)
    {
      r = set_stack (need);
      if (r == CUDA_SUCCESS)
	stack_size = need;
      else
	fprintf (stderr, "nvptx-run: could not raise the stack to %zu bytes"
		 " for the program's frames (%s); keeping %ld\n", need,
		 error_name (r), stack_size);
    }
  r = set_stack (stack_size);
  if (r == CUDA_ERROR_OUT_OF_MEMORY && by_default && !warm_worker)
    {
      /* Other processes hold the memory still: share what is free, as
	 the stock launcher does.  */
      size_t free_bytes, total;

      memory_info (&free_bytes, &total);
      stack_size = default_stack_size (dev, free_bytes, heap_size);
      r = set_stack (stack_size);
    }
  fatal_unless_success (r, "could not set stack limit");
  return stack_size;
}

/* What the options ask for.  */
struct run_options
{
  long stack_size, heap_size, num_lanes;
  int device;
  bool serve;
  int workers, idle;
  struct rpc_launch_options rpc;
};

/* A CUDA device number, from --device or $NVPTX_RPC_DEVICE.  */
static int
parse_device (const char *text)
{
  char *end;
  long device = strtol (text, &end, 10);

  if (end == text || *end != '\0' || device < 0 || device > 1023)
    rpc_launch_fatal ("invalid device");
  return device;
}

/* Parse ARGV's options into *O, leaving optind at the program's name.
   From any state of getopt and of the JIT options: a warm server's
   worker parses each of its programs' command lines in turn.  */
static void
parse_options (int argc, char **argv, struct run_options *o)
{
  const char *device = getenv ("NVPTX_RPC_DEVICE");
  int c;

  memset (o, 0, sizeof *o);
  o->heap_size = 256 * 1024 * 1024;
  o->num_lanes = 1;
  rpc_launch_defaults (&o->rpc);
  if (device != NULL && device[0] != '\0')
    o->device = parse_device (device);
  jitopt_lineinfo = jitopt_debuginfo = 0;
  jitopt_optimize = 4;

  /* "+": stop at the program name, so its options pass through.  0
     restarts glibc's getopt from scratch.  */
  optind = 0;
  while ((c = getopt_long (argc, argv, "+S:H:L:O:gGhV", long_options, 0))
	 != -1)
    switch (c)
      {
      case 'S':
	o->stack_size = strtol (optarg, NULL, 0);
	if (o->stack_size <= 0)
	  rpc_launch_fatal ("invalid stack size");
	break;
      case 'H':
	o->heap_size = strtol (optarg, NULL, 0);
	if (o->heap_size <= 0)
	  rpc_launch_fatal ("invalid heap size");
	break;
      case 'L':
	o->num_lanes = strtol (optarg, NULL, 0);
	if (o->num_lanes < 1 || o->num_lanes > 32)
	  rpc_launch_fatal ("invalid lane count");
	break;
      case 'O':
	/* An empty argument wraps to a huge value and is refused too.  */
	jitopt_optimize = (size_t) optarg[0] - '0';
	if (jitopt_optimize > 4 || optarg[1] != '\0')
	  rpc_launch_fatal ("invalid optimization level");
	break;
      case 'g':
	jitopt_lineinfo = 1;
	break;
      case 'G':
	jitopt_debuginfo = 1;
	break;
      case OPT_DEVICE:
	o->device = parse_device (optarg);
	break;
      case OPT_SERVE:
	o->serve = true;
	break;
      case OPT_WORKERS:
	o->workers = strtol (optarg, NULL, 10);
	if (o->workers < 1 || o->workers > WARM_WORKERS_MAX)
	  rpc_launch_fatal ("invalid worker count");
	break;
      case OPT_IDLE:
	o->idle = strtol (optarg, NULL, 10);
	if (o->idle < 1 || o->idle > 1000000)
	  rpc_launch_fatal ("invalid idle time");
	break;
      case 'h':
	usage (stdout, 0);
      case 'V':
	printf ("nvptx-none-run (nvptx-rpc) %s\n", PACKAGE_VERSION);
	exit (0);
      default:
	if (!rpc_launch_option (&o->rpc, c, optarg))
	  usage (stderr, 1);
      }
}

/* Load the driver and make a context on DEVICE, current from then on.  */
static void
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

/* The heap limit the context has, once set; -1 before.  The driver
   refuses to change it once a kernel has used the heap, so a warm
   worker's context keeps the first it is given.  */
static long context_heap_size = -1;

/* Whether the last program's free zeroed the blocks it freed.  */
static bool program_zeroed_freed;

/* Run the program PROGRAM, PROGRAM_LEN bytes read from ARGV[optind], in
   the context start_cuda made, as the options O say, and return its
   status.  The stack, most of what a program takes of the device's
   memory, comes last: a launcher that holds its stack then wants no
   more memory to finish, so launchers waiting for each other's memory
   (memory_wait) cannot each hold a stack while waiting for the other's
   module.  The stock launcher sets the stack first.  */
static int
run_program (struct run_options *o, int argc, char **argv, char *program,
	     size_t program_len)
{
  struct rpc_launch *rpc;
  CUdeviceptr d_retval, d_argv;
  CUmodule module;
  CUfunction kernel;
  int d_argc, result;
  CUresult r;

  r = cuda.cuMemAlloc (&d_retval, sizeof (int));
  fatal_unless_success (r, "cuMemAlloc failed");
  d_argc = argc - optind;
  d_argv = copy_argv_to_device (d_argc, argv + optind);

  if (o->heap_size != context_heap_size)
    {
      do
	r = cuda.cuCtxSetLimit (CU_LIMIT_MALLOC_HEAP_SIZE, o->heap_size);
      while (memory_wait (r));
      fatal_unless_success (r, "could not set heap limit");
      context_heap_size = o->heap_size;
    }
  compile_program (program, program_len, warm_worker, &module, &kernel);
  set_program_name (module, d_argc, argv + optind, d_argv);
  phase_end ("jit");

  o->stack_size = set_stack_limit (program, program_len, o->stack_size,
				   o->heap_size);
  free (program);
  phase_end ("limits");

  o->rpc.one_thread = o->num_lanes == 1;
  o->rpc.zero_freed = warm_worker;
  rpc = rpc_launch_start (&rpc_cuda, module, &o->rpc);
  {
    void *args[] = { &d_retval, &d_argc, &d_argv };

    r = cuda.cuLaunchKernel (kernel, 1, 1, 1, o->num_lanes, 1, 1, 1024,
			     rpc_launch_stream (rpc), args, NULL);
    fatal_unless_success (r, "error launching kernel");
  }
  rpc_launch_serve (rpc);
  phase_end ("run");

  r = cuda.cuMemcpyDtoH (&result, d_retval, sizeof (int));
  fatal_unless_success (r, "error getting kernel result");

  program_zeroed_freed = rpc_launch_zeroes_freed (rpc);
  rpc_launch_stop (rpc);
  cuda.cuMemFree (d_retval);
  cuda.cuMemFree (d_argv);
  cuda.cuModuleUnload (module);
  free (o->rpc.env_settings);
  phase_end ("stop");
  phase_note ("stack", o->stack_size, 0);
  return result;
}

/* A warm server's worker, one of WORKERS, or with AT_MOST of at most
   that many, each with its context and the default stack: once,
   start_cuda, the heap limit every program gets unless it asks for
   another, and the stack the worker may keep.  Return how many.  */
static int
warm_start (int device, int workers, bool at_most)
{
  size_t total, each, threads;
  CUresult r;

  start_cuda (device);
  r = cuda.cuCtxSetLimit (CU_LIMIT_MALLOC_HEAP_SIZE, 256 * 1024 * 1024);
  fatal_unless_success (r, "could not set heap limit");
  context_heap_size = 256 * 1024 * 1024;
  r = cuda.cuCtxGetLimit (&warm_first_stack, CU_LIMIT_STACK_SIZE);
  fatal_unless_success (r, "could not get the stack limit");
  context_stack_size = warm_first_stack;
  total = device_memory ();
  threads = device_threads (dev);
  each = (default_stack_size (dev, memory_alone (), context_heap_size)
	  * threads + CONTEXT_RESERVE);
  if (at_most && total / each < (size_t) workers)
    workers = total / each < 1 ? 1 : total / each;
  warm_stack_share = total / workers / threads;
  warm_worker = true;
  return workers;
}

/* A warm server's worker: one program's command line ARGV, as main
   would run it, in the worker's context; -1 if this context cannot run
   it as a fresh one would (a heap of another size, which the driver
   refuses once a kernel has used the heap), before anything is done.  */
static int
warm_run (int argc, char **argv)
{
  struct run_options o;
  size_t program_len;
  char *program;

  parse_options (argc, argv, &o);
  if (o.heap_size != context_heap_size
      && cuda.cuCtxSetLimit (CU_LIMIT_MALLOC_HEAP_SIZE, o.heap_size)
	 != CUDA_SUCCESS)
    {
      free (o.rpc.env_settings);
      return -1;
    }
  context_heap_size = o.heap_size;
  phases_begin (argv[optind]);
  program = read_program (argv[optind], &program_len);
  phase_end ("read");
  return run_program (&o, argc, argv, program, program_len);
}

/* A warm server's worker, after warm_run's program: whether the worker
   may run another, then lower a stack beyond the worker's share.  Not
   if the program's blocks could reach the next one: a context keeps its
   device heap, whose freed blocks malloc gives the next program, so a
   worker serves another only after a program whose free zeroed them
   (rpc_launch_zeroes_freed).  A block a program never freed stays its,
   and is not given to another.  The program's result stands whatever
   this gives; a worker that could not lower its stack holds the memory
   until it leaves.  */
static bool
warm_clean (void)
{
  if (!program_zeroed_freed)
    {
      phases_write ();
      return false;
    }
  if (context_stack_size > warm_stack_share)
    set_stack (warm_first_stack);
  phase_end ("release");
  phase_note_free_memory ();
  phases_write ();
  return true;
}

/* A warm server's worker, between programs: give back the stack a
   sibling's program needs.  */
static void
warm_yield (void)
{
  set_stack (warm_first_stack);
}

static const struct warm_launcher warm_launcher = { warm_start, warm_run,
						    warm_clean, warm_yield };

int
main (int argc, char **argv)
{
  struct run_options o;
  size_t program_len;
  char *program;
  int result;

  /* The standard streams and SIGPIPE, before anything opens a file.  */
  rpc_launch_init (&o.rpc);
  parse_options (argc, argv, &o);
  if (o.serve)
    return warm_serve (o.device, o.workers, o.idle, memory_wait_seconds (),
		       &warm_launcher);
  if (argc < optind + 1)
    rpc_launch_fatal ("no program file specified");
  program = read_program (argv[optind], &program_len);
  /* A warm server for the device runs it, if there is one: this returns
     only when there is none.  */
  warm_client (o.device, argc, argv);

  phases_begin (argv[optind]);
  start_cuda (o.device);
  phase_end ("driver");
  result = run_program (&o, argc, argv, program, program_len);
  phase_note_free_memory ();
  cuda.cuCtxDestroy (ctx);
  phase_end ("destroy");
  phases_write ();
  return result;
}
