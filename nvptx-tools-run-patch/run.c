/* nvptx-none-run with host services: run a PTX program linked with
   -mmainkernel on an NVIDIA GPU, and serve its system calls (open, read,
   write, ...) over the nvptx-rpc mailbox.

   It takes the same options and behaves like nvptx-tools' nvptx-run, so it
   can replace nvptx-none-run; a program built without nvptx-rpc runs
   exactly as under the stock launcher.  See include/nvptx-rpc.h for the
   protocol and rpc-server.h for the part that serves the requests.  */

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <sched.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* For types and prototypes only: libcuda.so.1 is opened at run time, so
   that the launcher builds, and answers --help, without the driver.  */
#include <cuda.h>

#include "nvptx-rpc.h"
#include "ptx-stack.h"
#include "rpc-server.h"

#ifndef PACKAGE_VERSION
# define PACKAGE_VERSION "unknown"
#endif

#define STRINGIFY(x) STRINGIFY_1 (x)
#define STRINGIFY_1(x) #x

/* Every driver function the launcher calls.  cuda.h #defines many of the
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

static void __attribute__ ((noreturn, format (printf, 1, 2)))
fatal_error (const char *fmt, ...)
{
  va_list ap;

  va_start (ap, fmt);
  fprintf (stderr, "nvptx-run: ");
  vfprintf (stderr, fmt, ap);
  fprintf (stderr, "\n");
  va_end (ap);

  exit (127);
}

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
  fatal_error ("%s: %s (%s, %d)", msg, s, error_name (r), (int) r);
}

/* Open libcuda.so.1 and fill in CUDA.  Every function is required: all of
   them are older than any driver that can run GCC's PTX.  */
static void
load_libcuda (void)
{
  void *h = dlopen ("libcuda.so.1", RTLD_LAZY);

  if (h == NULL)
    fatal_error ("cannot load libcuda.so.1: %s: is the NVIDIA driver "
		 "installed?", dlerror ());

#define CUDA_LOOKUP(fn)						\
  cuda.fn = (__typeof (cuda.fn)) dlsym (h, STRINGIFY (fn));	\
  if (cuda.fn == NULL)						\
    fatal_error ("%s: is the NVIDIA driver too old?", dlerror ());
  CUDA_FUNCTIONS (CUDA_LOOKUP)
#undef CUDA_LOOKUP
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
    fatal_error ("program file not found");
  /* A directory opens, and seeks to an end gigabytes away: a read says
     what it is.  */
  if (getc (f) == EOF && ferror (f))
    fatal_error ("cannot read program file: %s", strerror (errno));
  if (fseek (f, 0, SEEK_END) != 0 || (size = ftell (f)) < 0
      || fseek (f, 0, SEEK_SET) != 0)
    fatal_error ("cannot read program file: %s", strerror (errno));
  program = malloc (size + 1);
  if (program == NULL)
    fatal_error ("out of memory reading program file");
  if (fread (program, 1, size, f) != (size_t) size)
    fatal_error ("cannot read program file");
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

/* JIT-link PROGRAM, LEN bytes of NUL-separated PTX chunks (what
   nvptx-none-ld writes), load the result as *MODULE and find its __main
   kernel.  */
static void
compile_program (const char *program, size_t len, CUmodule *module,
		 CUfunction *kernel)
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
  void *linkout;
  size_t off = 0;
  int count = 0;
  CUresult r;

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
			      (void *) (program + off), l + 1, name,
			      0, NULL, NULL);
      if (r != CUDA_SUCCESS)
	{
	  fprintf (stderr, "%s\n", elog);
	  fatal_unless_success (r, "cuLinkAddData failed");
	}
      off += l;
    }

  r = cuda.cuLinkComplete (linkstate, &linkout, NULL);
  if (r != CUDA_SUCCESS)
    {
      fprintf (stderr, "%s\n", elog);
      fatal_unless_success (r, "cuLinkComplete failed");
    }

  /* LINKOUT belongs to LINKSTATE: load it before destroying that.  */
  r = cuda.cuModuleLoadData (module, linkout);
  fatal_unless_success (r, "cuModuleLoadData failed");

  r = cuda.cuLinkDestroy (linkstate);
  fatal_unless_success (r, "cuLinkDestroy failed");

  r = cuda.cuModuleGetFunction (kernel, *module, KERNEL);
  fatal_unless_success (r, "could not find kernel __main");
}

