/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* A warning of OpenMP's error directive in a target region: libgomp's
   message, printf and vprintf calls of its own (error.o), comes out
   whole, and the region ends.  In the OpenMP multilib GCC has only the
   master lane call vprintf; the device libgomp.a's copy calls
   printf's vprintf instead, which every lane must run
   (offload/device-libgomp.sh): called by one lane, the warp hung.  */

#include <stdio.h>

int
main (void)
{
  int ran = 0;

#pragma omp target map(from: ran)
  {
#pragma omp error at(execution) severity(warning) message("from the GPU")
    ran = 1;
  }
  printf ("the target region ran: %d\n", ran);
  return ran == 1 ? 0 : 1;
}
