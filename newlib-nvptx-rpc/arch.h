/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* What the client needs from the machine, for nvptx and for the host
   build the tests use: loads and stores of words the other side reads,
   a pause while waiting, spin locks, and a clock and a sleep for
   nanosleep.  */

#ifndef _NVPTX_RPC_ARCH_H
#define _NVPTX_RPC_ARCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* An 8-byte word of memory of any declared type: the copies read and
   write callers' buffers, and the mailbox's 16-byte accesses span its
   fields, 8 bytes at a time.  */
typedef uint64_t __attribute__ ((may_alias)) any_word;

/* A lock is a word in GPU memory: its holder's key (lock_key (), never
   0 and below LOCK_FREE); or, free, the key of its last holder with
   LOCK_FREE set, or 0 if it was never taken.  A thread that takes back
   a lock it held last needs no acquire: no other thread stored anything
   under it in between.  */
#define LOCK_FREE (1ULL << 63)

#ifdef __nvptx__
# include "thread.h"
/* The calling thread's key, for the locks.  */
static inline unsigned long long
lock_key (void)
{
  return __nvptx_thread_key ();
}
/* Loads of words the host writes.  GCC 12 compiles a C volatile load to
   a plain PTX "ld", which the GPU may serve from its L1 cache: a reply
   would then be read stale.  "ld.volatile" is never cached.  Each load of
   host memory is a bus round trip, so the mailbox is read in 16-byte
   loads, independent ones issued together.  */
# define LOAD_VOLATILE(bits, type, p) \
  ({ type v_; \
     asm volatile ("ld.volatile.u" #bits " %0, [%1];" \
		   : "=r" (v_) : "r" (p) : "memory"); \
     v_; })
# define LOAD_PAIR(p, lo, hi) \
  asm volatile ("ld.volatile.v2.u64 {%0, %1}, [%2];" \
		: "=r" (lo), "=r" (hi) : "r" (p) : "memory")
/* Stores to host memory: each one is a bus transaction, so 16 bytes at a
   time.  */
# define STORE_PAIR(p, lo, hi) \
  asm volatile ("st.volatile.v2.u64 [%0], {%1, %2};" \
		: : "r" (p), "r" ((uint64_t) (lo)), "r" ((uint64_t) (hi)) \
		: "memory")
/* The store that announces a request: everything stored before it, the
   request and the window, is visible to the host first.  */
# define STORE_RELEASE32(p, v) \
  asm volatile ("st.release.sys.u32 [%0], %1;" : : "r" (p), "r" (v) : "memory")
/* A 16-byte load of the program's own memory, 16-byte aligned, for the
   copies to host memory: GCC 12 splits a C load of 16 bytes in two.  */
# define LOAD_OWN_PAIR(p, lo, hi) \
  asm volatile ("ld.v2.u64 {%0, %1}, [%2];" \
		: "=r" (lo), "=r" (hi) : "r" (p) : "memory")
/* After a read by DMA: the host changed GPU memory behind this thread's
   back, and its loads must not come from L1 lines filled before.  A
   system-scope acquire fence drops them.  */
# define ACQUIRE_FENCE() asm volatile ("fence.acq_rel.sys;" : : : "memory")
/* Whether P points into GPU global memory (a static or the heap, not
   the stack), which the host can reach by DMA.  */
# define IS_GLOBAL(p) \
  ({ uint32_t global_; \
     asm ("{ .reg .pred is_global_; isspacep.global is_global_, %1;" \
	  " selp.u32 %0, 1, 0, is_global_; }" \
	  : "=r" (global_) : "r" (p)); \
     global_ != 0; })
/* A GPU thread just polls.  */
# define WAIT_A_MOMENT() ((void) 0)
# ifdef __nvptx_unisimt__
/* In the OpenMP multilib (-muniform-simt) the 32 lanes of a warp run as
   one OpenMP thread, each lane running all of its code, and they must
   take the same branches: GCC keeps them in step only at its own
   warp-wide shuffles, which wait for every lane.  Each lane loads what
   the host or the clock says for itself, so a value that decides a
   branch is taken from lane 0, the thread's master lane, for all.  */
