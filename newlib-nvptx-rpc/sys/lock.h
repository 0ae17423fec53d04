/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* newlib's locks for nvptx, which lock.c implements.  GPU threads share
   stdio's FILEs, the atexit list and the environment, so nvptx needs real
   locks where newlib's generic sys/lock.h has empty macros.

   The interface is newlib's retargetable one, with one difference: the
   lock type is complete.  A module using a static lock such as
   __lock___sfp_recursive_mutex declares it, and the CUDA linker requires
   that declaration to have the size of lock.c's definition; an incomplete
   type gets 1 byte.  (misc/lock.c, the generic empty locks, is built only
   with --enable-newlib-retargetable-locking, which nvptx does not need.)  */

#ifndef __SYS_LOCK_H__
#define __SYS_LOCK_H__

#include <_ansi.h>

#ifdef __cplusplus
extern "C" {
#endif

struct __nvptx_lock
{
  unsigned long long __owner;	/* The holder's thread number; 0 if free.  */
  unsigned int __count;		/* How often the holder has taken it.  */
};

typedef struct __nvptx_lock *_LOCK_T;
#define _LOCK_RECURSIVE_T _LOCK_T

#define __LOCK_INIT(class, lock) \
  extern struct __nvptx_lock __lock_ ## lock; \
  class _LOCK_T lock = &__lock_ ## lock
#define __LOCK_INIT_RECURSIVE(class, lock) __LOCK_INIT (class, lock)

extern void __retarget_lock_init (_LOCK_T *);
extern void __retarget_lock_init_recursive (_LOCK_T *);
extern void __retarget_lock_close (_LOCK_T);
extern void __retarget_lock_close_recursive (_LOCK_T);
extern void __retarget_lock_acquire (_LOCK_T);
extern void __retarget_lock_acquire_recursive (_LOCK_T);
/* These two return 0 if they took the lock, as pthread_mutex_trylock.  */
extern int __retarget_lock_try_acquire (_LOCK_T);
extern int __retarget_lock_try_acquire_recursive (_LOCK_T);
extern void __retarget_lock_release (_LOCK_T);
extern void __retarget_lock_release_recursive (_LOCK_T);

#define __lock_init(lock) __retarget_lock_init (&lock)
#define __lock_init_recursive(lock) __retarget_lock_init_recursive (&lock)
#define __lock_close(lock) __retarget_lock_close (lock)
#define __lock_close_recursive(lock) __retarget_lock_close_recursive (lock)
#define __lock_acquire(lock) __retarget_lock_acquire (lock)
#define __lock_acquire_recursive(lock) __retarget_lock_acquire_recursive (lock)
#define __lock_try_acquire(lock) __retarget_lock_try_acquire (lock)
#define __lock_try_acquire_recursive(lock) \
  __retarget_lock_try_acquire_recursive (lock)
#define __lock_release(lock) __retarget_lock_release (lock)
#define __lock_release_recursive(lock) __retarget_lock_release_recursive (lock)

#ifdef __cplusplus
}
#endif

#endif /* __SYS_LOCK_H__ */
