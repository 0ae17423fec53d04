/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* The process calls a GPU program cannot make, beyond fork, execve,
   wait, pipe, popen and waitpid (their own files): the exec family,
   vfork, wait3, wait4, daemon and pipe2 fail with ENOSYS
   (docs/security.md, "Processes"); posix_spawn and posix_spawnp return
   it.  */

#include <errno.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

struct rusage;

static int
no_process (void)
{
  errno = ENOSYS;
  return -1;
}

int
execl (const char *path, const char *arg, ...)
{
  (void) path, (void) arg;
  return no_process ();
}

int
execle (const char *path, const char *arg, ...)
{
  (void) path, (void) arg;
  return no_process ();
}

int
execlp (const char *file, const char *arg, ...)
{
  (void) file, (void) arg;
  return no_process ();
}

int
execv (const char *path, char *const argv[])
{
  (void) path, (void) argv;
  return no_process ();
}

int
execvpe (const char *file, char *const argv[], char *const envp[])
{
  (void) file, (void) argv, (void) envp;
  return no_process ();
}

pid_t
vfork (void)
{
  return no_process ();
}

pid_t
wait3 (int *status, int options, struct rusage *usage)
{
  (void) status, (void) options, (void) usage;
  return no_process ();
}

pid_t
wait4 (pid_t pid, int *status, int options, struct rusage *usage)
{
  (void) pid, (void) status, (void) options, (void) usage;
  return no_process ();
}

int
daemon (int nochdir, int noclose)
{
  (void) nochdir, (void) noclose;
  return no_process ();
}

int
pipe2 (int fds[2], int flags)
{
  (void) fds, (void) flags;
  return no_process ();
}

int
posix_spawn (pid_t *pid, const char *path,
	     const posix_spawn_file_actions_t *actions,
	     const posix_spawnattr_t *attributes, char *const argv[],
	     char *const envp[])
{
  (void) pid, (void) path, (void) actions, (void) attributes, (void) argv;
  (void) envp;
  return ENOSYS;
}

int
posix_spawnp (pid_t *pid, const char *file,
	      const posix_spawn_file_actions_t *actions,
	      const posix_spawnattr_t *attributes, char *const argv[],
	      char *const envp[])
{
  (void) pid, (void) file, (void) actions, (void) attributes, (void) argv;
  (void) envp;
  return ENOSYS;
}