/* The stock launcher's default per-lane stack size for device DEV when
   the heap takes HEAP_SIZE bytes.  */
static size_t
default_stack_size (CUdevice dev, long heap_size)
{
  int sm_count, thread_max;
  size_t mem, mem_total;
  CUresult r;

  /* The driver appears to account stack memory as if every thread the
     device can host had one, even when a few are launched, so share the
     free memory among all of them.  */
  r = cuda.cuDeviceGetAttribute (&sm_count,
				 CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
				 dev);
  fatal_unless_success (r, "could not get SM count");
  r = cuda.cuDeviceGetAttribute
    (&thread_max, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR, dev);
  fatal_unless_success (r, "could not get max threads per SM count");
  r = cuda.cuMemGetInfo (&mem, &mem_total);
  fatal_unless_success (r, "could not get free and total memory");

  /* Leave room for the heap and 128 MiB more.  With less free memory
     than that the subtraction wraps and the cap below applies, as in the
     stock launcher.  */
  mem -= heap_size + 128 * 1024 * 1024;
  mem /= sm_count * thread_max;
  if (mem > 128 * 1024)
    mem = 128 * 1024;
  return mem & -(size_t) 8;
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
    fatal_error ("out of memory copying arguments");
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

/* Direct transfers (NVPTX_RPC_DIRECT): the server's copies between the
   program's memory and two staging buffers, by DMA on a stream of their
   own.  That stream is non-blocking, as the kernel's is, so the copies
   run while the kernel runs (the thread that asked waits for the reply)
   and nothing waits for the kernel.  DMA runs asynchronously only from
   page-locked memory: the staging buffers take 2 x STAGING_SIZE = 8 MiB
   of it for the whole run, allocated before the kernel starts.  4 MiB a
   buffer: each copy costs 15-30 us before it moves 30-50 GB/s, while the
   host's reads and writes of the other buffer, at a few GB/s, hide it;
   larger buffers leave more of the last copy unhidden.  */
#define STAGING_SIZE (4 * 1024 * 1024)

/* The driver's DMA reaches only its own allocations, as the module's
   globals are; not the device heap, which malloc in a GPU program draws
   from.  Those copies are made by this kernel on the same stream: many
   threads move the bytes between the program's memory and a staging
   buffer, which is mapped into the GPU, 16 bytes a thread when every
   address and the count allow, else a byte.  */
static const char copy_kernel_ptx[] =
  ".version 6.0\n"
  ".target sm_50\n"
  ".address_size 64\n"
  ".visible .entry nvptx_rpc_copy (.param .u64 to, .param .u64 from, .param .u64 count)\n"
  "{\n"
  "\t.reg .u64 %to, %from, %count, %i, %step, %a, %b;\n"
  "\t.reg .u32 %lane, %lanes, %block, %blocks, %x, %y, %z, %w;\n"
  "\t.reg .u16 %c;\n"
  "\t.reg .pred %p;\n"
  "\tld.param.u64 %to, [to];\n"
  "\tld.param.u64 %from, [from];\n"
  "\tld.param.u64 %count, [count];\n"
  "\tmov.u32 %lane, %tid.x;\n"
  "\tmov.u32 %lanes, %ntid.x;\n"
  "\tmov.u32 %block, %ctaid.x;\n"
  "\tmov.u32 %blocks, %nctaid.x;\n"
  "\tmul.wide.u32 %i, %block, %lanes;\n"
  "\tcvt.u64.u32 %a, %lane;\n"
  "\tadd.u64 %i, %i, %a;\n"
  "\tmul.wide.u32 %step, %blocks, %lanes;\n"
  "\tor.b64 %a, %to, %from;\n"
  "\tor.b64 %a, %a, %count;\n"
  "\tand.b64 %a, %a, 15;\n"
  "\tsetp.ne.u64 %p, %a, 0;\n"
  "\t@%p bra bytes;\n"
  "\tshl.b64 %i, %i, 4;\n"
  "\tshl.b64 %step, %step, 4;\n"
  "quads:\n"
  "\tsetp.ge.u64 %p, %i, %count;\n"
  "\t@%p bra done;\n"
  "\tadd.u64 %a, %from, %i;\n"
  "\tld.v4.u32 {%x, %y, %z, %w}, [%a];\n"
  "\tadd.u64 %b, %to, %i;\n"
  "\tst.v4.u32 [%b], {%x, %y, %z, %w};\n"
  "\tadd.u64 %i, %i, %step;\n"
  "\tbra quads;\n"
  "bytes:\n"
  "\tsetp.ge.u64 %p, %i, %count;\n"
  "\t@%p bra done;\n"
  "\tadd.u64 %a, %from, %i;\n"
  "\tld.u8 %c, [%a];\n"
  "\tadd.u64 %b, %to, %i;\n"
  "\tst.u8 [%b], %c;\n"
  "\tadd.u64 %i, %i, %step;\n"
  "\tbra bytes;\n"
  "done:\n"
  "\tret;\n"
  "}\n";
#define COPY_KERNEL "nvptx_rpc_copy"
#define COPY_BLOCKS 64
#define COPY_THREADS 256

static struct
{
  CUstream stream;
  CUmodule module;
  CUfunction kernel;
  CUdeviceptr staging[2];	/* The staging buffers, as the GPU sees
				   them.  */
} copier;

static struct rpc_device_copy dma;	/* Below, with its functions.  */

/* Whether COUNT bytes at device ADDRESS are all in one of the driver's
   allocations, which its DMA reaches.  */
static bool
dma_reaches (uint64_t address, size_t count)
{
  CUdeviceptr base;
  size_t size;

  return cuda.cuMemGetAddressRange (&base, &size, address) == CUDA_SUCCESS
	 && count <= size - (address - base);
}

/* The GPU's address of HOST, which is in a staging buffer.  */
static CUdeviceptr
staging_on_device (const void *host)
{
  int i = (const char *) host - (const char *) dma.staging[0]
	  < STAGING_SIZE ? 0 : 1;
  return copier.staging[i] + ((const char *) host
			      - (const char *) dma.staging[i]);
}

/* Start copying COUNT bytes from device address FROM to TO by the copy
   kernel.  */
static int
start_copy_kernel (CUdeviceptr to, CUdeviceptr from, size_t count)
{
  void *args[] = { &to, &from, &count };

  return cuda.cuLaunchKernel (copier.kernel, COPY_BLOCKS, 1, 1,
			      COPY_THREADS, 1, 1, 0, copier.stream, args,
			      NULL) == CUDA_SUCCESS ? 0 : -1;
}

/* Every global address is reachable, by DMA or by the copy kernel: the
   client sends only those (isspacep.global).  One that is not mapped at
   all faults the copy kernel, as it would have faulted the program's own
   thread on the window's path.  */
static bool
dma_reachable (void *context, uint64_t address, size_t count)
{
  (void) context, (void) address, (void) count;
  return true;
}

/* Any error, CUDA_ERROR_INVALID_VALUE for an address above all, is the
   program's EFAULT.  */
static int
dma_start_to_host (void *context, void *host, uint64_t from, size_t count)
{
  (void) context;
  if (!dma_reaches (from, count))
    return start_copy_kernel (staging_on_device (host), from, count);
  return cuda.cuMemcpyDtoHAsync (host, from, count, copier.stream)
	 == CUDA_SUCCESS ? 0 : -1;
}

static int
dma_start_to_device (void *context, uint64_t to, const void *host,
		     size_t count)
{
  (void) context;
  if (!dma_reaches (to, count))
    return start_copy_kernel (to, staging_on_device (host), count);
  return cuda.cuMemcpyHtoDAsync (to, host, count, copier.stream)
	 == CUDA_SUCCESS ? 0 : -1;
}

static int
dma_wait (void *context)
{
  (void) context;
  return cuda.cuStreamSynchronize (copier.stream) == CUDA_SUCCESS ? 0 : -1;
}

/* The copies the server makes by DMA; start_dma gives them their stream
   (the context each function gets) and staging buffers.  */
static struct rpc_device_copy dma = {
  .reachable = dma_reachable,
  .start_to_host = dma_start_to_host,
  .start_to_device = dma_start_to_device,
  .wait = dma_wait,
  .staging_size = STAGING_SIZE,
};

static void
start_dma (void)
{
  CUresult r;

  r = cuda.cuStreamCreate (&copier.stream, CU_STREAM_NON_BLOCKING);
  fatal_unless_success (r, "could not create the DMA stream");
  r = cuda.cuModuleLoadData (&copier.module, copy_kernel_ptx);
  fatal_unless_success (r, "could not load the copy kernel");
  r = cuda.cuModuleGetFunction (&copier.kernel, copier.module, COPY_KERNEL);
  fatal_unless_success (r, "could not find the copy kernel");
  for (int i = 0; i < 2; i++)
    {
      r = cuda.cuMemHostAlloc (&dma.staging[i], STAGING_SIZE,
			       CU_MEMHOSTALLOC_DEVICEMAP);
      fatal_unless_success (r, "could not allocate the DMA staging buffers");
      r = cuda.cuMemHostGetDevicePointer (&copier.staging[i], dma.staging[i],
					  0);
      fatal_unless_success (r, "could not map the DMA staging buffers");
    }
}

static void
stop_dma (void)
{
  cuda.cuStreamDestroy (copier.stream);
  cuda.cuModuleUnload (copier.module);
  for (int i = 0; i < 2; i++)
    cuda.cuMemFreeHost (dma.staging[i]);
}

/* If the program in MODULE speaks nvptx-rpc, give it a mailbox with a
   WINDOW-byte data window and return a server for it, tracing to TRACE;
   the mailbox's host address goes to *MAILBOX.  Return NULL for a program
   built without nvptx-rpc: it runs as under the stock launcher.  */
static struct rpc_server *
start_rpc_server (CUmodule module, uint32_t window, FILE *trace,
		  void **mailbox)
{
  struct nvptx_rpc_link link;
  struct rpc_server *server;
  CUdeviceptr d_link, d_mailbox;
  size_t bytes;
  CUresult r;

  r = cuda.cuModuleGetGlobal (&d_link, &bytes, module,
			      NVPTX_RPC_LINK_SYMBOL);
  if (r == CUDA_ERROR_NOT_FOUND)
    return NULL;
  fatal_unless_success (r, "cuModuleGetGlobal (" NVPTX_RPC_LINK_SYMBOL
			") failed");
  if (bytes != sizeof link)
    fatal_error ("%s has %zu bytes, expected %zu", NVPTX_RPC_LINK_SYMBOL,
		 bytes, sizeof link);
  r = cuda.cuMemcpyDtoH (&link, d_link, sizeof link);
  fatal_unless_success (r, "cuMemcpyDtoH (" NVPTX_RPC_LINK_SYMBOL
			") failed");
  if (link.version != NVPTX_RPC_VERSION)
    fatal_error ("program speaks nvptx-rpc protocol %u, this launcher "
		 "speaks %u; rebuild the program or use a matching launcher",
		 (unsigned) link.version, (unsigned) NVPTX_RPC_VERSION);

  /* Page-locked and mapped, so that the GPU reaches it while the kernel
     runs; portable, so that it stays pinned for every context, not only
     the one current now.  */
  r = cuda.cuMemHostAlloc (mailbox, NVPTX_RPC_MAILBOX_SIZE (window),
			   CU_MEMHOSTALLOC_DEVICEMAP
			   | CU_MEMHOSTALLOC_PORTABLE);
  fatal_unless_success (r, "could not allocate the RPC mailbox");
  start_dma ();
  server = rpc_server_new (*mailbox, window, trace, &dma);
  if (server == NULL)
    fatal_error ("could not start the RPC server: %s", strerror (errno));

  r = cuda.cuMemHostGetDevicePointer (&d_mailbox, *mailbox, 0);
  fatal_unless_success (r, "could not map the RPC mailbox");
  link.mailbox = d_mailbox;
  link.request_seq = 0;
  r = cuda.cuMemcpyHtoD (d_link, &link, sizeof link);
  fatal_unless_success (r, "cuMemcpyHtoD (" NVPTX_RPC_LINK_SYMBOL
			") failed");

  return server;
}

/* Tell the CPU we are in a spin-wait loop: on x86 this saves power and
   frees the core's resources for a sibling hyperthread.  */
static inline void
cpu_relax (void)
{
#if defined (__x86_64__) || defined (__i386__)
  __builtin_ia32_pause ();
#endif
}

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
  --window N            Move system call data through an N-byte window\n\
                        (a multiple of 8 from %u to %u; default: %u)\n\
  --trace               Print each system call of the program to stderr\n\
  --timeout SECONDS     End a program that runs longer, with status 124\n\
                        (default: $NVPTX_RPC_TIMEOUT, else no limit)\n\
  --sandbox DIR         Let the program reach only files beneath DIR\n\
  --read-only           Refuse every change to files (EROFS); standard\n\
                        output and error stay writable\n\
  --env NAME[=VALUE]    Pass NAME from this environment, or set it to VALUE\n\
  --no-env              Give the program an empty environment, but for\n\
                        --env (default: this whole environment)\n\
  --help                Print this help and exit\n\
  --version             Print version number and exit\n",
	   (unsigned) NVPTX_RPC_WINDOW_MIN, (unsigned) NVPTX_RPC_WINDOW_MAX,
	   (unsigned) NVPTX_RPC_WINDOW_DEFAULT);
  exit (status);
}

