/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The stack a PTX program's kernel needs along its direct calls (see
   ptx-stack.c).  No CUDA here, so that CI tests it.  */

#ifndef PTX_STACK_H
#define PTX_STACK_H

#include <stddef.h>
#include <stdint.h>

/* Where the sums stop: more than any device has, with room left for a
   caller to add its own margin without wrapping.  */
#define PTX_STACK_SATURATED (SIZE_MAX / 2)

/* Bytes of stack per thread that kernel ENTRY of PROGRAM (LEN bytes of
   NUL-separated PTX chunks, as nvptx-none-ld writes) needs along its
   direct calls: the largest sum of GCC's local arrays on a path of them,
   or PTX_STACK_SATURATED if that is as large.  0 if ENTRY is not
   defined, or if out of memory.  */
size_t ptx_stack_need (const char *program, size_t len, const char *entry);

#endif /* PTX_STACK_H */
