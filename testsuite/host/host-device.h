/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* A stand-in for the GPU's memory and the launcher's DMA, for the host
   tests and the fuzzer: the server's struct rpc_device_copy over host
   memory, a device address being a host address.  As with DMA, a copy
   happens when it is waited for, not when it starts: a server that
   touched a staging buffer before waiting would move the wrong bytes.
   One device at a time.  */

#ifndef NVPTX_RPC_HOST_DEVICE_H
#define NVPTX_RPC_HOST_DEVICE_H

#include <stdint.h>
#include "rpc-server.h"

/* The tests' staging buffers: not a power of two, so that the server's
   chunks end where windows do not; larger than a piece of the stage
   (rpc.h), so that one read of a pipe can fill a piece.  */
#define HOST_DEVICE_STAGING 147456

/* The server's copies, through two STAGING_SIZE-byte staging buffers,
   with all of the host's memory reachable and nothing broken.  */
const struct rpc_device_copy *host_device_begin (size_t staging_size);
/* Free the staging buffers.  */
void host_device_end (void);

/* The device's memory: the host's from LOW to HIGH.  reachable refuses
   a range outside it, as the driver refuses memory it does not know.  */
void host_device_memory (uintptr_t low, uintptr_t high);
/* Copies that touch the LENGTH bytes at P fail as DMA can, after
   reachable said yes: one that begins in them does not start, one that
   only reaches into them fails when waited for.  LENGTH 0: none.  */
void host_device_break (const void *p, size_t length);

/* What the copies did since host_device_begin.  */
struct host_device_stats
{
  unsigned long copies;		/* That succeeded.  */
  unsigned long long to_host, to_device; /* Their bytes.  */
  /* Breaches of rpc-server.h's rules: a copy started while another ran,
     a wait with none running, a host side outside the staging buffers,
     a copy still running at host_device_stats.  */
  unsigned long misuses;
};
struct host_device_stats host_device_stats (void);

#endif /* NVPTX_RPC_HOST_DEVICE_H */
