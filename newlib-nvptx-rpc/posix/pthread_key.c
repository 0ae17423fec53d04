/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* Thread-specific data for nvptx: glibc's 1,024 keys, and for each GPU
   thread that stores a value a table of them, made on its first store.
   Threads are found as getreent.c finds them: the first
   __NVPTX_THREAD_SLOTS (thread.h), and the others' stores fail with
   ENOMEM.  A GPU thread does not end before the program does, and exit
   runs no destructors in glibc either: they are kept, never called.  */

#include <errno.h>
#include <stdlib.h>
#include "pthread-objects.h"

#define KEYS 1024

#ifdef __nvptx__
# include "thread.h"
# define SLOTS __NVPTX_THREAD_SLOTS
static void **slots[SLOTS];

/* The calling thread's table, made if MAKE; NULL if it has none.  */
static void **
own_values (bool make)
{
  uint64_t self = __nvptx_thread_index ();

  if (self >= SLOTS)
    return NULL;
  if (slots[self] == NULL && make)
    slots[self] = calloc (KEYS, sizeof (void *));
  return slots[self];
}

/* A new key's value is null in every thread.  */
static void
clear_values (pthread_key_t key)
{
  for (int i = 0; i < SLOTS; i++)
    if (slots[i] != NULL)
      slots[i][key] = NULL;
}
#else
/* The host build (CI's tests): the host's threads.  */
static __thread void **own;

static void **
own_values (bool make)
{
  if (own == NULL && make)
    own = calloc (KEYS, sizeof (void *));
  return own;
}

static void
clear_values (pthread_key_t key)
{
  if (own != NULL)
    own[key] = NULL;
}
#endif

/* Whether each key is in use: 0 or 1, taken by compare and swap.  */
static int in_use[KEYS];
static void (*destructors[KEYS]) (void *);

int
pthread_key_create (pthread_key_t *key, void (*destructor) (void *))
{
  for (pthread_key_t k = 0; k < KEYS; k++)
    {
      int unused = 0;

      if (__atomic_compare_exchange_n (&in_use[k], &unused, 1, false,
				       __ATOMIC_ACQ_REL, __ATOMIC_RELAXED))
	{
	  destructors[k] = destructor;
	  clear_values (k);
	  *key = k;
	  return 0;
	}
    }
  return EAGAIN;
}

int
pthread_key_delete (pthread_key_t key)
{
  if (key >= KEYS || !__atomic_load_n (&in_use[key], __ATOMIC_ACQUIRE))
    return EINVAL;
  __atomic_store_n (&in_use[key], 0, __ATOMIC_RELEASE);
  return 0;
}

void *
pthread_getspecific (pthread_key_t key)
{
  void **values = own_values (false);

  return key < KEYS && values != NULL ? values[key] : NULL;
}

int
pthread_setspecific (pthread_key_t key, const void *value)
{
  void **values;

  if (key >= KEYS || !__atomic_load_n (&in_use[key], __ATOMIC_ACQUIRE))
    return EINVAL;
  if ((values = own_values (true)) == NULL)
    return ENOMEM;
  values[key] = (void *) value;
  return 0;
}
