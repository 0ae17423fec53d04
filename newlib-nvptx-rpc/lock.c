/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* newlib's locks for nvptx (sys/lock.h): recursive spin locks in GPU
   memory.  Without them, lanes printing to stdout at once lose most of
   their lines (docs/performance.md, "The figures behind the code's
   choices").  */

#include <stdbool.h>
#include <stdio.h>
#include <sys/lock.h>
#include "arch.h"
#include "rpc.h"

/* As in rpc.c: lanes of one warp spin against each other here, which only
   code for sm_70 and later may do (independent thread scheduling).  */
#if __PTX_SM__ < 700
# error "lock.c must be compiled with -misa=sm_70 or later"
#endif

/* The static locks newlib names.  */
struct __nvptx_lock __lock___sinit_recursive_mutex;
struct __nvptx_lock __lock___sfp_recursive_mutex;
struct __nvptx_lock __lock___atexit_recursive_mutex;
struct __nvptx_lock __lock___at_quick_exit_mutex;
struct __nvptx_lock __lock___malloc_recursive_mutex;
struct __nvptx_lock __lock___env_recursive_mutex;
struct __nvptx_lock __lock___tz_mutex;
struct __nvptx_lock __lock___dd_hash_mutex;
struct __nvptx_lock __lock___arc4random_mutex;

/* The lock of every FILE (and directory stream): one, since their system
   calls take turns on the one RPC slot anyway, and so nothing to allocate
   or to fail.  */
static struct __nvptx_lock stream_lock;

/* A lock's owner is its holder's key, lock_key (), or a free lock's
   value (arch.h).  A program the launcher runs as one thread takes no
   lock at all (rpc.h).  In the OpenMP multilib a warp's lanes are one
   thread (thread.h) and all run this code: the builtins take the lock
   for the warp once (arch.h), and the lanes all load the same count and
   store the same sum, as one lane would.  */

void
__retarget_lock_init_recursive (_LOCK_T *lock)
{
  *lock = &stream_lock;
}

void
__retarget_lock_init (_LOCK_T *lock)
{
  *lock = &stream_lock;
}

void
__retarget_lock_close_recursive (_LOCK_T lock)
{
}

void
__retarget_lock_close (_LOCK_T lock)
{
}

/* Take LOCK for SELF, or take it once more.  */
static bool
try_lock (_LOCK_T lock, unsigned long long self)
{
  /* Only this thread stores its own number into owner, and only the
     holder touches count.  */
  if (lock_try_take (&lock->__owner, self))
    lock->__count = 1;
  else if (lock_holder (&lock->__owner) == self)
    lock->__count++;
  else
    return false;
  return true;
}

int
__retarget_lock_try_acquire_recursive (_LOCK_T lock)
{
  return __nvptx_rpc_one_thread () || try_lock (lock, lock_key ()) ? 0 : 1;
}

/* Not fair: a thread that gives the lock back may take it again before
   the spinners do, so one lane may print all its lines first.  */
void
__retarget_lock_acquire_recursive (_LOCK_T lock)
{
  unsigned long long self;
  unsigned delay = 32;

  if (__nvptx_rpc_one_thread ())
    return;
  self = lock_key ();
  while (!try_lock (lock, self))
    back_off (&delay);
}

void
__retarget_lock_release_recursive (_LOCK_T lock)
{
  if (!__nvptx_rpc_one_thread () && --lock->__count == 0)
    lock_give_back (&lock->__owner, lock->__owner);	/* Our key.  */
}

/* The non-recursive kind: the same lock, since taking a non-recursive
   lock twice is undefined anyway.  */

int
__retarget_lock_try_acquire (_LOCK_T lock)
{
  return __retarget_lock_try_acquire_recursive (lock);
}

void
__retarget_lock_acquire (_LOCK_T lock)
{
  __retarget_lock_acquire_recursive (lock);
}

void
__retarget_lock_release (_LOCK_T lock)
{
  __retarget_lock_release_recursive (lock);
}

/* POSIX's flockfile family, which newlib defines only for Linux.  Every
   FILE's lock is stream_lock, so they need no FILE that stdio has set up.  */

void
flockfile (FILE *fp)
{
  __retarget_lock_acquire_recursive (&stream_lock);
}

int
ftrylockfile (FILE *fp)
{
  return __retarget_lock_try_acquire_recursive (&stream_lock);
}

void
funlockfile (FILE *fp)
{
  __retarget_lock_release_recursive (&stream_lock);
}
