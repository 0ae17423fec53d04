/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* libnvptx-rpc-host: nvptx-rpc's server in a host program that loads GPU
   code itself (nvptx-rpc-host.h).  Each attached module is a struct
   rpc_launch of rpc-launch.c, as in the launcher; one thread polls them
   all.  */

#define _GNU_SOURCE
#include <dlfcn.h>
#include <getopt.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>

#include "nvptx-rpc-host.h"
#include "rpc-launch.h"

#define PUBLIC __attribute__ ((visibility ("default")))

#define STRINGIFY(x) STRINGIFY_1 (x)
#define STRINGIFY_1(x) #x

/* The driver functions used here, beyond rpc-launch.c's.  */
#define HOST_CUDA_FUNCTIONS(F)			\
  F (cuCtxGetCurrent)				\
  F (cuCtxSetCurrent)				\
  F (cuCtxGetLimit)				\
  F (cuCtxSetLimit)

static struct rpc_launch_cuda cuda;
#define HOST_CUDA_FIELD(fn) static __typeof (fn) *host_##fn;
HOST_CUDA_FUNCTIONS (HOST_CUDA_FIELD)
#undef HOST_CUDA_FIELD

static struct rpc_launch_options options;

/* An attached module: its server, and the context its copies run in.  */
struct attachment
{
  struct attachment *next;
  CUmodule module;
  CUcontext context;
  struct rpc_launch *launch;
};

/* LOCK guards the list, and the serving thread holds it while it polls,
   so that a module is never detached in the middle of a request.  */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct attachment *attached;
static pthread_t thread;
static bool serving, stopping;

/* The driver's functions, from the libcuda.so.1 the program has loaded
   (or will: it is the same).  The names are macro-expanded first: cuda.h
   #defines several to versioned entry points, which match the prototypes
   we compile against.  */
static void
load_cuda (void)
{
  void *h = dlopen ("libcuda.so.1", RTLD_LAZY);

  if (h == NULL)
    rpc_launch_fatal ("cannot load libcuda.so.1: %s", dlerror ());
#define LOOKUP(field, fn)						\
  if ((field = (__typeof (field)) dlsym (h, STRINGIFY (fn))) == NULL)	\
    rpc_launch_fatal ("%s: is the NVIDIA driver too old?", dlerror ());
#define LOOKUP_LAUNCH(fn) LOOKUP (cuda.fn, fn)
#define LOOKUP_HOST(fn) LOOKUP (host_##fn, fn)
  RPC_LAUNCH_CUDA_FUNCTIONS (LOOKUP_LAUNCH)
  HOST_CUDA_FUNCTIONS (LOOKUP_HOST)
#undef LOOKUP_HOST
#undef LOOKUP_LAUNCH
#undef LOOKUP
}

/* The options in $NVPTX_RPC_OPTIONS, one a line, each "--NAME" or
   "--NAME=VALUE" (nvptx-rpc-offload writes them so).  Not getopt, whose
   state belongs to the program.  --timeout is the launcher's, which owns
   its kernel; here libgomp or the program does.  */
static void
load_options (void)
{
  static const struct option names[] = { RPC_LAUNCH_LONG_OPTIONS };
  const char *text = getenv ("NVPTX_RPC_OPTIONS");
  char *copy, *line, *save;

  rpc_launch_defaults (&options);
  options.timeout = 0;
  if (text == NULL || (copy = strdup (text)) == NULL)
    return;
  /* The options keep pointers into COPY (--sandbox, --env): never freed.  */
  for (line = strtok_r (copy, "\n", &save); line;
       line = strtok_r (NULL, "\n", &save))
    {
      char *value = strchr (line, '=');
      size_t i;

      if (value)
	*value++ = '\0';
      for (i = 0; i < sizeof names / sizeof *names; i++)
	if (strncmp (line, "--", 2) == 0
	    && strcmp (line + 2, names[i].name) == 0)
	  break;
      if (i == sizeof names / sizeof *names
	  || names[i].val == RPC_LAUNCH_OPT_TIMEOUT
	  || (names[i].has_arg == required_argument) != (value != NULL)
	  || !rpc_launch_option (&options, names[i].val, value))
	rpc_launch_fatal ("invalid option in $NVPTX_RPC_OPTIONS: %s", line);
    }
}

/* At load, so that a wrong option ends the program before it starts.  */
__attribute__ ((constructor)) static void
read_options (void)
{
  rpc_launch_name = "nvptx-rpc-offload";
  load_options ();
}

/* Before the first use of the driver.  */
static void
set_up (void)
{
  static pthread_once_t once = PTHREAD_ONCE_INIT;

  pthread_once (&once, load_cuda);
}

/* Idle polls that spin before the thread starts sleeping IDLE_SLEEP_NS
   between polls.  A GPU thread posts its next request soon after a reply,
   so spinning serves a busy program at the launcher's speed; sleeping
   keeps an idle thread off the CPU, which the program's own host threads
   may want (an OpenMP program's are busy), for a first reply up to that
   much later.  */
