/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* Condition variables for nvptx: a waiter gives the mutex back and
   spins until the condition's sequence number changes, which signal
   and broadcast both do; so a signal may wake every waiter, as POSIX
   allows (a waiter must check its predicate anyway).  */

#include <string.h>
#include "pthread-objects.h"

/* As in lock.c: lanes of one warp spin against each other here, which
   only code for sm_70 and later may do (patches/sm70.sh).  */
#if defined (__nvptx__) && __PTX_SM__ < 700
# error "this file must be compiled with -misa=sm_70 or later"
#endif

int
pthread_cond_init (pthread_cond_t *cond, const pthread_condattr_t *attr)
{
  (void) attr;
  memset (cond, 0, sizeof *cond);
  return 0;
}

int
pthread_cond_destroy (pthread_cond_t *cond)
{
  (void) cond;
  return 0;
}

int
pthread_cond_signal (pthread_cond_t *cond)
{
  __atomic_fetch_add (&NVPTX_PTHREAD_VIEW (nvptx_cond, cond)->sequence, 1,
		      __ATOMIC_RELEASE);
  return 0;
}

int
pthread_cond_broadcast (pthread_cond_t *cond)
{
  return pthread_cond_signal (cond);
}

int
pthread_cond_wait (pthread_cond_t *cond, pthread_mutex_t *mutex)
{
  unsigned long long *sequence
    = &NVPTX_PTHREAD_VIEW (nvptx_cond, cond)->sequence;
  unsigned long long seen = __atomic_load_n (sequence, __ATOMIC_ACQUIRE);
  unsigned delay = 32;
  int error = pthread_mutex_unlock (mutex);

  if (error != 0)
    return error;
  while (__atomic_load_n (sequence, __ATOMIC_ACQUIRE) == seen)
    back_off (&delay);
  return pthread_mutex_lock (mutex);
}
