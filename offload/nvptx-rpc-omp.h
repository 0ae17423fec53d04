/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* For OpenMP target regions that use stdin, stdout or stderr: include it
   after <stdio.h>.  glibc declares them as variables, which a target
   region would otherwise map, copying the host's pointers to the GPU;
   declared target, they are the device library's own streams
   (docs/offload.md).  */

#ifndef NVPTX_RPC_OMP_H
#define NVPTX_RPC_OMP_H

#include <stdio.h>

#pragma omp declare target
extern FILE *stdin;
extern FILE *stdout;
extern FILE *stderr;
#pragma omp end declare target

#endif /* NVPTX_RPC_OMP_H */
