/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* The calling GPU thread's number, for lock.c's owners and the slots
   of getreent.c and posix/pthread_key.c.  */

#ifndef _NVPTX_THREAD_H
#define _NVPTX_THREAD_H

#include <stdint.h>

#define __NVPTX_SREG(name) \
  ({ uint32_t v_; asm ("mov.u32 %0, %%" name ";" : "=r" (v_)); v_; })

/* The calling thread's index in the grid: 0 for the first thread of the
   first block, then on through the block and the blocks, without gaps.
   Unique among the threads running at once (the launcher runs one
   kernel at a time).

   In the OpenMP multilib (-muniform-simt, __nvptx_unisimt__) the
   NTID.X lanes that share a TID.Y, the 32 of a warp as libgomp launches
   them, run as one OpenMP thread, all of them running its code: they
   count as one thread here, whose number every lane computes alike.  */
static inline uint64_t
__nvptx_thread_index (void)
{
#ifdef __nvptx_unisimt__
  uint32_t lanes = 1, lane = 0;
#else
  uint32_t lanes = __NVPTX_SREG ("ntid.x"), lane = __NVPTX_SREG ("tid.x");
#endif
  uint32_t block_size = lanes * __NVPTX_SREG ("ntid.y")
			* __NVPTX_SREG ("ntid.z");
  uint32_t in_block = (__NVPTX_SREG ("tid.z") * __NVPTX_SREG ("ntid.y")
		       + __NVPTX_SREG ("tid.y")) * lanes + lane;
  uint64_t block = ((uint64_t) __NVPTX_SREG ("ctaid.z")
		    * __NVPTX_SREG ("nctaid.y") + __NVPTX_SREG ("ctaid.y"))
		   * __NVPTX_SREG ("nctaid.x") + __NVPTX_SREG ("ctaid.x");

  return block * block_size + in_block;
}

/* How many threads, numbered from 0, keep state of their own where a
   thread needs a slot of it: errno's struct _reent (getreent.c), the
   values of pthread's keys (posix/pthread_key.c).  Threads numbered
   this or more share the first thread's.  */
#define __NVPTX_THREAD_SLOTS 4096

/* A number for the calling thread unique among all the GPU's running
   threads, never 0, below 2^63 (arch.h's LOCK_FREE): its index in the
   grid, with the low 23 bits of the grid's launch number (%gridid) from
   bit 40 on, as kernels on other streams (OpenACC's async queues) run
   at once with the same indices.  */
static inline uint64_t
__nvptx_thread_key (void)
{
  uint64_t grid;

  asm ("mov.u64 %0, %%gridid;" : "=r" (grid));
  return ((grid & 0x7fffff) << 40) + __nvptx_thread_index () + 1;
}

#endif /* _NVPTX_THREAD_H */
