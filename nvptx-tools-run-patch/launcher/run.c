/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* nvptx-none-run with host services: run a PTX program linked with
   -mmainkernel on an NVIDIA GPU, and serve its system calls (open, read,
   write, ...) over the nvptx-rpc mailbox.

   It takes the same options and behaves like nvptx-tools' nvptx-run, so it
   can replace nvptx-none-run; a program built without nvptx-rpc runs
   exactly as under the stock launcher.  rpc-launch.c attaches the server
   (server/) to the program and serves it while the kernel runs; it
   is shared with nvptx-tools' nvptx-run.cc, patched.

   This file is the launcher's command line and its run: main, the
   options, the program's run once the driver is up, its phases
   ($NVPTX_RPC_PHASES), and the hooks a warm server's worker calls
   (warm.h).  run-driver.c loads the driver and the program, run-stack.c
   sizes the stack and waits for memory; run-internal.h is what the
   three share.  */

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rpc-launch.h"
#include "run-internal.h"
#include "warm.h"

#ifndef PACKAGE_VERSION
# define PACKAGE_VERSION "unknown"
#endif

/* Whether this process is a warm server's worker (warm_start).  */
bool is_warm_worker;

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
  compile_program (program, program_len, is_warm_worker, &module, &kernel);
  set_program_name (module, d_argc, argv + optind, d_argv);
  phase_end ("jit");

  o->stack_size = set_stack_limit (program, program_len, o->stack_size,
				   o->heap_size);
  free (program);
  phase_end ("limits");

  o->rpc.one_thread = o->num_lanes == 1;
  o->rpc.zero_freed = is_warm_worker;
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
  is_warm_worker = true;
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
