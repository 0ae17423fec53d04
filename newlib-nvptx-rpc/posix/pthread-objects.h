/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* What nvptx's pthread objects hold.  Their types are glibc's sizes for
   x86_64 (patches/0035), whose offload programs pass them, and a zeroed
   object is an initialised one, as in glibc: so that these functions
   serve both a program built with newlib's headers and a target region
   built with glibc's (docs/offload.md).  The first fields of a mutex
   are where glibc keeps the same: __kind at offset 16, which glibc's
   static initialisers of the recursive and error-checking kinds set.  */

#ifndef NVPTX_PTHREAD_OBJECTS_H
#define NVPTX_PTHREAD_OBJECTS_H

#include <pthread.h>
#include <stddef.h>
#include "arch.h"

struct nvptx_mutex
{
  unsigned long long owner;	/* The holder's lock_key, or free (arch.h).  */
  unsigned int count;		/* How often a recursive one is held.  */
  unsigned int unused;
  int kind;			/* PTHREAD_MUTEX_NORMAL...  */
};

struct nvptx_mutexattr
{
  int kind;
};

/* A condition's waiters wait for its sequence number to change.  */
struct nvptx_cond
{
  unsigned long long sequence;
};

struct nvptx_attr
{
  size_t stack_size;		/* 0: the default.  */
};

#define NVPTX_PTHREAD_VIEW(type, object) ((struct type *) (object))

_Static_assert (sizeof (struct nvptx_mutex) <= sizeof (pthread_mutex_t),
		"a mutex holds struct nvptx_mutex");
_Static_assert (sizeof (struct nvptx_mutexattr)
		<= sizeof (pthread_mutexattr_t),
		"a mutex attribute holds struct nvptx_mutexattr");
_Static_assert (sizeof (struct nvptx_cond) <= sizeof (pthread_cond_t),
		"a condition holds struct nvptx_cond");
_Static_assert (sizeof (struct nvptx_attr) <= sizeof (pthread_attr_t),
		"a thread attribute holds struct nvptx_attr");

#endif /* NVPTX_PTHREAD_OBJECTS_H */