#  define WARP_UNIFORM(x) \
  ({ uint64_t v_ = (x); \
     asm volatile ("{ .reg .u32 lo_, hi_; mov.b64 {lo_, hi_}, %0;" \
		   " shfl.sync.idx.b32 lo_, lo_, 0, 31, 0xffffffff;" \
		   " shfl.sync.idx.b32 hi_, hi_, 0, 31, 0xffffffff;" \
		   " mov.b64 %0, {lo_, hi_}; }" : "+r" (v_)); \
     v_; })
# else
/* Each lane is a thread of its own.  */
#  define WARP_UNIFORM(x) (x)
/* The locks' primitives (the locks are below), at GPU scope: only GPU
   threads use them, and GCC's __atomic builtins would fence at system
   scope (membar.sys), which also waits for stores to host memory.  The
   CAS is relaxed, and LOCK_ACQUIRE fences only when another thread held
   the lock since its taker gave it back: a GPU-scope acquire drops the
   thread's L1 lines, and every later load of stdio's state or of the
   format would miss.  */
/* Who holds OWNER now, as another thread's take may change it.  */
static inline unsigned long long
lock_holder (const unsigned long long *owner)
{
  unsigned long long who;

  asm volatile ("ld.relaxed.gpu.u64 %0, [%1];" : "=r" (who) : "r" (owner));
  return who;
}
/* Store SELF in OWNER if it holds EXPECTED; returns what it held.  */
static inline unsigned long long
lock_swap_if (unsigned long long *owner, unsigned long long expected,
	      unsigned long long self)
{
  unsigned long long old;

  asm volatile ("atom.relaxed.gpu.cas.b64 %0, [%1], %2, %3;"
		: "=r" (old) : "r" (owner), "r" (expected), "r" (self)
		: "memory");
  return old;
}
#  define LOCK_ACQUIRE() asm volatile ("fence.acq_rel.gpu;" : : : "memory")
static inline void
lock_release_store (unsigned long long *owner, unsigned long long value)
{
  asm volatile ("st.release.gpu.u64 [%0], %1;"
		: : "r" (owner), "r" (value) : "memory");
}
/* rpc.c's lock.  Set BITS in WORD; returns what it held.  */
static inline unsigned long long
lock_fetch_or (unsigned long long *word, unsigned long long bits)
{
  unsigned long long old;

  asm volatile ("atom.relaxed.gpu.or.b64 %0, [%1], %2;"
		: "=r" (old) : "r" (word), "r" (bits) : "memory");
  return old;
}
/* Store VALUE in WORD, after nothing in particular: a release store
   waits until the thread's earlier stores are seen GPU-wide
   (docs/performance.md, "The figures behind the code's choices").  */
static inline void
lock_store_relaxed (unsigned long long *word, unsigned long long value)
{
  asm volatile ("st.relaxed.gpu.u64 [%0], %1;"
		: : "r" (word), "r" (value) : "memory");
}
# endif
/* Nanoseconds on the GPU's global timer, as lane 0 read it.  */
# define CLOCK_NS() \
  ({ uint64_t t_; \
     asm volatile ("mov.u64 %0, %%globaltimer;" : "=r" (t_)); \
     WARP_UNIFORM (t_); })
/* Give up the thread's issue slots for about NS nanoseconds (at most 1 ms
   a time, by PTX's rule); sm_70 and PTX 6.3.  */
# define PAUSE_NS(ns) \
  asm volatile ("nanosleep.u32 %0;" : : "r" ((uint32_t) (ns)))
/* After a failed take of a lock: sleep *DELAY nanoseconds, and double it
   up to about 1 us for the next time, so that thousands of waiting
   threads leave the memory system to the holder.  */
static inline void
back_off (unsigned *delay)
{
  PAUSE_NS (*delay);
  if (*delay < 1024)
    *delay *= 2;
}
#else
# include <pthread.h>
# include <sched.h>
# include <time.h>
# define LOAD_VOLATILE(bits, type, p) (*(const volatile type *) (p))
/* The first word with acquire ordering, as the GPU's one 16-byte load
   sees its two halves at once.  */
