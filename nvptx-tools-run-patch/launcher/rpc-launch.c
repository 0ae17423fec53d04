/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* nvptx-rpc in a launcher: the mailbox, the server and its copies by
   DMA, attached to the program's module and served while its kernel
   runs.  See rpc-launch.h for how a launcher uses it, include/nvptx-rpc.h
   for the protocol and rpc-server.h for the part that serves the
   requests.  */

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "nvptx-rpc.h"
#include "rpc-launch.h"
#include "rpc-server.h"

struct rpc_launch
{
  const struct rpc_launch_cuda *cuda;
  const struct rpc_launch_options *options;
  CUstream stream;		/* The kernel's.  */
  struct rpc_server *server;	/* NULL: the program has no nvptx-rpc.  */
  void *mailbox;		/* The server's, host view.  */
  /* The copies the server makes by DMA, whose context is this launch,
     and their stream.  */
  struct rpc_device_copy dma;
  CUstream dma_stream;
  /* The copy kernel, for what DMA does not reach, and the staging
     buffers as the GPU sees them.  */
  CUmodule copy_module;
  CUfunction copy_kernel;
  CUdeviceptr staging_on_device[2];
  bool staging_refused;		/* The driver would not give them.  */
  double deadline;		/* When the kernel has run too long.  */
  bool zeroes_freed;		/* The program's free zeroes its blocks.  */
};

const char *rpc_launch_name = "nvptx-run";

void
rpc_launch_fatal (const char *fmt, ...)
{
  va_list ap;

  va_start (ap, fmt);
  fprintf (stderr, "%s: ", rpc_launch_name);
  vfprintf (stderr, fmt, ap);
  fprintf (stderr, "\n");
  va_end (ap);

  exit (127);
}

/* Fatal error MSG, with the driver's name and description of R, unless R
   is CUDA_SUCCESS.  */
static void
fatal_unless_success (const struct rpc_launch_cuda *cuda, CUresult r,
		      const char *msg)
{
  const char *s = NULL, *n = NULL;

  if (r == CUDA_SUCCESS)
    return;
  /* Either leaves its answer NULL for a code the driver does not
     know.  */
  if (cuda->cuGetErrorString == NULL
      || cuda->cuGetErrorString (r, &s) != CUDA_SUCCESS || s == NULL)
    s = "[unknown]";
  if (cuda->cuGetErrorName == NULL
      || cuda->cuGetErrorName (r, &n) != CUDA_SUCCESS || n == NULL)
    n = "[unknown]";
  rpc_launch_fatal ("%s: %s (%s, %d)", msg, s, n, (int) r);
}

const char *
rpc_launch_help (void)
{
  static char help[1024];

  if (help[0] == '\0')
    snprintf (help, sizeof help, "\
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
                        --env (default: this whole environment)\n",
	      (unsigned) NVPTX_RPC_WINDOW_MIN, (unsigned) NVPTX_RPC_WINDOW_MAX,
	      (unsigned) NVPTX_RPC_WINDOW_DEFAULT);
  return help;
}

/* Seconds from TEXT, a positive decimal number, for --timeout.  */
static double
parse_timeout (const char *text)
{
  char *end;
  double seconds = strtod (text, &end);

  if (end == text || *end != '\0' || !(seconds > 0))
    rpc_launch_fatal ("invalid timeout");
  return seconds;
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
      rpc_launch_fatal ("could not open /dev/null as fd %d: %s", fd,
		   strerror (errno));
  signal (SIGPIPE, SIG_IGN);
}

void
rpc_launch_defaults (struct rpc_launch_options *options)
{
  const char *timeout = getenv ("NVPTX_RPC_TIMEOUT");

  memset (options, 0, sizeof *options);
  options->window = NVPTX_RPC_WINDOW_DEFAULT;
  if (timeout != NULL)
    options->timeout = parse_timeout (timeout);
}

void
rpc_launch_init (struct rpc_launch_options *options)
{
  rpc_launch_defaults (options);
  settle_standard_streams ();
}

