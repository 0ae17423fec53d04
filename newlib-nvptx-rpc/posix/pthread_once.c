/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* pthread_once for nvptx, over glibc's int (patches/0035): 0, never
   run; RUNNING while the first caller runs the routine, which the other
   threads wait out; DONE.  */

#include "pthread-objects.h"

/* As in lock.c: lanes of one warp spin against each other here, which
   only code for sm_70 and later may do (patches/sm70.sh).  */
#if defined (__nvptx__) && __PTX_SM__ < 700
# error "this file must be compiled with -misa=sm_70 or later"
#endif

#define RUNNING 1
#define DONE 2

int
pthread_once (pthread_once_t *once, void (*routine) (void))
{
  int *state = (int *) once, never = 0;
  unsigned delay = 32;

  if (__atomic_load_n (state, __ATOMIC_ACQUIRE) == DONE)
    return 0;
  if (__atomic_compare_exchange_n (state, &never, RUNNING, false,
				   __ATOMIC_ACQUIRE, __ATOMIC_ACQUIRE))
    {
      routine ();
      __atomic_store_n (state, DONE, __ATOMIC_RELEASE);
      return 0;
    }
  while (__atomic_load_n (state, __ATOMIC_ACQUIRE) != DONE)
    back_off (&delay);
  return 0;
}