# define LOAD_PAIR(p, lo, hi) \
  ((lo) = __atomic_load_n ((const any_word *) (p), __ATOMIC_ACQUIRE), \
   (hi) = ((const volatile any_word *) (p))[1])
# define STORE_PAIR(p, lo, hi) \
  (__atomic_store_n ((any_word *) (p), (lo), __ATOMIC_RELAXED), \
   __atomic_store_n ((any_word *) (p) + 1, (hi), __ATOMIC_RELAXED))
# define STORE_RELEASE32(p, v) \
  __atomic_store_n ((uint32_t *) (p), (v), __ATOMIC_RELEASE)
# define LOAD_OWN_PAIR(p, lo, hi) \
  ((lo) = ((const any_word *) (p))[0], (hi) = ((const any_word *) (p))[1])
# define ACQUIRE_FENCE() __atomic_thread_fence (__ATOMIC_ACQUIRE)
/* A host thread's key: the address of a thread-local of its own.  */
static inline unsigned long long
lock_key (void)
{
  static __thread char anchor;

  return (uintptr_t) &anchor;
}
/* glibc's, declared by <pthread.h> only with _GNU_SOURCE.  */
extern int pthread_getattr_np (pthread_t, pthread_attr_t *);
/* The host's own pthread_self and pthread_attr_destroy: the tests'
   client-names.h gives those names to the client's (posix/).  */
