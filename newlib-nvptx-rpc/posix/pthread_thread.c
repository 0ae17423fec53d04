/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* The threads of a GPU program are the launch's, not pthreads': a
   thread's pthread_t is its lock_key (arch.h), unique among the running
   threads and never 0, and pthread_create fails with EAGAIN, as when
   the host has no room for another thread (docs/posix-coverage.md).  So
   no thread can be joined or detached but the caller: ESRCH, or
   EDEADLK to join itself.  The threads share one name, the program's
   (as Linux names a process's first thread), and run under SCHED_OTHER
   at priority 0, which only SCHED_OTHER at 0 changes to without
   privileges.  */

#include <errno.h>
#include <sched.h>
#include <string.h>
#include "pthread-objects.h"

extern char *program_invocation_short_name;

pthread_t
pthread_self (void)
{
  return (pthread_t) lock_key ();
}

int
pthread_equal (pthread_t a, pthread_t b)
{
  return a == b;
}

int
pthread_create (pthread_t *thread, const pthread_attr_t *attr,
		void *(*routine) (void *), void *arg)
{
  (void) thread, (void) attr, (void) routine, (void) arg;
  return EAGAIN;
}

int
pthread_join (pthread_t thread, void **result)
{
  (void) result;
  return pthread_equal (thread, pthread_self ()) ? EDEADLK : ESRCH;
}

int
pthread_detach (pthread_t thread)
{
  return pthread_equal (thread, pthread_self ()) ? 0 : ESRCH;
}

/* Linux's limit, TASK_COMM_LEN less the null; glibc's getname asks
   for room for the longest.  */
#define NAME_MAX_LENGTH 15
static char name[NAME_MAX_LENGTH + 1];

int
pthread_setname_np (pthread_t thread, const char *new_name)
{
  size_t length = strlen (new_name);

  (void) thread;
  if (length > NAME_MAX_LENGTH)
    return ERANGE;
  memcpy (name, new_name, length + 1);
  return 0;
}

int
pthread_getname_np (pthread_t thread, char *buffer, size_t size)
{
  const char *own = name[0] != '\0' ? name : program_invocation_short_name;
  size_t length = own != NULL ? strnlen (own, NAME_MAX_LENGTH) : 0;

  (void) thread;
  if (size < NAME_MAX_LENGTH + 1)
    return ERANGE;
  memcpy (buffer, own, length);
  buffer[length] = '\0';
  return 0;
}

int
pthread_getschedparam (pthread_t thread, int *policy,
		       struct sched_param *param)
{
  (void) thread;
  *policy = SCHED_OTHER;
  memset (param, 0, sizeof *param);
  return 0;
}

int
pthread_setschedparam (pthread_t thread, int policy,
		       const struct sched_param *param)
{
  (void) thread;
  if (policy == SCHED_FIFO || policy == SCHED_RR)
    return EPERM;
  if (policy != SCHED_OTHER || param->sched_priority != 0)
    return EINVAL;
  return 0;
}
