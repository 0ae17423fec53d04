/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* POSIX mutexes for nvptx, of glibc's three kinds, on the spin lock of
   newlib's own locks (arch.h): a GPU thread waits by spinning, backing
   off as lock.c does.  A normal mutex taken again by its holder waits
   for good, as glibc's does; an error-checking one says EDEADLK, and
   EPERM to an unlock by another thread, as does a recursive one.
   Unlike newlib's locks these are taken in a program of one thread
   too: trylock and the error checks must see the state.  */

#include <errno.h>
#include <limits.h>
#include <string.h>
#include "pthread-objects.h"

/* As in lock.c: lanes of one warp spin against each other here, which
   only code for sm_70 and later may do (patches/sm70.sh).  */
#if defined (__nvptx__) && __PTX_SM__ < 700
# error "this file must be compiled with -misa=sm_70 or later"
#endif

int
pthread_mutexattr_init (pthread_mutexattr_t *attr)
{
  NVPTX_PTHREAD_VIEW (nvptx_mutexattr, attr)->kind = PTHREAD_MUTEX_NORMAL;
  return 0;
}

int
pthread_mutexattr_destroy (pthread_mutexattr_t *attr)
{
  (void) attr;
  return 0;
}

int
pthread_mutexattr_settype (pthread_mutexattr_t *attr, int kind)
{
  if (kind != PTHREAD_MUTEX_NORMAL && kind != PTHREAD_MUTEX_RECURSIVE
      && kind != PTHREAD_MUTEX_ERRORCHECK)
    return EINVAL;
  NVPTX_PTHREAD_VIEW (nvptx_mutexattr, attr)->kind = kind;
  return 0;
}

int
pthread_mutexattr_gettype (const pthread_mutexattr_t *attr, int *kind)
{
  *kind = ((const struct nvptx_mutexattr *) attr)->kind;
  return 0;
}

int
pthread_mutex_init (pthread_mutex_t *mutex, const pthread_mutexattr_t *attr)
{
  struct nvptx_mutex *m = NVPTX_PTHREAD_VIEW (nvptx_mutex, mutex);

  memset (mutex, 0, sizeof *mutex);
  m->kind = (attr == NULL ? PTHREAD_MUTEX_NORMAL
	     : ((const struct nvptx_mutexattr *) attr)->kind);
  return 0;
}

int
pthread_mutex_destroy (pthread_mutex_t *mutex)
{
  struct nvptx_mutex *m = NVPTX_PTHREAD_VIEW (nvptx_mutex, mutex);

  return m->owner != 0 && !(m->owner & LOCK_FREE) ? EBUSY : 0;
}

/* Take MUTEX, or with WAIT false only try: 0, or the error number.  */
static int
take (pthread_mutex_t *mutex, bool wait)
{
  struct nvptx_mutex *m = NVPTX_PTHREAD_VIEW (nvptx_mutex, mutex);
  unsigned long long self = lock_key ();
  unsigned delay = 32;

  while (!lock_try_take (&m->owner, self))
    {
      if (lock_holder (&m->owner) == self)
	switch (m->kind)
	  {
	  case PTHREAD_MUTEX_RECURSIVE:
	    if (m->count == UINT_MAX)
	      return EAGAIN;
	    m->count++;
	    return 0;
	  case PTHREAD_MUTEX_ERRORCHECK:
	    return wait ? EDEADLK : EBUSY;
	  }
      if (!wait)
	return EBUSY;
      back_off (&delay);
    }
  m->count = 1;
  return 0;
}

int
pthread_mutex_lock (pthread_mutex_t *mutex)
{
  return take (mutex, true);
}

int
pthread_mutex_trylock (pthread_mutex_t *mutex)
{
  return take (mutex, false);
}

int
pthread_mutex_unlock (pthread_mutex_t *mutex)
{
  struct nvptx_mutex *m = NVPTX_PTHREAD_VIEW (nvptx_mutex, mutex);
  unsigned long long holder = lock_holder (&m->owner);

  if (m->kind != PTHREAD_MUTEX_NORMAL && holder != lock_key ())
    return EPERM;
  if (m->kind == PTHREAD_MUTEX_RECURSIVE && --m->count != 0)
    return 0;
  lock_give_back (&m->owner, holder);
  return 0;
}
