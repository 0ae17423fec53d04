/* What the client needs from the machine, for nvptx and for the host
   build the tests use: loads and stores of words the other side reads,
   a pause while waiting, and a clock and a sleep for nanosleep.  */

#ifndef _NVPTX_RPC_ARCH_H
#define _NVPTX_RPC_ARCH_H

#include <stdint.h>

#ifdef __nvptx__
/* Loads of words the host writes.  GCC 12 compiles a C volatile load to
   a plain PTX "ld", which the GPU may serve from its L1 cache: a reply
   would then be read stale.  "ld.volatile" is never cached.  */
# define LOAD_VOLATILE(bits, type, p) \
  ({ type v_; \
     asm volatile ("ld.volatile.u" #bits " %0, [%1];" \
		   : "=r" (v_) : "r" (p) : "memory"); \
     v_; })
/* The store that announces a request: a strong store, as the PTX memory
   model wants for a flag, after the fence.  */
# define STORE32(p, v) \
  asm volatile ("st.volatile.u32 [%0], %1;" : : "r" (p), "r" (v) : "memory")
/* A GPU thread just polls.  */
# define WAIT_A_MOMENT() ((void) 0)
/* Nanoseconds on the GPU's global timer.  */
# define CLOCK_NS() \
  ({ uint64_t t_; \
     asm volatile ("mov.u64 %0, %%globaltimer;" : "=r" (t_)); \
     t_; })
/* Give up the thread's issue slots for about NS nanoseconds (at most 1 ms
   a time, by PTX's rule); sm_70 and PTX 6.3.  */
# define PAUSE_NS(ns) \
  asm volatile ("nanosleep.u32 %0;" : : "r" ((uint32_t) (ns)))
#else
# include <sched.h>
# include <time.h>
# define LOAD_VOLATILE(bits, type, p) (*(const volatile type *) (p))
# define STORE32(p, v) (*(volatile uint32_t *) (p) = (v))
/* The host build, which CI runs with more threads than cores, must let
   the server thread run.  */
# define WAIT_A_MOMENT() sched_yield ()
/* The host's own clock_gettime: the tests' client-names.h gives that name
   to the client's, which would ask the server for the time (a request per
   spin, and garbage before a server exists), unlike nvptx's clock.  */
# define NVPTX_RPC_STR_(x) #x
# define NVPTX_RPC_STR(x) NVPTX_RPC_STR_ (x)
extern int __nvptx_rpc_host_clock_gettime (clockid_t, struct timespec *)
  __asm__ (NVPTX_RPC_STR (__USER_LABEL_PREFIX__) "clock_gettime");
# define CLOCK_NS() \
  ({ struct timespec t_; \
     __nvptx_rpc_host_clock_gettime (CLOCK_MONOTONIC, &t_); \
     (uint64_t) t_.tv_sec * 1000000000 + t_.tv_nsec; })
# define PAUSE_NS(ns) sched_yield ()
#endif

#define LOAD8(p) LOAD_VOLATILE (8, uint8_t, p)
#define LOAD32(p) LOAD_VOLATILE (32, uint32_t, p)
#define LOAD64(p) LOAD_VOLATILE (64, uint64_t, p)

#endif /* _NVPTX_RPC_ARCH_H */