/* Long options without a short form.  */
enum
{
  OPT_WINDOW = 256,
  OPT_TRACE,
  OPT_TIMEOUT,
  OPT_SANDBOX,
  OPT_READ_ONLY,
  OPT_ENV,
  OPT_NO_ENV
};

static const struct option long_options[] =
  {
    { "stack-size", required_argument, 0, 'S' },
    { "heap-size", required_argument, 0, 'H' },
    { "lanes", required_argument, 0, 'L' },
    { "optlevel", required_argument, 0, 'O' },
    { "lineinfo", no_argument, 0, 'g' },
    { "debuginfo", no_argument, 0, 'G' },
    { "window", required_argument, 0, OPT_WINDOW },
    { "trace", no_argument, 0, OPT_TRACE },
    { "timeout", required_argument, 0, OPT_TIMEOUT },
    { "sandbox", required_argument, 0, OPT_SANDBOX },
    { "read-only", no_argument, 0, OPT_READ_ONLY },
    { "env", required_argument, 0, OPT_ENV },
    { "no-env", no_argument, 0, OPT_NO_ENV },
    { "help", no_argument, 0, 'h' },
    { "version", no_argument, 0, 'V' },
    { 0, 0, 0, 0 }
  };

/* The kernel-wait loop: idle polls that spin with cpu_relax before the
   launcher starts yielding the CPU, and idle polls per query of the
   kernel's state.  */