#define SPIN_POLLS 4096
#define IDLE_SLEEP_NS 50000

/* Poll every attached module, in its context, until stopped.  */
static void *
serve (void *unused)
{
  const struct timespec idle_sleep = { 0, IDLE_SLEEP_NS };
  CUcontext current = NULL;
  unsigned idle_polls = 0;

  (void) unused;
  /* Sleeps of tens of microseconds, not the default 50 us more.  */
  prctl (PR_SET_TIMERSLACK, 1000UL);
  pthread_mutex_lock (&lock);
  while (!stopping)
    {
      bool served = false;

      for (struct attachment *a = attached; a; a = a->next)
	{
	  if (a->context != current)
	    host_cuCtxSetCurrent (current = a->context);
	  served |= rpc_launch_poll (a->launch);
	}
      pthread_mutex_unlock (&lock);
      if (served)
	idle_polls = 0;
      else if (++idle_polls < SPIN_POLLS)
	rpc_launch_cpu_relax ();
      else
	nanosleep (&idle_sleep, NULL);
      pthread_mutex_lock (&lock);
    }
  pthread_mutex_unlock (&lock);
  return NULL;
}

PUBLIC void
nvptx_rpc_host_start (void)
{
  sigset_t all, old;

  set_up ();
  pthread_mutex_lock (&lock);
  if (!serving)
    {
      /* Signals are for the program's threads.  */
      sigfillset (&all);
      pthread_sigmask (SIG_SETMASK, &all, &old);
      if (pthread_create (&thread, NULL, serve, NULL) != 0)
	rpc_launch_fatal ("could not start the RPC server's thread");
      pthread_sigmask (SIG_SETMASK, &old, NULL);
      serving = true;
      stopping = false;
    }
  pthread_mutex_unlock (&lock);
}

/* Each GPU thread's stack, at least: CUDA's default, 1 KiB, which libgomp
   keeps, is less than newlib's stdio takes (printf, through _vfprintf_r
   and the host formatting, overflowed it).  The driver sets that much
   aside for every thread the GPU can hold, so no more
   (docs/performance.md, "The figures behind the code's choices").  */
#define GPU_STACK_MIN (8 * 1024)

/* In the current context, before its next kernel.  A context that cannot
   have it keeps what it has.  */
static void
raise_stack_limit (void)
{
  size_t size;

  if (host_cuCtxGetLimit (&size, CU_LIMIT_STACK_SIZE) == CUDA_SUCCESS
      && size < GPU_STACK_MIN)
    host_cuCtxSetLimit (CU_LIMIT_STACK_SIZE, GPU_STACK_MIN);
}

PUBLIC int
nvptx_rpc_host_attach (CUmodule module)
{
  struct attachment *a;
  struct rpc_launch *launch;
  CUcontext context;

  set_up ();
  if (host_cuCtxGetCurrent (&context) != CUDA_SUCCESS)
    rpc_launch_fatal ("no current CUDA context to attach a module in");
  launch = rpc_launch_attach (&cuda, module, &options);
  if (!rpc_launch_attached (launch))
    {
      rpc_launch_stop (launch);
      return 0;
    }
  raise_stack_limit ();
  if ((a = malloc (sizeof *a)) == NULL)
    rpc_launch_fatal ("out of memory");
  *a = (struct attachment) { NULL, module, context, launch };
  pthread_mutex_lock (&lock);
  a->next = attached;
  attached = a;
  pthread_mutex_unlock (&lock);
  nvptx_rpc_host_start ();
  return 1;
}

/* Detach the modules that MODULE (or, when MODULE is NULL, CONTEXT; or,
   when both are NULL, every one) names.  Their kernels are done, so no
   GPU thread waits for a reply; serve what is pending all the same.  */
static void
detach (CUmodule module, CUcontext context)
{
  pthread_mutex_lock (&lock);
  for (struct attachment **p = &attached, *a; (a = *p) != NULL;)
    if (module ? a->module == module
	: context == NULL || a->context == context)
      {
	*p = a->next;
	while (rpc_launch_poll (a->launch))
	  ;
	rpc_launch_stop (a->launch);
	free (a);
      }
    else
      p = &a->next;
  pthread_mutex_unlock (&lock);
}

PUBLIC void
nvptx_rpc_host_detach (CUmodule module)
{
  if (module)
    detach (module, NULL);
}

PUBLIC void
nvptx_rpc_host_detach_context (CUcontext context)
{
  if (context)
    detach (NULL, context);
}

PUBLIC void
nvptx_rpc_host_stop (void)
{
  pthread_mutex_lock (&lock);
  bool was_serving = serving;
  stopping = true;
  serving = false;
  pthread_mutex_unlock (&lock);
  if (was_serving)
    pthread_join (thread, NULL);
  detach (NULL, NULL);
}

/* A program that exits with modules attached: their files are closed,
   their output written.  */
__attribute__ ((destructor)) static void
stop_at_exit (void)
{
  nvptx_rpc_host_stop ();
}
