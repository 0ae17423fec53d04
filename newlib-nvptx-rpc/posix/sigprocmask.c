/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* sigprocmask and pthread_sigmask: the mask of blocked signals, kept
   and reported; only raise and abort signal a GPU program, and they
   deliver at once, as a blocked signal raised by the program itself
   would be on the host once unblocked.  */

#include <errno.h>
#include <signal.h>
#include <stddef.h>

static sigset_t blocked;

int
pthread_sigmask (int how, const sigset_t *set, sigset_t *old)
{
  sigset_t mask = blocked;

  if (set != NULL)
    {
      if (how != SIG_BLOCK && how != SIG_UNBLOCK && how != SIG_SETMASK)
	return EINVAL;
      if (how == SIG_SETMASK)
	sigemptyset (&mask);
      for (int sig = 1; sig < NSIG; sig++)
	if (sigismember (set, sig) == 1)
	  {
	    if (how == SIG_UNBLOCK)
	      sigdelset (&mask, sig);
	    else
	      sigaddset (&mask, sig);
	  }
    }
  if (old != NULL)
    *old = blocked;
  /* SIGKILL and SIGSTOP cannot be blocked.  */
  sigdelset (&mask, SIGKILL);
  sigdelset (&mask, SIGSTOP);
  blocked = mask;
  return 0;
}

int
sigprocmask (int how, const sigset_t *set, sigset_t *old)
{
  int e = pthread_sigmask (how, set, old);

  if (e != 0)
    {
      errno = e;
      return -1;
    }
  return 0;
}