bool
rpc_launch_option (struct rpc_launch_options *options, int code,
		   const char *arg)
{
  const char **settings;
  char *end;
  long window;

  switch (code)
    {
    case RPC_LAUNCH_OPT_WINDOW:
      /* A multiple of 8 keeps every piece of a transfer in whole words;
	 the window area is whole 16-byte blocks anyway
	 (NVPTX_RPC_MAILBOX_SIZE), which the GPU moves whole.  */
      window = strtol (arg, &end, 0);
      if (end == arg || *end != '\0'
	  || window < NVPTX_RPC_WINDOW_MIN || window > NVPTX_RPC_WINDOW_MAX
	  || window % 8 != 0)
	rpc_launch_fatal ("invalid window size");
      options->window = window;
      return true;
    case RPC_LAUNCH_OPT_TRACE:
      options->trace = stderr;
      return true;
    case RPC_LAUNCH_OPT_TIMEOUT:
      options->timeout = parse_timeout (arg);
      return true;
    case RPC_LAUNCH_OPT_SANDBOX:
      options->sandbox_dir = arg;
      return true;
    case RPC_LAUNCH_OPT_READ_ONLY:
      options->read_only = true;
      return true;
    case RPC_LAUNCH_OPT_ENV:
      if (arg[0] == '\0' || arg[0] == '=')
	rpc_launch_fatal ("invalid --env setting: %s", arg);
      settings = realloc (options->env_settings,
			  (options->env_count + 1) * sizeof *settings);
      if (settings == NULL)
	rpc_launch_fatal ("out of memory");
      settings[options->env_count++] = arg;
      options->env_settings = settings;
      return true;
    case RPC_LAUNCH_OPT_NO_ENV:
      options->empty_environment = true;
      return true;
    default:
      return false;
    }
}

/* Direct transfers (NVPTX_RPC_DIRECT): the server's copies between the
   program's memory and two staging buffers, by DMA on a stream of their
   own.  That stream is non-blocking, as the kernel's is, so the copies
   run while the kernel runs (the thread that asked waits for the reply)
   and nothing waits for the kernel.  DMA runs asynchronously only from
   page-locked memory: the staging buffers take 2 x STAGING_SIZE = 8 MiB
   of it, from the first direct transfer to the end of the run.  4 MiB a
   buffer: the host's reads and writes of the other buffer, far slower
   than the DMA, hide each copy's start-up; larger buffers leave more of
   the last copy unhidden (docs/performance.md, "The figures behind the
   code's choices").  */
#define STAGING_SIZE (4 * 1024 * 1024)

/* The launch, from the DMA functions' context.  */
static struct rpc_launch *
launch_of (void *context)
{
  return (struct rpc_launch *) context;
}

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
  ".visible .entry nvptx_rpc_copy (.param .u64 to, .param .u64 from,\n"
  "\t.param .u64 count)\n"
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

/* Whether COUNT bytes at device ADDRESS are all in one of the driver's
   allocations, which its DMA reaches.  */
static bool
dma_reaches (const struct rpc_launch *launch, uint64_t address, size_t count)
{
  CUdeviceptr base;
  size_t size;

  return launch->cuda->cuMemGetAddressRange (&base, &size, address)
	 == CUDA_SUCCESS && count <= size - (address - base);
}

/* The GPU's address of HOST, which is in a staging buffer.  */
static CUdeviceptr
staging_on_device (const struct rpc_launch *launch, const void *host)
{
  const char *h = (const char *) host;
  int i = h - (const char *) launch->dma.staging[0] < STAGING_SIZE ? 0 : 1;

  return launch->staging_on_device[i]
	 + (h - (const char *) launch->dma.staging[i]);
}

/* Start copying COUNT bytes from device address FROM to TO by the copy
   kernel.  */
