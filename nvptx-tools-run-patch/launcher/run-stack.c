/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The launcher's stack and memory (run-internal.h): the waits for
   device memory that other launchers hold, what the device has, and the
   context's stack limit, sized from the device and from the program's
   frames, and shared with a warm worker's siblings.  Apart from the
   driver (run-driver.c) and the run (run.c), so that the memory policy,
   most of what a program takes of the device, reads in one place
   (docs/testing.md, "Stack memory").  */

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "ptx-stack.h"
#include "rpc-launch.h"
#include "run-internal.h"
#include "warm.h"

/* Stack room for the frames behind a program's indirect calls, which
   ptx_stack_need cannot see: newlib's stdio and atexit handlers.  */
#define STACK_ROOM (8 * 1024)

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
int
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
bool
memory_wait (CUresult r)
{
  return !is_warm_worker && memory_retry (r);
}

/* The threads device DEV can hold at once, each of which the driver
   reserves a stack for.  */
size_t
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
size_t
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

/* The device memory free now, and in all.  */
void
memory_info (size_t *free_bytes, size_t *total)
{
  CUresult r = cuda.cuMemGetInfo (free_bytes, total);

  fatal_unless_success (r, "could not get free and total memory");
}

/* All the device's memory.  */
size_t
device_memory (void)
{
  size_t free_bytes, total;

  memory_info (&free_bytes, &total);
  return total;
}

/* The device memory a run alone on it has: all but the context's.  */
size_t
memory_alone (void)
{
  return device_memory () - CONTEXT_RESERVE;
}

/* The stack limit the context has.  The driver reserves that much
   memory for every thread the device can hold, whatever a kernel
   launches: 128 KiB a thread is 35 GB of an H100's 80.  */
size_t context_stack_size;

/* In a warm server's worker (warm_start): the context's first stack
   limit, and the most it keeps between programs, its share of the
   device's memory.  A program that needed more is followed by lowering
   the limit back to the first; the programs within the share, most of
   a test suite's, leave it as it is, which changing costs the driver
   time (docs/testing.md, "Stack memory").  */
size_t warm_first_stack, warm_stack_share;

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
CUresult
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
      if (!is_warm_worker)
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
long
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
  if (r == CUDA_ERROR_OUT_OF_MEMORY && by_default && !is_warm_worker)
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
