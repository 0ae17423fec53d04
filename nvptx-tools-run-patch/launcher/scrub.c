/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* A warm worker's context after a program (scrub.h): nothing the
   program left on the device heap is handed to the next one.

   A context keeps its device heap from one program to the next: a
   program's malloc got blocks that an earlier program filled and freed.
   The heap's layout is the driver's; what can be reached is what malloc
   gives.  So one thread takes every free block, largest first, halving
   the size when none is left of it, down to one byte; a grid zeroes the
   blocks; the thread frees them.  A block a program never freed stays
   its, and is not given to another.

   Not local memory (the threads' stacks), which the context keeps too:
   a kernel that stored to every local address up to the stack limit
   faulted on an H200, and a way to reach all of it is yet to be shown
   (docs/security.md, "The warm launcher").  */

#include <stdint.h>
#include <stdlib.h>

#include "scrub.h"

static const char scrub_ptx[] =
  ".version 6.0\n"
  ".target sm_50\n"
  ".address_size 64\n"
  ".extern .func (.param .b64 ret) malloc (.param .b64 size);\n"
  ".extern .func free (.param .b64 ptr);\n"
  /* take (list, capacity, largest), one thread: list[0] the blocks
     taken, list[1] their bytes, then a (pointer, size) pair each.  */
  ".visible .entry nvptx_rpc_scrub_take (.param .u64 list,\n"
  "\t.param .u64 capacity, .param .u64 largest)\n"
  "{\n"
  "\t.reg .u64 %list, %cap, %size, %n, %total, %p, %e;\n"
  "\t.reg .pred %q;\n"
  "\tld.param.u64 %list, [list];\n"
  "\tld.param.u64 %cap, [capacity];\n"
  "\tld.param.u64 %size, [largest];\n"
  "\tmov.u64 %n, 0;\n"
  "\tmov.u64 %total, 0;\n"
  "next:\n"
  "\tsetp.eq.u64 %q, %size, 0;\n"
  "\t@%q bra end;\n"
  "\tsetp.ge.u64 %q, %n, %cap;\n"
  "\t@%q bra end;\n"
  "\t{\n"
  "\t.param .b64 in;\n"
  "\t.param .b64 out;\n"
  "\tst.param.b64 [in], %size;\n"
  "\tcall (out), malloc, (in);\n"
  "\tld.param.b64 %p, [out];\n"
  "\t}\n"
  "\tsetp.ne.u64 %q, %p, 0;\n"
  "\t@%q bra took;\n"
  "\tshr.u64 %size, %size, 1;\n"
  "\tbra next;\n"
  "took:\n"
  "\tshl.b64 %e, %n, 4;\n"
  "\tadd.u64 %e, %e, %list;\n"
  "\tst.global.u64 [%e+16], %p;\n"
  "\tst.global.u64 [%e+24], %size;\n"
  "\tadd.u64 %n, %n, 1;\n"
  "\tadd.u64 %total, %total, %size;\n"
  "\tbra next;\n"
  "end:\n"
  "\tst.global.u64 [%list], %n;\n"
  "\tst.global.u64 [%list+8], %total;\n"
  "\tret;\n"
  "}\n"
  /* zero (list), a grid: zero each block of the list, 16 bytes a
     thread where the block is aligned so, then the last bytes.  */
  ".visible .entry nvptx_rpc_scrub_zero (.param .u64 list)\n"
  "{\n"
  "\t.reg .u64 %list, %n, %e, %a, %p, %s, %whole, %i, %first, %step, %step16;\n"
  "\t.reg .u32 %t, %nt, %b, %nb, %z;\n"
  "\t.reg .u16 %c;\n"
  "\t.reg .pred %q;\n"
  "\tld.param.u64 %list, [list];\n"
  "\tld.global.u64 %n, [%list];\n"
  "\tmov.u32 %t, %tid.x;\n"
  "\tmov.u32 %nt, %ntid.x;\n"
  "\tmov.u32 %b, %ctaid.x;\n"
  "\tmov.u32 %nb, %nctaid.x;\n"
  "\tmul.wide.u32 %first, %b, %nt;\n"
  "\tcvt.u64.u32 %a, %t;\n"
  "\tadd.u64 %first, %first, %a;\n"
  "\tmul.wide.u32 %step, %nb, %nt;\n"
  "\tshl.b64 %step16, %step, 4;\n"
  "\tmov.u32 %z, 0;\n"
  "\tmov.u16 %c, 0;\n"
  "\tmov.u64 %e, 0;\n"
  "block:\n"
  "\tsetp.ge.u64 %q, %e, %n;\n"
  "\t@%q bra done;\n"
  "\tshl.b64 %a, %e, 4;\n"
  "\tadd.u64 %a, %a, %list;\n"
  "\tld.global.u64 %p, [%a+16];\n"
  "\tld.global.u64 %s, [%a+24];\n"
  "\tand.b64 %whole, %s, -16;\n"
  "\tand.b64 %a, %p, 15;\n"
  "\tsetp.ne.u64 %q, %a, 0;\n"
  "\t@%q mov.u64 %whole, 0;\n"
  "\tshl.b64 %i, %first, 4;\n"
  "quads:\n"
  "\tsetp.ge.u64 %q, %i, %whole;\n"
  "\t@%q bra tail;\n"
  "\tadd.u64 %a, %p, %i;\n"
  "\tst.global.v4.u32 [%a], {%z, %z, %z, %z};\n"
  "\tadd.u64 %i, %i, %step16;\n"
  "\tbra quads;\n"
  "tail:\n"
  "\tadd.u64 %i, %whole, %first;\n"
  "bytes:\n"
  "\tsetp.ge.u64 %q, %i, %s;\n"
  "\t@%q bra again;\n"
  "\tadd.u64 %a, %p, %i;\n"
  "\tst.global.u8 [%a], %c;\n"
  "\tadd.u64 %i, %i, %step;\n"
  "\tbra bytes;\n"
  "again:\n"
  "\tadd.u64 %e, %e, 1;\n"
  "\tbra block;\n"
  "done:\n"
  "\tret;\n"
  "}\n"
  /* give (list), one thread: free each block of the list.  */
  ".visible .entry nvptx_rpc_scrub_give (.param .u64 list)\n"
  "{\n"
  "\t.reg .u64 %list, %n, %e, %a, %p;\n"
  "\t.reg .pred %q;\n"
  "\tld.param.u64 %list, [list];\n"
  "\tld.global.u64 %n, [%list];\n"
  "\tmov.u64 %e, 0;\n"
  "next:\n"
  "\tsetp.ge.u64 %q, %e, %n;\n"
  "\t@%q bra done;\n"
  "\tshl.b64 %a, %e, 4;\n"
  "\tadd.u64 %a, %a, %list;\n"
  "\tld.global.u64 %p, [%a+16];\n"
  "\t{\n"
  "\t.param .b64 in;\n"
  "\tst.param.b64 [in], %p;\n"
  "\tcall free, (in);\n"
  "\t}\n"
  "\tadd.u64 %e, %e, 1;\n"
  "\tbra next;\n"
  "done:\n"
  "\tret;\n"
  "}\n";

/* Blocks the heap's free memory may be in: more, and the scrub cannot
   tell that it took them all.  */
#define SCRUB_BLOCKS 4096
#define ZERO_THREADS 256

struct scrub
{
  const struct scrub_cuda *cuda;
  CUfunction take, zero, give;
  CUdeviceptr list;
  unsigned device_threads;
};

struct scrub *
scrub_new (const struct scrub_cuda *cuda, size_t device_threads)
{
  struct scrub *s = calloc (1, sizeof *s);
  CUmodule module;

  if (s == NULL
      || cuda->cuModuleLoadData (&module, scrub_ptx) != CUDA_SUCCESS
      || cuda->cuModuleGetFunction (&s->take, module, "nvptx_rpc_scrub_take")
	 != CUDA_SUCCESS
      || cuda->cuModuleGetFunction (&s->zero, module, "nvptx_rpc_scrub_zero")
	 != CUDA_SUCCESS
      || cuda->cuModuleGetFunction (&s->give, module, "nvptx_rpc_scrub_give")
	 != CUDA_SUCCESS
      || cuda->cuMemAlloc (&s->list, 16 * (SCRUB_BLOCKS + 1)) != CUDA_SUCCESS)
    {
      free (s);
      return NULL;
    }
  s->cuda = cuda;
  s->device_threads = device_threads;
  return s;
}

/* Launch KERNEL on BLOCKS blocks of THREADS with the parameters ARG,
   MORE1 and MORE2, of which it reads as many as it has.  */
static bool
launch (const struct scrub *s, CUfunction kernel, unsigned blocks,
	unsigned threads, uint64_t arg, uint64_t more1, uint64_t more2)
{
  void *args[] = { &arg, &more1, &more2 };

  return s->cuda->cuLaunchKernel (kernel, blocks, 1, 1, threads, 1, 1, 0,
				  NULL, args, NULL) == CUDA_SUCCESS;
}

bool
scrub_device (struct scrub *s, size_t heap_size, size_t *heap_free)
{
  uint64_t taken[2];

  if (!launch (s, s->take, 1, 1, s->list, SCRUB_BLOCKS, heap_size)
      || !launch (s, s->zero, s->device_threads / ZERO_THREADS, ZERO_THREADS,
		  s->list, 0, 0)
      || !launch (s, s->give, 1, 1, s->list, 0, 0)
      || s->cuda->cuStreamSynchronize (NULL) != CUDA_SUCCESS
      || s->cuda->cuMemcpyDtoH (taken, s->list, sizeof taken)
	 != CUDA_SUCCESS)
    return false;
  *heap_free = taken[1];
  return taken[0] < SCRUB_BLOCKS;
}
