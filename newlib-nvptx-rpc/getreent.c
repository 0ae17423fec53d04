/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* newlib's per-thread state for nvptx: each GPU thread gets a struct
   _reent of its own, and so an errno of its own.  newlib is built with
   __DYNAMIC_REENT__ for nvptx (sys/config.h), so _REENT, through which
   newlib sets errno (ptr->_errno) and the errno macro reads it, is
   __getreent ().  */

#include <reent.h>
#include <stdlib.h>
#include <string.h>
#include "thread.h"

/* What stays shared lives outside the struct: the atexit list and the
   list of FILEs in _GLOBAL_REENT, and stdin, stdout and stderr in __sf,
   which configure.host makes the default for nvptx, and newlib 4.3.0
   and later the only choice.  Without the global streams each thread
   would get its own stdout, which exit would not flush.  */
#if (__NEWLIB__ < 4 || (__NEWLIB__ == 4 && __NEWLIB_MINOR__ < 3)) \
    && !defined (_REENT_GLOBAL_STDIO_STREAMS)
# error "nvptx's threads must share stdio's streams: configure without --disable-newlib-global-stdio-streams"
#endif

/* Threads 1 to SLOTS - 1 get a struct of their own; thread 0 keeps
   _impure_ptr, so a program of one thread sees no change.  Threads
   numbered SLOTS or more share _impure_ptr, and so its errno, as all
   threads did before.  */
#define SLOTS __NVPTX_THREAD_SLOTS

/* Each slot is read and written only by its own thread: no lock, no
   atomics.  In the OpenMP multilib that thread is a warp (thread.h),
   whose lanes store the same pointer; GCC has only the master lane call
   CUDA's malloc under newlib's, and hands the block to every lane.  */
static struct _reent *slots[SLOTS];

struct _reent *
__getreent (void)
{
  uint64_t self = __nvptx_thread_index ();
  struct _reent *r;

  if (self == 0 || self >= SLOTS)
    return _impure_ptr;
  if (slots[self] != NULL)
    return slots[self];

  /* The thread shares _impure_ptr until its own struct is ready, and for
     good if malloc fails: a malloc that set errno would come back here,
     and a failed one is not worth retrying on every errno access.  */
  slots[self] = _impure_ptr;
  r = malloc (sizeof *r);
  if (r != NULL)
    {
      _REENT_INIT_PTR (r);
      slots[self] = r;
    }
  return slots[self];
}