#define SPIN_POLLS 4096
#define QUERY_POLLS 64

/* Seconds from TEXT, a positive decimal number, for --timeout.  */
static double
parse_timeout (const char *text)
{
  char *end;
  double seconds = strtod (text, &end);

  if (end == text || *end != '\0' || !(seconds > 0))
    fatal_error ("invalid timeout");
  return seconds;
}

/* Seconds on the monotonic clock.  */
static double
now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The program's standard streams are the launcher's 0, 1 and 2.  Left
   closed, they would be the first numbers the CUDA driver's own files
   take, and the program would read and write those: open them on
   /dev/null first.  A pipe whose reader has gone must make the program's
   write fail with EPIPE, not end the launcher: ignore SIGPIPE.  */
static void
settle_standard_streams (void)
{
  for (int fd = 0; fd <= 2; fd++)
    if (fcntl (fd, F_GETFD) < 0
	&& open ("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY) != fd)
      fatal_error ("could not open /dev/null as fd %d: %s", fd,
		   strerror (errno));
  signal (SIGPIPE, SIG_IGN);
}

/* Set the GPU stack to STACK_SIZE bytes a thread, or more if PROGRAM's
   frames need it.  The driver raises the stack limit at launch for a
   kernel whose stack it can compute, but a program linked with
   nvptx-rpc's newlib makes indirect calls, so do that here instead: when
   the direct calls need more (ptx-stack.c), give them that and STACK_ROOM
   for the frames behind the indirect calls.  If the device will not give
   that much, keep the limit the program would have had.  */
static void
set_stack_limit (const char *program, size_t program_len, long stack_size)
{
  size_t need = (ptx_stack_need (program, program_len, KERNEL) + STACK_ROOM
		 + 7) & -(size_t) 8;
  CUresult r;

  if ((size_t) stack_size < need)
    {
      r = cuda.cuCtxSetLimit (CU_LIMIT_STACK_SIZE, need);
      if (r == CUDA_SUCCESS)
	stack_size = need;
      else
	fprintf (stderr, "nvptx-run: could not raise the stack to %zu bytes"
		 " for the program's frames (%s); keeping %ld\n", need,
		 error_name (r), stack_size);
    }
  r = cuda.cuCtxSetLimit (CU_LIMIT_STACK_SIZE, stack_size);
  fatal_unless_success (r, "could not set stack limit");
}

/* What the program may reach: --sandbox, --read-only, --env, --no-env
   (docs/security.md).  */
static struct
{
  const char *sandbox_dir;
  bool read_only;
  bool empty_environment;
  const char **env_settings;	/* --env's arguments, in order.  */
  size_t env_count;
} confinement;

/* Apply CONFINEMENT to SERVER, before the program's first request; never
   let it run with less confinement than asked for.  */
static void
confine (struct rpc_server *server)
{
  if (rpc_server_confine (server, confinement.sandbox_dir,
			  confinement.read_only) != 0)
    {
      if (errno == ENOSYS)
	fatal_error ("--sandbox needs openat2 (Linux 5.6 or later) and "
		     "/proc");
      fatal_error ("cannot use %s as the sandbox: %s",
		   confinement.sandbox_dir, strerror (errno));
    }
  if ((confinement.empty_environment || confinement.env_count > 0)
      && rpc_server_set_environment (server, !confinement.empty_environment,
				     confinement.env_settings,
				     confinement.env_count) != 0)
    fatal_error ("could not set the program's environment: %s",
		 strerror (errno));
}

/* Before the launcher ends early: close the program's files and get out
   what it wrote.  */
static void
stop_serving (struct rpc_server *server)
{
  if (server)
    rpc_server_free (server);
  fflush (stdout);
}

/* Serve the program's requests, if it speaks nvptx-rpc (SERVER), until
   the kernel on STREAM finishes; end the launcher when the kernel fails
   or runs longer than TIMEOUT seconds (if not 0), after closing the
   program's files and flushing what it wrote.  Nothing here waits on the
   kernel: requests are served while it runs.

   A GPU thread waits for each reply, and after one it soon posts its next
   request, so after a served request look again at once.  Idle, spin
   with cpu_relax for SPIN_POLLS polls, which sees a request within
   microseconds, then yield the CPU on each poll, so that a long kernel
   that makes no calls gives way to other runnable work (with none,
   sched_yield returns at once and we keep a core busy, as the stock
   launcher does waiting in the driver).  Ask the driver whether the
   kernel is done only every QUERY_POLLS idle polls: that call costs more
   than a poll.  */
static void
serve_until_done (CUstream stream, struct rpc_server *server, double timeout)
{
  double deadline = now () + timeout;
  unsigned idle_polls = 0;
  CUresult r;

  for (;;)
    {
      if (server && rpc_server_poll (server))
	{
	  idle_polls = 0;
	  continue;
	}
      if (idle_polls++ % QUERY_POLLS == 0)
	{
	  r = cuda.cuStreamQuery (stream);
	  if (r == CUDA_SUCCESS)
	    break;
	  if (r != CUDA_ERROR_NOT_READY)
	    {
	      /* The kernel trapped or faulted.  */
	      stop_serving (server);
	      fatal_unless_success (r, "the GPU program failed");
	    }
	  if (timeout > 0 && now () > deadline)
	    {
	      /* As timeout(1) does; the context goes with the process.  */
	      stop_serving (server);
	      fprintf (stderr, "nvptx-run: the GPU program ran longer than "
		       "%g s\n", timeout);
	      exit (124);
	    }
	}
      if (idle_polls < SPIN_POLLS)
	cpu_relax ();
      else
	sched_yield ();
    }
  /* A finished kernel has no thread left waiting for a reply, so nothing
     can be pending; serve whatever is, in case.  */
  while (server && rpc_server_poll (server))
    ;
}

int
main (int argc, char **argv)
{
  long stack_size = 0, heap_size = 256 * 1024 * 1024, num_lanes = 1;
  long window = NVPTX_RPC_WINDOW_DEFAULT;
  FILE *trace = NULL;
  const char *timeout_env = getenv ("NVPTX_RPC_TIMEOUT");
  double timeout = timeout_env ? parse_timeout (timeout_env) : 0;
  const char *progname;
  char *program, *end;
  size_t program_len;
  int o, count, d_argc, result;
  CUdevice dev;
  CUcontext ctx;
  CUdeviceptr d_retval, d_argv;
  CUmodule module;
  CUfunction kernel;
  CUstream stream;
  struct rpc_server *server;
  void *mailbox = NULL;
  CUresult r;

  settle_standard_streams ();
  /* "+": stop at the program name, so its options pass through.  */
  while ((o = getopt_long (argc, argv, "+S:H:L:O:gGhV", long_options, 0))
	 != -1)
    switch (o)
      {
      case 'S':
	stack_size = strtol (optarg, NULL, 0);
	if (stack_size <= 0)
	  fatal_error ("invalid stack size");
	break;
      case 'H':
	heap_size = strtol (optarg, NULL, 0);
	if (heap_size <= 0)
	  fatal_error ("invalid heap size");
	break;
      case 'L':
	num_lanes = strtol (optarg, NULL, 0);
	if (num_lanes < 1 || num_lanes > 32)
	  fatal_error ("invalid lane count");
	break;
      case 'O':
	/* An empty argument wraps to a huge value and is refused too.  */
	jitopt_optimize = (size_t) optarg[0] - '0';
	if (jitopt_optimize > 4 || optarg[1] != '\0')
	  fatal_error ("invalid optimization level");
	break;
      case 'g':
	jitopt_lineinfo = 1;
	break;
      case 'G':
	jitopt_debuginfo = 1;
	break;
      case OPT_WINDOW:
	/* The window starts 8-byte aligned; a multiple of 8 lets both sides
	   move it in 8-byte words.  */
	window = strtol (optarg, &end, 0);
	if (end == optarg || *end != '\0'
	    || window < NVPTX_RPC_WINDOW_MIN || window > NVPTX_RPC_WINDOW_MAX
	    || window % 8 != 0)
	  fatal_error ("invalid window size");
	break;
      case OPT_TRACE:
	trace = stderr;
	break;
      case OPT_TIMEOUT:
	timeout = parse_timeout (optarg);
	break;
      case OPT_SANDBOX:
	confinement.sandbox_dir = optarg;
	break;
      case OPT_READ_ONLY:
	confinement.read_only = true;
	break;
      case OPT_ENV:
	if (optarg[0] == '\0' || optarg[0] == '=')
	  fatal_error ("invalid --env setting: %s", optarg);
	/* Never more than the arguments.  */
	if (confinement.env_settings == NULL
	    && (confinement.env_settings
		= malloc (argc * sizeof *confinement.env_settings)) == NULL)
	  fatal_error ("out of memory");
	confinement.env_settings[confinement.env_count++] = optarg;
	break;
      case OPT_NO_ENV:
	confinement.empty_environment = true;
	break;
      case 'h':
	usage (stdout, 0);
      case 'V':
	printf ("nvptx-none-run (nvptx-rpc) %s\n", PACKAGE_VERSION);
	exit (0);
      default:
	usage (stderr, 1);
      }

  if (argc < optind + 1)
    fatal_error ("no program file specified");
  progname = argv[optind];
  program = read_program (progname, &program_len);

  load_libcuda ();

  r = cuda.cuInit (0);
  fatal_unless_success (r, "no CUDA device: cuInit failed");
  r = cuda.cuDeviceGetCount (&count);
  fatal_unless_success (r, "cuDeviceGetCount failed");
  if (count == 0)
    fatal_error ("no CUDA device");
  r = cuda.cuDeviceGet (&dev, 0);
  fatal_unless_success (r, "cuDeviceGet failed");
  /* The mailbox is host memory mapped into the GPU.  CUDA 11 and later do
     that in every context, but the flag says what we rely on.  CUDA 13's
     cuCtxCreate (cuCtxCreate_v4) takes creation parameters: none.  */
#if CUDA_VERSION >= 13000
  r = cuda.cuCtxCreate (&ctx, NULL, CU_CTX_MAP_HOST, dev);
#else
  r = cuda.cuCtxCreate (&ctx, CU_CTX_MAP_HOST, dev);
#endif
  fatal_unless_success (r, "cuCtxCreate failed");

  r = cuda.cuMemAlloc (&d_retval, sizeof (int));
  fatal_unless_success (r, "cuMemAlloc failed");
  d_argc = argc - optind;
  d_argv = copy_argv_to_device (d_argc, argv + optind);

  if (stack_size == 0)
    stack_size = default_stack_size (dev, heap_size);
  set_stack_limit (program, program_len, stack_size);
  r = cuda.cuCtxSetLimit (CU_LIMIT_MALLOC_HEAP_SIZE, heap_size);
  fatal_unless_success (r, "could not set heap limit");

  compile_program (program, program_len, &module, &kernel);
  free (program);

  server = start_rpc_server (module, window, trace, &mailbox);
  if (server)
    confine (server);

  /* Non-blocking, as the DMA stream: neither waits for the other, nor
     for the default stream.  */
  r = cuda.cuStreamCreate (&stream, CU_STREAM_NON_BLOCKING);
  fatal_unless_success (r, "cuStreamCreate failed");

  {
    void *args[] = { &d_retval, &d_argc, &d_argv };

    r = cuda.cuLaunchKernel (kernel, 1, 1, 1, num_lanes, 1, 1, 1024,
			     stream, args, NULL);
    fatal_unless_success (r, "error launching kernel");
  }

  serve_until_done (stream, server, timeout);

  r = cuda.cuMemcpyDtoH (&result, d_retval, sizeof (int));
  fatal_unless_success (r, "error getting kernel result");

  cuda.cuStreamDestroy (stream);
  cuda.cuMemFree (d_retval);
  cuda.cuMemFree (d_argv);
  cuda.cuModuleUnload (module);
  if (server)
    {
      /* The server works in the mailbox and the staging buffers: free
	 it first.  */
      rpc_server_free (server);
      stop_dma ();
      cuda.cuMemFreeHost (mailbox);
    }
  cuda.cuCtxDestroy (ctx);

  return result;
}
