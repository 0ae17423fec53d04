/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The GPU program of the launcher tests (launcher-check.sh), built for the
   host with the nvptx-rpc client as testsuite/host's *.client programs
   are, but as a shared object, which the stand-in driver
   (fake-libcuda.c) runs as the kernel: its system calls go through the
   mailbox to the launcher's server.  The first argument says what to do;
   output is by write, which the server serves (stdio would be the host
   C library's, shared with the launcher).  */

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include "rpc.h"

/* The host C library's poll: client-names.h gives the name to the
   client's.  */
extern int host_poll (struct pollfd *fds, nfds_t nfds, int timeout)
  __asm__ ("poll");

static void
put (int fd, const char *s)
{
  write (fd, s, strlen (s));
}

/* "WHAT: strerror (errno)" on stderr; status 1.  */
static int
fail (const char *what)
{
  const char *e = strerror (errno);

  put (2, what);
  put (2, ": ");
  put (2, e);
  put (2, "\n");
  return 1;
}

/* Copy FD to standard output, through a buffer below
   NVPTX_RPC_DIRECT_READ_MIN: through the window.  */
static int
copy_out (int fd, const char *name)
{
  char buf[2000];
  ssize_t n;

  while ((n = read (fd, buf, sizeof buf)) > 0)
    if (write (1, buf, n) != n)
      return fail ("write");
  return n < 0 ? fail (name) : 0;
}

/* Arguments, one a line, and whether argv[argc] is NULL, as C says.  */
static int
args (int argc, char **argv)
{
  for (int i = 1; i < argc; i++)
    {
      put (1, argv[i]);
      put (1, "\n");
    }
  if (argv[argc] != NULL)
    {
      put (2, "argv[argc] is not NULL\n");
      return 1;
    }
  return 0;
}

/* Standard streams that the launcher got closed: /dev/null, each of them.
   The status says which check failed.  */
static int
std_fds (void)
{
  struct stat null, st;
  char c;

  if (stat ("/dev/null", &null) != 0)
    return 9;
  for (int fd = 0; fd <= 2; fd++)
    if (fstat (fd, &st) != 0 || !S_ISCHR (st.st_mode)
	|| st.st_rdev != null.st_rdev)
      return 10 + fd;
  if (read (0, &c, 1) != 0)
    return 13;
  if (write (1, "x", 1) != 1 || write (2, "x", 1) != 1)
    return 14;
  return 0;
}

/* Write to standard output until a write fails, which must be with EPIPE
   once its reader is gone (the launcher ignores SIGPIPE).  */
static int
epipe (void)
{
  char buf[4096];

  memset (buf, 'y', sizeof buf);
  for (int i = 0; i < 100000; i++)
    if (write (1, buf, sizeof buf) < 0)
      return errno == EPIPE ? 0 : fail ("write");
  return 2;
}

/* The environment the launcher gives the program (what newlib's getenv
   imports, getenv_r.c), one variable a line.  */
static int
env (void)
{
  struct __nvptx_rpc_call call = { .opcode = NVPTX_RPC_ENVIRON };
  long long total = __nvptx_rpc_call (&call);
  char *block;

  if (total < 0)
    return fail ("environ");
  if (total == 0)
    return 0;
  if ((block = malloc (total)) == NULL)
    return fail ("malloc");
  call.in = block;
  call.in_length = total;
  if (__nvptx_rpc_call (&call) != total)
    return fail ("environ");
  for (char *p = block; p < block + total; p += strlen (p) + 1)
    {
      put (1, p);
      put (1, "\n");
    }
  free (block);
  return 0;
}

/* Output, a file written, then a request posted that the stand-in
   driver's fault=4 makes the kernel's last: the kernel never ends.  */
static int
fault (const char *path)
{
  int fd;

  put (1, "written before the fault\n");
  if ((fd = open (path, O_WRONLY | O_CREAT | O_TRUNC, 0666)) < 0
      || write (fd, "kept\n", 5) != 5)
    return fail (path);
  getpid ();
  for (;;)
    pause ();
}

/* A write and a read of BIG bytes, by DMA from and to static buffers
   (device memory), then a read into the heap, which the stand-in driver,
   as the real one, does not count as device memory: the launcher's copy
   kernel moves it.  */
#define BIG (1024 * 1024 + 4321)
static unsigned char out[BIG], in[BIG];

static int
dma (const char *path)
{
  unsigned char *heap = malloc (100000);
  int fd;

  for (size_t i = 0; i < BIG; i++)
    out[i] = i * 7 + (i >> 12);
  if ((fd = open (path, O_RDWR | O_CREAT | O_TRUNC, 0666)) < 0)
    return fail (path);
  if (write (fd, out, BIG) != BIG)
    return fail ("write");
  if (lseek (fd, 0, SEEK_SET) != 0 || read (fd, in, BIG) != BIG)
    return fail ("read");
  if (memcmp (in, out, BIG) != 0)
    {
      put (2, "read back wrong bytes\n");
      return 1;
    }
  if (heap == NULL || lseek (fd, 0, SEEK_SET) != 0
      || read (fd, heap, 100000) != 100000)
    return fail ("read into the heap");
  if (memcmp (heap, out, 100000) != 0)
    {
      put (2, "read wrong bytes into the heap\n");
      return 1;
    }
  free (heap);
  return close (fd) == 0 ? 0 : fail ("close");
}

/* Built without nvptx-rpc's launcher (the stand-in driver's no-rpc): no
   mailbox, so each call takes newlib's old way.  */
static int
stock (void)
{
  if (getpid () != 1)
    return 2;
  if (open ("/dev/null", O_RDONLY) != -1 || errno != ENOSYS)
    return 3;
  return 0;
}

/* As newlib-nvptx-rpc/posix/progname.c has them, which the host build of
   the client leaves out: this object's own, not glibc's.  */
__attribute__ ((visibility ("protected"))) char *program_invocation_name;
__attribute__ ((visibility ("protected")))
char *program_invocation_short_name;

int
main (int argc, char **argv)
{
  const char *what = argc > 1 ? argv[1] : "";
  const char *arg = argc > 2 ? argv[2] : "";
  int fd;

  if (strcmp (what, "status") == 0)
    return atoi (arg);
  if (strcmp (what, "args") == 0)
    return args (argc, argv);
  if (strcmp (what, "print") == 0)
    {
      put (1, arg);
      put (2, argc > 3 ? argv[3] : "");
      return 0;
    }
  if (strcmp (what, "echo") == 0)
    return copy_out (0, "stdin");
  if (strcmp (what, "cat") == 0)
    {
      if ((fd = open (arg, O_RDONLY)) < 0)
	return fail (arg);
      return copy_out (fd, arg) || close (fd) != 0;
    }
  if (strcmp (what, "create") == 0)
    {
      if ((fd = open (arg, O_WRONLY | O_CREAT | O_TRUNC, 0666)) < 0)
	return fail (arg);
      put (fd, argc > 3 ? argv[3] : "");
      return close (fd) == 0 ? 0 : fail (arg);
    }
  if (strcmp (what, "flock") == 0)
    {
      /* Waits while another process holds the file.  */
      if ((fd = open (arg, O_RDONLY)) < 0 || flock (fd, LOCK_EX) != 0)
	return fail (arg);
      put (1, "locked\n");
      return close (fd) == 0 ? 0 : fail (arg);
    }
  if (strcmp (what, "progname") == 0)
    {
      /* The launcher sets glibc's names of argv[0] and its last
	 component.  */
      put (1, program_invocation_short_name ? program_invocation_short_name
	      : "(unset)");
      put (1, " ");
      put (1, program_invocation_name ? program_invocation_name : "(unset)");
      put (1, "\n");
      return 0;
    }
  if (strcmp (what, "std-fds") == 0)
    return std_fds ();
  if (strcmp (what, "epipe") == 0)
    return epipe ();
  if (strcmp (what, "env") == 0)
    return env ();
  if (strcmp (what, "spin") == 0)
    {
      put (1, "spinning\n");
      for (;;)
	pause ();
    }
  if (strcmp (what, "idle") == 0)
    {
      /* A kernel that computes for ARG seconds without a call: the
	 host's own poll, as a GPU's kernel runs without the host.  */
      host_poll (NULL, 0, atoi (arg) * 1000);
      put (1, "idle\n");
      return 0;
    }
  if (strcmp (what, "fault") == 0)
    return fault (arg);
  if (strcmp (what, "dma") == 0)
    return dma (arg);
  if (strcmp (what, "kill") == 0)
    {
      put (1, "written before the signal\n");
      kill (getpid (), SIGTERM);
      return 1;
    }
  if (strcmp (what, "stock") == 0)
    return stock ();
  if (strcmp (what, "threads") == 0)
    {
      put (1, __nvptx_rpc_one_thread () ? "one thread\n" : "locks\n");
      return 0;
    }
  put (2, "unknown test\n");
  return 99;
}
