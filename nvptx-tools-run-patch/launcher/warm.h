/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The warm launcher: "nvptx-none-run --serve" keeps the driver and a
   context up on one GPU, in a pool of worker processes, and runs the
   programs that nvptx-none-run sends it, each with the sender's
   arguments, environment, working directory, standard streams, umask
   and limits, its exit status or signal going back as the sender's own.
   docs/testing.md ("The warm launcher") says how to use it, and why it
   is made so.  */

#ifndef WARM_H
#define WARM_H

#include <stdbool.h>

/* Workers a server may have, and the most it has by default: one a
   core, up to this, and no more than the device holds at the default
   stack (128 KiB a thread, 35 GB), which then stays from one program to
   the next: 4 on an H200, 2 on an H100.  More workers pay only for
   suites of small stacks (docs/performance.md, "Test suites").  */
#define WARM_WORKERS_MAX 64
#define WARM_WORKERS_DEFAULT_MAX 4

/* What the launcher does in a worker.  */
struct warm_launcher
{
  /* Once per worker, one of WORKERS, or with AT_MOST of at most that
     many, as many as the device holds at the default stack: load the
     driver, make the context on DEVICE.  Return how many.  */
  int (*start) (int device, int workers, bool at_most);
  /* Run one program's whole command line ARGV, as a plain run would,
     in the process state the worker set for it; return its status, or
     -1 before doing anything when this worker's context cannot run it
     as a fresh launcher would: the sender then runs it itself.  Errors
     end the worker, with the status the sender then gets.  */
  int (*run) (int argc, char **argv);
  /* After RUN's program, before the worker's state is put back: leave
     nothing of the program on the device for the next.  False if that
     could not be done: the worker then leaves.  */
  bool (*clean) (void);
  /* Between programs, when a sibling's program needs the memory: give
     back what the context can spare.  */
  void (*yield) (void);
};

/* In a worker, from a program that cannot have the device memory it
   needs: return once each other worker has given back what it can
   spare (yield, after the program it runs), or, with OTHERS_LEAVE, has
   left, so that the program has what a plain run would have; or once
   the server's wait for memory is over.  The other workers take no
   program until this one has ended.  */
void warm_want_memory (bool others_leave);

/* --serve: serve DEVICE with WORKERS workers (0: the default) until
   SIGTERM, SIGINT or SIGHUP, or IDLE_SECONDS without a program (0:
   never).  A program that wants memory waits at most MEMORY_WAIT
   seconds for the other workers to make way.  */
int warm_serve (int device, int workers, int idle_seconds, int memory_wait,
		const struct warm_launcher *l);

/* If a warm server of this user serves DEVICE (with $NVPTX_RPC_WARM
   "start", once this has started one), run ARGV there and end this
   process as the program ended; return if there is none, or it cannot
   run this one, for the caller to run it itself.  */
void warm_client (int device, int argc, char **argv);

#endif /* WARM_H */
