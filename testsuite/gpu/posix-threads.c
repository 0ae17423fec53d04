/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* pthread mutexes of each kind, once, keys, conditions, thread
   attributes, the thread's name and scheduling parameters, as a
   program of one thread uses them.  Run natively and on the GPU, the
   output and status must be identical (gpu.exp; differential.sh in
   CI).  Not here: pthread_create, which on the GPU fails with EAGAIN,
   and the default name, the program's (enosys.c, test-pthread).  */

#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "show.h"

static pthread_mutex_t static_mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static int once_runs;

static void
run_once (void)
{
  once_runs++;
}

/* Make MUTEX of KIND.  */
static void
make (pthread_mutex_t *mutex, int kind)
{
  pthread_mutexattr_t attr;
  int got;

  SHOW_ERROR (pthread_mutexattr_init (&attr));
  SHOW_ERROR (pthread_mutexattr_settype (&attr, kind));
  SHOW_ERROR (pthread_mutexattr_gettype (&attr, &got));
  printf ("kind %d\n", got == kind);
  SHOW_ERROR (pthread_mutex_init (mutex, &attr));
  SHOW_ERROR (pthread_mutexattr_destroy (&attr));
}

int
main (void)
{
  pthread_mutex_t mutex;
  pthread_mutexattr_t attr;
  pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
  pthread_attr_t thread_attr;
  pthread_key_t key, other;
  struct sched_param param = { 0 };
  char name[16];
  size_t size;
  int value = 7, policy;

  puts ("-- a normal mutex");
  SHOW_ERROR (pthread_mutex_lock (&static_mutex));
  SHOW_ERROR (pthread_mutex_trylock (&static_mutex));
  SHOW_ERROR (pthread_mutex_destroy (&static_mutex));
  SHOW_ERROR (pthread_mutex_unlock (&static_mutex));
  SHOW_ERROR (pthread_mutex_trylock (&static_mutex));
  SHOW_ERROR (pthread_mutex_unlock (&static_mutex));
  SHOW_ERROR (pthread_mutex_init (&mutex, NULL));
  SHOW_ERROR (pthread_mutex_lock (&mutex));
  SHOW_ERROR (pthread_mutex_unlock (&mutex));
  SHOW_ERROR (pthread_mutex_destroy (&mutex));
  SHOW_ERROR (pthread_mutexattr_init (&attr));
  SHOW_ERROR (pthread_mutexattr_settype (&attr, 99));

  puts ("-- a recursive mutex");
  make (&mutex, PTHREAD_MUTEX_RECURSIVE);
  SHOW_ERROR (pthread_mutex_lock (&mutex));
  SHOW_ERROR (pthread_mutex_lock (&mutex));
  SHOW_ERROR (pthread_mutex_trylock (&mutex));
  SHOW_ERROR (pthread_mutex_unlock (&mutex));
  SHOW_ERROR (pthread_mutex_unlock (&mutex));
  SHOW_ERROR (pthread_mutex_destroy (&mutex));
  SHOW_ERROR (pthread_mutex_unlock (&mutex));
  SHOW_ERROR (pthread_mutex_unlock (&mutex));
  SHOW_ERROR (pthread_mutex_destroy (&mutex));

  puts ("-- an error-checking mutex");
  make (&mutex, PTHREAD_MUTEX_ERRORCHECK);
  SHOW_ERROR (pthread_mutex_unlock (&mutex));
  SHOW_ERROR (pthread_mutex_lock (&mutex));
  SHOW_ERROR (pthread_mutex_lock (&mutex));
  SHOW_ERROR (pthread_mutex_trylock (&mutex));
  SHOW_ERROR (pthread_mutex_unlock (&mutex));
  SHOW_ERROR (pthread_mutex_unlock (&mutex));
  SHOW_ERROR (pthread_mutex_destroy (&mutex));

  puts ("-- once");
  SHOW_ERROR (pthread_once (&once, run_once));
  SHOW_ERROR (pthread_once (&once, run_once));
  printf ("runs %d\n", once_runs);

  puts ("-- keys");
  SHOW_ERROR (pthread_key_create (&key, NULL));
  SHOW_ERROR (pthread_key_create (&other, free));
  HOLDS (key != other);
  HOLDS (pthread_getspecific (key) == NULL);
  SHOW_ERROR (pthread_setspecific (key, &value));
  HOLDS (pthread_getspecific (key) == &value);
  HOLDS (pthread_getspecific (other) == NULL);
  SHOW_ERROR (pthread_key_delete (key));
  SHOW_ERROR (pthread_key_delete (key));
  SHOW_ERROR (pthread_setspecific (key, &value));
  SHOW_ERROR (pthread_key_create (&key, NULL));
  HOLDS (pthread_getspecific (key) == NULL);
  SHOW_ERROR (pthread_key_delete (key));
  SHOW_ERROR (pthread_key_delete (other));

  puts ("-- a condition");
  SHOW_ERROR (pthread_cond_signal (&cond));
  SHOW_ERROR (pthread_cond_broadcast (&cond));
  SHOW_ERROR (pthread_cond_destroy (&cond));
  SHOW_ERROR (pthread_cond_init (&cond, NULL));
  SHOW_ERROR (pthread_cond_destroy (&cond));

  puts ("-- thread attributes");
  SHOW_ERROR (pthread_attr_init (&thread_attr));
  SHOW_ERROR (pthread_attr_setstacksize (&thread_attr, 1000));
  SHOW_ERROR (pthread_attr_setstacksize (&thread_attr, 1 << 20));
  SHOW_ERROR (pthread_attr_getstacksize (&thread_attr, &size));
  printf ("stack size %zu\n", size);
  SHOW_ERROR (pthread_attr_destroy (&thread_attr));

  puts ("-- this thread");
  HOLDS (pthread_equal (pthread_self (), pthread_self ()));
  SHOW_ERROR (pthread_join (pthread_self (), NULL));
  SHOW_ERROR (pthread_setname_np (pthread_self (), "a name too long here"));
  SHOW_ERROR (pthread_setname_np (pthread_self (), "worker"));
  SHOW_ERROR (pthread_getname_np (pthread_self (), name, 3));
  SHOW_ERROR (pthread_getname_np (pthread_self (), name, sizeof name));
  printf ("name %s\n", name);
  SHOW_ERROR (pthread_getschedparam (pthread_self (), &policy, &param));
  printf ("policy %d, priority %d\n", policy == SCHED_OTHER,
	  param.sched_priority);
  SHOW_ERROR (pthread_setschedparam (pthread_self (), SCHED_OTHER, &param));
  param.sched_priority = 5;
  SHOW_ERROR (pthread_setschedparam (pthread_self (), SCHED_OTHER, &param));
  return 0;
}
