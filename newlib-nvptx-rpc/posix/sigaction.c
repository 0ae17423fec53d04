/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* sigaction(2) for nvptx: nothing outside the program can signal a GPU
   thread, so the only signals are the program's own raise() and abort(),
   which newlib's signal module serves from its table of handlers
   (signal/signal.c).  sigaction reads and sets that table, as signal()
   does; sa_mask has nothing to block, and SA_SIGINFO (where the headers
   have it), whose handler raise() cannot call, is refused with EINVAL.  newlib's raise() resets
   a handler to SIG_DFL before it calls it, as if SA_RESETHAND were
   given.  */

#include <errno.h>
#include <signal.h>
#include <string.h>

int
sigaction (int sig, const struct sigaction *action, struct sigaction *old)
{
  void (*previous) (int);

  if (sig <= 0 || sig >= NSIG
      || (action != NULL && (sig == SIGKILL || sig == SIGSTOP))
#ifdef SA_SIGINFO
      || (action != NULL && (action->sa_flags & SA_SIGINFO) != 0)
#endif
      )
    {
      errno = EINVAL;
      return -1;
    }
  if (action != NULL)
    previous = signal (sig, action->sa_handler);
  else
    {
      previous = signal (sig, SIG_DFL);
      signal (sig, previous);
    }
  if (previous == SIG_ERR)
    return -1;
  if (old != NULL)
    {
      memset (&old->sa_mask, 0, sizeof old->sa_mask);
      old->sa_flags = 0;
      old->sa_handler = previous;
    }
  return 0;
}
