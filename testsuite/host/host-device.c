/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* A stand-in for the GPU's memory and the launcher's DMA; see
   host-device.h.  */

#include <stdlib.h>
#include <string.h>

#include "host-device.h"

static struct
{
  struct rpc_device_copy copy;
  uintptr_t low, high;		/* The device's memory.  */
  uintptr_t broken;		/* Copies touching these bytes fail.  */
  size_t broken_length;
  /* The copy started and not yet waited for.  */
  bool running, fails, to_device;
  void *to;
  const void *from;
  size_t count;
  struct host_device_stats stats;
} dev;

static bool
reachable (void *context, uint64_t address, size_t count)
{
  (void) context;
  return address >= dev.low && address <= dev.high
	 && count <= dev.high - address;
}

static bool
broken (uintptr_t address, size_t count)
{
  return dev.broken_length > 0 && address < dev.broken + dev.broken_length
	 && dev.broken < address + count;
}

/* Whether COUNT bytes at HOST lie in a staging buffer.  */
static bool
in_staging (const void *host, size_t count)
{
  for (int i = 0; i < 2; i++)
    {
      uintptr_t b = (uintptr_t) dev.copy.staging[i], h = (uintptr_t) host;
      if (h >= b && count <= dev.copy.staging_size
	  && h - b <= dev.copy.staging_size - count)
	return true;
    }
  return false;
}

/* Start copying COUNT bytes FROM to TO: to the device at ADDRESS when
   TO_DEVICE, else from it; HOST is the side in a staging buffer.  */
static int
start (void *to, const void *from, size_t count, bool to_device,
       uint64_t address, const void *host)
{
  if (dev.running || !in_staging (host, count))
    dev.stats.misuses++;
  if (broken (address, 1))
    return -1;
  dev.running = true;
  dev.fails = broken (address, count);
  dev.to_device = to_device;
  dev.to = to;
  dev.from = from;
  dev.count = count;
  return 0;
}

static int
start_to_host (void *context, void *host, uint64_t from, size_t count)
{
  (void) context;
  return start (host, (const void *) (uintptr_t) from, count, false, from,
		host);
}

static int
start_to_device (void *context, uint64_t to, const void *host, size_t count)
{
  (void) context;
  return start ((void *) (uintptr_t) to, host, count, true, to, host);
}

static int
wait_copy (void *context)
{
  (void) context;
  if (!dev.running)
    {
      dev.stats.misuses++;
      return 0;
    }
  dev.running = false;
  if (dev.fails)
    return -1;
  memcpy (dev.to, dev.from, dev.count);
  dev.stats.copies++;
  if (dev.to_device)
    dev.stats.to_device += dev.count;
  else
    dev.stats.to_host += dev.count;
  return 0;
}

const struct rpc_device_copy *
host_device_begin (size_t staging_size)
{
  memset (&dev, 0, sizeof dev);
  dev.copy = (struct rpc_device_copy) {
    .reachable = reachable, .start_to_host = start_to_host,
    .start_to_device = start_to_device, .wait = wait_copy,
    .staging = { malloc (staging_size), malloc (staging_size) },
    .staging_size = staging_size,
  };
  dev.high = UINTPTR_MAX;
  if (dev.copy.staging[0] == NULL || dev.copy.staging[1] == NULL)
    abort ();
  return &dev.copy;
}

void
host_device_end (void)
{
  free (dev.copy.staging[0]);
  free (dev.copy.staging[1]);
  dev.copy.staging[0] = dev.copy.staging[1] = NULL;
}

void
host_device_memory (uintptr_t low, uintptr_t high)
{
  dev.low = low;
  dev.high = high;
}

void
host_device_break (const void *p, size_t length)
{
  dev.broken = (uintptr_t) p;
  dev.broken_length = length;
}

struct host_device_stats
host_device_stats (void)
{
  struct host_device_stats stats = dev.stats;

  stats.misuses += dev.running;
  return stats;
}
