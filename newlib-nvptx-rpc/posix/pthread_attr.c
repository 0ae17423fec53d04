/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* Thread attributes for nvptx: kept and reported, for the
   pthread_create that fails (pthread_thread.c).  */

#include <errno.h>
#include <limits.h>
#include <string.h>
#include "pthread-objects.h"

/* glibc's PTHREAD_STACK_MIN for x86_64.  */
#define STACK_MIN 16384

int
pthread_attr_init (pthread_attr_t *attr)
{
  memset (attr, 0, sizeof *attr);
  return 0;
}

int
pthread_attr_destroy (pthread_attr_t *attr)
{
  (void) attr;
  return 0;
}

int
pthread_attr_setstacksize (pthread_attr_t *attr, size_t size)
{
  if (size < STACK_MIN)
    return EINVAL;
  NVPTX_PTHREAD_VIEW (nvptx_attr, attr)->stack_size = size;
  return 0;
}

/* The default is the host's for a thread, 8 MiB.  */
int
pthread_attr_getstacksize (const pthread_attr_t *attr, size_t *size)
{
  size_t set = ((const struct nvptx_attr *) attr)->stack_size;

  *size = set != 0 ? set : 8 << 20;
  return 0;
}