static int
start_copy_kernel (struct rpc_launch *launch, CUdeviceptr to,
		   CUdeviceptr from, size_t count)
{
  void *args[] = { &to, &from, &count };

  return launch->cuda->cuLaunchKernel (launch->copy_kernel, COPY_BLOCKS, 1, 1,
				       COPY_THREADS, 1, 1, 0,
				       launch->dma_stream, args, NULL)
	 == CUDA_SUCCESS ? 0 : -1;
}

/* Every global address is reachable, by DMA or by the copy kernel: the
   client sends only those (isspacep.global).  One that is not mapped at
   all faults the copy kernel, as it would have faulted the program's own
   thread on the window's path.  The staging buffers are allocated here,
   for the first direct transfer: 8 MiB of page-locked memory take the
   driver milliseconds to allocate and free, which a program that makes
   none (hello) would pay.  Without them nothing is reachable, and
   the client takes the window; the driver is not asked again, which
   would cost every later transfer as much.  */
static bool
dma_reachable (void *context, uint64_t address, size_t count)
{
  struct rpc_launch *launch = launch_of (context);
  const struct rpc_launch_cuda *cuda = launch->cuda;

  (void) address, (void) count;
  if (launch->staging_refused)
    return false;
  if (launch->dma.staging[1] != NULL)
    return true;
  for (int i = 0; i < 2; i++)
    {
      void *p = NULL;

      if (cuda->cuMemHostAlloc (&p, STAGING_SIZE, CU_MEMHOSTALLOC_DEVICEMAP)
	  != CUDA_SUCCESS)
	p = NULL;
      if (p == NULL
	  || cuda->cuMemHostGetDevicePointer (&launch->staging_on_device[i],
					      p, 0) != CUDA_SUCCESS)
	{
	  /* Neither is kept: page-locked memory is the machine's.  */
	  if (p != NULL)
	    cuda->cuMemFreeHost (p);
	  if (i == 1)
	    cuda->cuMemFreeHost (launch->dma.staging[0]);
	  launch->dma.staging[0] = NULL;
	  launch->staging_refused = true;
	  return false;
	}
      launch->dma.staging[i] = p;
    }
  return true;
}

/* Any error, CUDA_ERROR_INVALID_VALUE for an address above all, is the
   program's EFAULT.  */
static int
dma_start_to_host (void *context, void *host, uint64_t from, size_t count)
{
  struct rpc_launch *launch = launch_of (context);

  if (!dma_reaches (launch, from, count))
    return start_copy_kernel (launch, staging_on_device (launch, host), from,
			      count);
  return launch->cuda->cuMemcpyDtoHAsync (host, from, count,
					  launch->dma_stream) == CUDA_SUCCESS
	 ? 0 : -1;
}

static int
dma_start_to_device (void *context, uint64_t to, const void *host,
		     size_t count)
{
  struct rpc_launch *launch = launch_of (context);

  if (!dma_reaches (launch, to, count))
    return start_copy_kernel (launch, to, staging_on_device (launch, host),
			      count);
  return launch->cuda->cuMemcpyHtoDAsync (to, host, count,
					  launch->dma_stream) == CUDA_SUCCESS
	 ? 0 : -1;
}

static int
dma_wait (void *context)
{
  struct rpc_launch *launch = launch_of (context);

  return launch->cuda->cuStreamSynchronize (launch->dma_stream)
	 == CUDA_SUCCESS ? 0 : -1;
}

static void
start_dma (struct rpc_launch *launch)
{
  const struct rpc_launch_cuda *cuda = launch->cuda;
  CUresult r;

  r = cuda->cuStreamCreate (&launch->dma_stream, CU_STREAM_NON_BLOCKING);
  fatal_unless_success (cuda, r, "could not create the DMA stream");
  launch->dma.context = launch;
  launch->dma.reachable = dma_reachable;
  launch->dma.start_to_host = dma_start_to_host;
  launch->dma.start_to_device = dma_start_to_device;
  launch->dma.wait = dma_wait;
  launch->dma.staging_size = STAGING_SIZE;
  r = cuda->cuModuleLoadData (&launch->copy_module, copy_kernel_ptx);
  fatal_unless_success (cuda, r, "could not load the copy kernel");
  r = cuda->cuModuleGetFunction (&launch->copy_kernel, launch->copy_module,
				 COPY_KERNEL);
  fatal_unless_success (cuda, r, "could not find the copy kernel");
}