# define NVPTX_RPC_STR_(x) #x
# define NVPTX_RPC_STR(x) NVPTX_RPC_STR_ (x)
# define NVPTX_RPC_HOST_NAME(name) \
  __asm__ (NVPTX_RPC_STR (__USER_LABEL_PREFIX__) #name)
extern pthread_t __nvptx_rpc_host_pthread_self (void)
  NVPTX_RPC_HOST_NAME (pthread_self);
extern int __nvptx_rpc_host_pthread_attr_destroy (pthread_attr_t *)
  NVPTX_RPC_HOST_NAME (pthread_attr_destroy);
/* The tests' "device" is the host's memory, but for the calling
   thread's stack, which stands for the GPU thread's local memory.  */
static inline bool
host_is_global (const void *p)
{
  static __thread uintptr_t low, high;

  if (high == 0)
    {
      pthread_attr_t attr;
      void *base;
      size_t size;

      if (pthread_getattr_np (__nvptx_rpc_host_pthread_self (), &attr) != 0)
	return true;
      pthread_attr_getstack (&attr, &base, &size);
      __nvptx_rpc_host_pthread_attr_destroy (&attr);
      low = (uintptr_t) base;
      high = low + size;
    }
  return (uintptr_t) p < low || (uintptr_t) p >= high;
}
# define IS_GLOBAL(p) host_is_global (p)
# define WARP_UNIFORM(x) (x)
/* The host build, which CI runs with more threads than cores, must let
   the server thread run.  */
# define WAIT_A_MOMENT() sched_yield ()
/* The host's own clock_gettime: the tests' client-names.h gives that name
   to the client's, which would ask the server for the time (a request per
   spin, and garbage before a server exists), unlike nvptx's clock.  */
extern int __nvptx_rpc_host_clock_gettime (clockid_t, struct timespec *)
  NVPTX_RPC_HOST_NAME (clock_gettime);
# define CLOCK_NS() \
  ({ struct timespec t_; \
     __nvptx_rpc_host_clock_gettime (CLOCK_MONOTONIC, &t_); \
     (uint64_t) t_.tv_sec * 1000000000 + t_.tv_nsec; })
# define PAUSE_NS(ns) sched_yield ()
static inline void
back_off (unsigned *delay)
{
  (void) delay;
  sched_yield ();
}
#endif

#if !defined (__nvptx__) || defined (__nvptx_unisimt__)
/* The locks' primitives with GCC's builtins: on the host; and in nvptx's
   OpenMP multilib, where GCC has only the master lane of the warp make
   an atomic and hands its result to every lane (-muniform-simt), while
   an atom in inline asm would run on each lane, one winning the lock and
   the others spinning against their own warp.  There the builtins fence
   at system scope (membar.sys), which also keeps lock_holder's plain
   load of OWNER from L1 lines older than the last failed take.  Every
   CAS acquires, so LOCK_ACQUIRE has nothing left to do.  */
static inline unsigned long long
lock_holder (const unsigned long long *owner)
{
  return __atomic_load_n (owner, __ATOMIC_RELAXED);
}
static inline unsigned long long
lock_swap_if (unsigned long long *owner, unsigned long long expected,
	      unsigned long long self)
{
  __atomic_compare_exchange_n (owner, &expected, self, 0, __ATOMIC_ACQUIRE,
			       __ATOMIC_RELAXED);
  return expected;
}
# define LOCK_ACQUIRE() ((void) 0)
static inline void
lock_release_store (unsigned long long *owner, unsigned long long value)
{
  __atomic_store_n (owner, value, __ATOMIC_RELEASE);
}
static inline unsigned long long
lock_fetch_or (unsigned long long *word, unsigned long long bits)
{
  return __atomic_fetch_or (word, bits, __ATOMIC_ACQUIRE);
}
/* A release store: on the host a plain one, and in the OpenMP multilib
   the builtins fence at system scope whatever the order asked for.  */
static inline void
lock_store_relaxed (unsigned long long *word, unsigned long long value)
{
  __atomic_store_n (word, value, __ATOMIC_RELEASE);
}
#endif

/* Take OWNER for SELF if it is free; false if it is held (by SELF too,
   which a recursive lock checks).  One CAS when SELF gave it back last,
   the common case; else a second, and the acquire.  */
static inline int
lock_try_take (unsigned long long *owner, unsigned long long self)
{
  unsigned long long seen = lock_swap_if (owner, self | LOCK_FREE, self);

  if (seen == (self | LOCK_FREE))
    return 1;
  if ((seen != 0 && !(seen & LOCK_FREE))
      || lock_swap_if (owner, seen, self) != seen)
    return 0;
  LOCK_ACQUIRE ();
  return 1;
}

static inline void
lock_give_back (unsigned long long *owner, unsigned long long self)
{
  lock_release_store (owner, self | LOCK_FREE);
}

/* Copies to host memory.  A thread issues a store there in a few
   nanoseconds, but its load of GPU memory that misses L1 waits hundreds
   of cycles, and local memory (the stack) is laid out for a warp, so a
   single thread's buffer of more than a few KiB misses: the copy goes
   only as fast as the thread keeps loads in flight.  So it goes in
   blocks of HOST_COPY_BLOCK bytes, two at a time, the next block's loads
   issued before this one's stores.  Unrolled in full (blocks of up to
   512 bytes), a block lives in registers.  Two blocks of 256 bytes in
   flight went nearly three times as fast as one of 128
   (docs/performance.md, "The figures behind the code's choices").  The
   price is registers: the driver's compiler gives a kernel that can
   reach this copy (through printf, or an assert) more of them than with
   one block at a time, which leaves fewer threads on each SM.  Under libgomp, nvptx-rpc-offload holds the library's code to 64
   registers (offload/gomp-hook.c), and the blocks cannot all stay in
   registers there.

   What is left looks like the memory pipeline's time for each
   instruction, which a thread's loads and stores share, whether the
   stack's lines were in L1 or not, and which grows less than the load's
   width.  So a source aligned to 16 bytes (GCC puts a frame's biggest
   array at its start) is loaded 16 bytes at a time, for a second
   unrolled loop and more PTX (docs/performance.md, "The figures behind
   the code's choices").  */
#define HOST_COPY_BLOCK 256

static inline __attribute__ ((always_inline)) void
load_block (uint64_t *v, const unsigned char *from, bool wide)
{
#pragma GCC unroll 64
  for (int k = 0; k < HOST_COPY_BLOCK / 16; k++)
    if (wide)
      LOAD_OWN_PAIR (from + 16 * k, v[2 * k], v[2 * k + 1]);
    else
      {
	v[2 * k] = ((const any_word *) from)[2 * k];
	v[2 * k + 1] = ((const any_word *) from)[2 * k + 1];
      }
}

static inline __attribute__ ((always_inline)) void
store_block (unsigned char *to, const uint64_t *v)
{
#pragma GCC unroll 64
  for (int k = 0; k < HOST_COPY_BLOCK / 16; k++)
    STORE_PAIR (to + 16 * k, v[2 * k], v[2 * k + 1]);
}

/* Copy the whole blocks of the N bytes at FROM, 8-byte aligned (16 if
   WIDE), to TO, 16-byte aligned, in host memory or in the program's;
   returns how many bytes that was.  The loop has no branch: the GPU
   would wait at the end of one for the loads issued inside it (a third
   of the speed).  */
static inline __attribute__ ((always_inline)) size_t
copy_blocks (unsigned char *to, const unsigned char *from, size_t n,
	     bool wide)
{
  uint64_t a[HOST_COPY_BLOCK / 8], b[HOST_COPY_BLOCK / 8];
  size_t end = n - n % HOST_COPY_BLOCK, i = 0;

  if (end == 0)
    return 0;
  load_block (a, from, wide);
  /* A holds the block at I; three or more blocks are left.  */
  for (; end - i >= 3 * HOST_COPY_BLOCK; i += 2 * HOST_COPY_BLOCK)
    {
      load_block (b, from + i + HOST_COPY_BLOCK, wide);
      store_block (to + i, a);
      load_block (a, from + i + 2 * HOST_COPY_BLOCK, wide);
      store_block (to + i + HOST_COPY_BLOCK, b);
    }
  if (end - i == 2 * HOST_COPY_BLOCK)
    {
      load_block (b, from + i + HOST_COPY_BLOCK, wide);
      store_block (to + i, a);
      store_block (to + i + HOST_COPY_BLOCK, b);
    }
  else
    store_block (to + i, a);
  return end;
}

/* The same for FROM 8-byte aligned, each alignment with a loop of its
   own.  */
static inline __attribute__ ((always_inline)) size_t
copy_blocks_to_host (unsigned char *to, const unsigned char *from, size_t n)
{
  if (((uintptr_t) from & 15) == 0)
    return copy_blocks (to, from, n, true);
  return copy_blocks (to, from, n, false);
}

/* The same within the program's memory, TO and FROM 16-byte aligned.
   The GPU's own memory takes a weak store no faster than a volatile
   one, so the window's copy serves (docs/performance.md).  */
static inline __attribute__ ((always_inline)) size_t
copy_blocks_within (unsigned char *to, const unsigned char *from, size_t n)
{
  return copy_blocks (to, from, n, true);
}

/* Copies from host memory go in blocks of HOST_READ_BLOCK bytes, a
   block's loads all issued before any is used.  Loads of host memory
   overlap little, but some: 32 in flight read fastest, and 64 run out
   of registers (docs/performance.md, "The figures behind the code's
   choices").  */
#define HOST_READ_BLOCK 512

/* Copy the whole blocks of the N bytes at host memory FROM, 16-byte
   aligned, to TO, 8-byte aligned; returns how many bytes that was.  */
static inline __attribute__ ((always_inline)) size_t
copy_blocks_from_host (unsigned char *to, const unsigned char *from,
		       size_t n)
{
  size_t i = 0;

  for (; n - i >= HOST_READ_BLOCK; i += HOST_READ_BLOCK)
    {
      uint64_t v[HOST_READ_BLOCK / 8];
#pragma GCC unroll 64
      for (int k = 0; k < HOST_READ_BLOCK / 16; k++)
	LOAD_PAIR (from + i + 16 * k, v[2 * k], v[2 * k + 1]);
#pragma GCC unroll 64
      for (int k = 0; k < HOST_READ_BLOCK / 8; k++)
	((any_word *) (to + i))[k] = v[k];
    }
  return i;
}

#endif /* _NVPTX_RPC_ARCH_H */