static void
stop_dma (struct rpc_launch *launch)
{
  launch->cuda->cuStreamDestroy (launch->dma_stream);
  launch->cuda->cuModuleUnload (launch->copy_module);
  for (int i = 0; i < 2; i++)
    if (launch->dma.staging[i] != NULL)
      launch->cuda->cuMemFreeHost (launch->dma.staging[i]);
}

/* Each of the program's descriptors is one of ours: raise our soft limit
   on them, as far as the hard limit lets, so that the program can hold
   the NVPTX_RPC_FDS the protocol promises, and we some of our own.  */
static void
raise_descriptor_limit (void)
{
  rlim_t wanted = NVPTX_RPC_FDS + 256;
  struct rlimit limit;

  if (getrlimit (RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur >= wanted)
    return;
  limit.rlim_cur = limit.rlim_max < wanted ? limit.rlim_max : wanted;
  setrlimit (RLIMIT_NOFILE, &limit);
}

/* If the program in MODULE speaks nvptx-rpc, give it a mailbox with the
   options' data window, and LAUNCH a server for it.  Leave LAUNCH without
   one for a program built without nvptx-rpc: it runs as under the stock
   launcher.  */
static void
start_rpc_server (struct rpc_launch *launch, CUmodule module)
{
  const struct rpc_launch_cuda *cuda = launch->cuda;
  uint32_t window = launch->options->window;
  struct nvptx_rpc_link link;
  CUdeviceptr d_link, d_mailbox;
  size_t bytes;
  CUresult r;

  r = cuda->cuModuleGetGlobal (&d_link, &bytes, module,
			       NVPTX_RPC_LINK_SYMBOL);
  if (r == CUDA_ERROR_NOT_FOUND)
    return;
  fatal_unless_success (cuda, r, "cuModuleGetGlobal ("
			NVPTX_RPC_LINK_SYMBOL ") failed");
  if (bytes != sizeof link)
    rpc_launch_fatal ("%s has %zu bytes, expected %zu", NVPTX_RPC_LINK_SYMBOL,
		 bytes, sizeof link);
  r = cuda->cuMemcpyDtoH (&link, d_link, sizeof link);
  fatal_unless_success (cuda, r, "cuMemcpyDtoH (" NVPTX_RPC_LINK_SYMBOL
			") failed");
  if (link.version != NVPTX_RPC_VERSION)
    rpc_launch_fatal ("program speaks nvptx-rpc protocol %u, this launcher "
		 "speaks %u; rebuild the program or use a matching launcher",
		 (unsigned) link.version, (unsigned) NVPTX_RPC_VERSION);

  /* Page-locked and mapped, so that the GPU reaches it while the kernel
     runs; portable, so that it stays pinned for every context, not only
     the one current now.  */
  r = cuda->cuMemHostAlloc (&launch->mailbox,
			    NVPTX_RPC_MAILBOX_SIZE (window),
			    CU_MEMHOSTALLOC_DEVICEMAP
			    | CU_MEMHOSTALLOC_PORTABLE);
  fatal_unless_success (cuda, r, "could not allocate the RPC mailbox");
  /* The program reads the window: nothing of an earlier program's, if
     the driver hands back page-locked memory it had freed.  */
  memset (launch->mailbox, 0, NVPTX_RPC_MAILBOX_SIZE (window));
  raise_descriptor_limit ();
  start_dma (launch);
  launch->server = rpc_server_new (launch->mailbox, window,
				   launch->options->trace, &launch->dma);
  if (launch->server == NULL)
    rpc_launch_fatal ("could not start the RPC server: %s", strerror (errno));

  r = cuda->cuMemHostGetDevicePointer (&d_mailbox, launch->mailbox, 0);
  fatal_unless_success (cuda, r, "could not map the RPC mailbox");
  link.mailbox = d_mailbox;
  link.window_size = window;
  launch->zeroes_freed = (launch->options->zero_freed
			  && (link.features
			      & NVPTX_RPC_FEATURE_CAN_ZERO_FREED));
  link.features
    = ((const struct nvptx_rpc_mailbox *) launch->mailbox)->features;
  if (launch->options->one_thread)
    link.features |= NVPTX_RPC_FEATURE_ONE_THREAD;
  if (launch->zeroes_freed)
    link.features |= NVPTX_RPC_FEATURE_ZERO_FREED;
  r = cuda->cuMemcpyHtoD (d_link, &link, sizeof link);
  fatal_unless_success (cuda, r, "cuMemcpyHtoD (" NVPTX_RPC_LINK_SYMBOL
			") failed");
}

/* Apply the options' confinement to the server, before the program's
   first request; never let it run with less confinement than asked
   for.  */
static void
confine (struct rpc_launch *launch)
{
  const struct rpc_launch_options *options = launch->options;

  if (rpc_server_confine (launch->server, options->sandbox_dir,
			  options->read_only) != 0)
    {
      if (errno == ENOSYS)
	rpc_launch_fatal ("--sandbox needs openat2 (Linux 5.6 or later) and "
		     "/proc");
      rpc_launch_fatal ("cannot use %s as the sandbox: %s",
			options->sandbox_dir, strerror (errno));
    }
  if ((options->empty_environment || options->env_count > 0)
      && rpc_server_set_environment (launch->server,
				     !options->empty_environment,
				     options->env_settings,
				     options->env_count) != 0)
    rpc_launch_fatal ("could not set the program's environment: %s",
		 strerror (errno));
}

struct rpc_launch *
rpc_launch_attach (const struct rpc_launch_cuda *cuda, CUmodule module,
		   const struct rpc_launch_options *options)
{
  struct rpc_launch *launch = calloc (1, sizeof *launch);

  if (launch == NULL)
    rpc_launch_fatal ("out of memory");
  launch->cuda = cuda;
  launch->options = options;
  start_rpc_server (launch, module);
  if (launch->server)
    confine (launch);
  return launch;
}

bool
rpc_launch_zeroes_freed (const struct rpc_launch *launch)
{
  return launch->zeroes_freed;
}

bool
rpc_launch_attached (const struct rpc_launch *launch)
{
  return launch->server != NULL;
}

struct rpc_launch *
rpc_launch_start (const struct rpc_launch_cuda *cuda, CUmodule module,
		  const struct rpc_launch_options *options)
{
  struct rpc_launch *launch = rpc_launch_attach (cuda, module, options);
  CUresult r;

  /* Non-blocking, as the DMA stream: neither waits for the other, nor
     for the default stream.  */
  r = cuda->cuStreamCreate (&launch->stream, CU_STREAM_NON_BLOCKING);
  fatal_unless_success (cuda, r, "cuStreamCreate failed");
  return launch;
}

CUstream
rpc_launch_stream (const struct rpc_launch *launch)
{
  return launch->stream;
}

double
rpc_launch_now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Before the launcher ends early: close the program's files and get out
   what it wrote.  */
static void
stop_serving (struct rpc_launch *launch)
{
  if (launch->server)
    rpc_server_free (launch->server);
  fflush (stdout);
}

/* The kernel-wait loop: idle polls that spin (rpc_launch_cpu_relax)
   before the launcher starts to sleep, idle polls per query of the
   kernel's state while it spins, and the first and the longest sleep,
   in nanoseconds.  */
#define SPIN_POLLS 4096
#define QUERY_POLLS 64
#define SLEEP_MIN_NS 1000
#define SLEEP_MAX_NS 500000
/* Whether the kernel has finished.  Ends the launcher when it failed or
   has run past the options' time limit, after closing
   the program's files and flushing what it wrote.  */
static bool
kernel_done (struct rpc_launch *launch)
{
  const struct rpc_launch_cuda *cuda = launch->cuda;
  double timeout = launch->options->timeout;
  CUresult r = cuda->cuStreamQuery (launch->stream);

  if (r == CUDA_SUCCESS)
    return true;
  if (r != CUDA_ERROR_NOT_READY)
    {
      /* The kernel trapped or faulted.  */
      stop_serving (launch);
      fatal_unless_success (cuda, r, "the GPU program failed");
    }
  if (timeout > 0 && rpc_launch_now () > launch->deadline)
    {
      /* As timeout(1) does; the context goes with the process.  */
      stop_serving (launch);
      fprintf (stderr, "%s: the GPU program ran longer than %g s\n",
	       rpc_launch_name, timeout);
      exit (124);
    }
  return false;
}

/* While the server waits on a pipe or a terminal for the program.  */
static void
watch_kernel (void *context)
{
  kernel_done ((struct rpc_launch *) context);
}

/* Nothing here waits on the kernel: requests are served while it runs.

   A GPU thread waits for each reply, and after one it soon posts its next
   request, so after a served request look again at once, and spin for
   SPIN_POLLS idle polls, which sees a request within a poll: calls that
   come in a burst, the common case, never wait for more.  Ask the driver
   whether the kernel is done only every QUERY_POLLS idle polls, never on
   the first after a request: that call costs more than a poll, and would
   delay the thread's next request, on its way by then.

   Past the spin, the program is computing, or waiting on something other
   than us, and may stay so for seconds: spinning on (or yielding, which
   returns at once on an idle machine) would hold a core for the whole
   kernel, a core that parallel test runs, and the JIT of the programs
   launched beside this one, want.  So sleep between polls, from
   SLEEP_MIN_NS doubling to SLEEP_MAX_NS: the first sleeps are short, so
   a request that comes a little after the spin waits little; the cap
   bounds what a request after a long quiet spell waits, and how late we
   see the kernel end, while the polls it leaves cost a small fraction of
   a core.  Once sleeping, each poll asks for the kernel's state too, as
   the sleep costs more than the query.  */
void
rpc_launch_serve (struct rpc_launch *launch)
{
  struct rpc_server *server = launch->server;
  unsigned idle_polls = 0;
  long sleep_ns = SLEEP_MIN_NS;

  launch->deadline = rpc_launch_now () + launch->options->timeout;
  if (server)
    rpc_server_set_wait_hook (server, watch_kernel, launch);
  for (;;)
    {
      if (rpc_launch_poll (launch))
	{
	  idle_polls = 0;
	  sleep_ns = SLEEP_MIN_NS;
	  continue;
	}
      if (idle_polls < SPIN_POLLS)
	{
	  if (++idle_polls % QUERY_POLLS == 0 && kernel_done (launch))
	    break;
	  rpc_launch_cpu_relax ();
	  continue;
	}
      if (kernel_done (launch))
	break;
      {
	struct timespec ts = { 0, sleep_ns };

	nanosleep (&ts, NULL);
      }
      if (sleep_ns < SLEEP_MAX_NS)
	sleep_ns = sleep_ns * 2 < SLEEP_MAX_NS ? sleep_ns * 2 : SLEEP_MAX_NS;
    }
  /* A finished kernel has no thread left waiting for a reply, so nothing
     can be pending; serve whatever is, in case.  */
  while (rpc_launch_poll (launch))
    ;
}

bool
rpc_launch_poll (struct rpc_launch *launch)
{
  return launch->server && rpc_server_poll (launch->server);
}

void
rpc_launch_stop (struct rpc_launch *launch)
{
  if (launch->stream)
    launch->cuda->cuStreamDestroy (launch->stream);
  if (launch->server)
    {
      /* The server works in the mailbox and the staging buffers: free
	 it first.  */
      rpc_server_free (launch->server);
      stop_dma (launch);
      launch->cuda->cuMemFreeHost (launch->mailbox);
    }
  free (launch);
}
