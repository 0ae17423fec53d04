/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The calls that answer from the host: realpath, uname, gethostname,
   getrlimit, setrlimit, getrandom, getentropy, and arc4random, which
   getentropy seeds: run natively and on the GPU, the output, status and
   files left behind must be identical (gpu.exp; differential.sh in CI).
   Paths are printed relative to the working directory, random bytes
   only by what they must be.  */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "show.h"

#ifndef PATH_MAX
/* <sys/param.h>'s on nvptx, where GCC's <limits.h> has none.  */
# define PATH_MAX 1024
#endif

static char cwd[PATH_MAX];

/* realpath of PATH into a buffer: what follows the working directory,
   or its errno.  */
static void
show_realpath (const char *path)
{
  char buf[PATH_MAX];
  size_t n = strlen (cwd);

  errno = 0;
  if (realpath (path, buf) == NULL)
    printf ("realpath (\"%s\") = NULL %s\n", path, errno_name (errno));
  else if (strncmp (buf, cwd, n) == 0)
    printf ("realpath (\"%s\") = .%s\n", path, buf + n);
  else
    printf ("realpath (\"%s\") = %s\n", path, buf);
}

int
main (void)
{
  unsigned char a[300], b[256];
  struct utsname u;
  struct rlimit rl;
  char host[256];
  char *got;

  umask (022);
  puts ("-- realpath");
  SHOW (getcwd (cwd, sizeof cwd) != NULL);
  SHOW (mkdir ("d", 0755));
  SHOW (mkdir ("d/e", 0755));
  close (open ("d/f", O_WRONLY | O_CREAT, 0644));
  SHOW (symlink ("d/f", "l"));
  SHOW (symlink ("d/e/..", "dl"));
  SHOW (symlink ("loop", "loop"));
  show_realpath (".");
  show_realpath ("d/f");
  show_realpath ("./d/e/../f");
  show_realpath ("d//e///");
  show_realpath ("l");
  show_realpath ("dl/f");
  show_realpath ("/");
  show_realpath ("d/missing");
  show_realpath ("");
  show_realpath ("d/f/x");
  show_realpath ("d/f/");
  show_realpath ("loop");
  /* diff -r, which compares the files left, would follow it.  */
  SHOW (unlink ("loop"));
  got = realpath ("l", NULL);
  HOLDS (got != NULL && strncmp (got, cwd, strlen (cwd)) == 0
	 && strcmp (got + strlen (cwd), "/d/f") == 0);
  free (got);

  puts ("-- uname, gethostname");
  SHOW (uname (&u));
  printf ("sysname %s\n", u.sysname);
  printf ("machine %s\n", u.machine);
  SHOW (gethostname (host, sizeof host));
  HOLDS (strcmp (host, u.nodename) == 0);
  SHOW (gethostname (host, strlen (u.nodename)));

  puts ("-- getrlimit, setrlimit");
  SHOW (getrlimit (RLIMIT_CORE, &rl));
  HOLDS (rl.rlim_cur <= rl.rlim_max);
  SHOW (setrlimit (RLIMIT_CORE, &rl));
  SHOW (getrlimit (RLIMIT_NOFILE, &rl));
  HOLDS (rl.rlim_cur >= 20 && rl.rlim_cur <= rl.rlim_max);
  SHOW (getrlimit (RLIMIT_FSIZE, &rl));
  HOLDS (rl.rlim_cur == RLIM_INFINITY);
  SHOW (getrlimit (12345, &rl));
  rl.rlim_cur = 2, rl.rlim_max = 1;
  SHOW (setrlimit (RLIMIT_CORE, &rl));

  puts ("-- getrandom, getentropy, arc4random");
  SHOW (getrandom (a, sizeof b, 0));
  SHOW (getrandom (b, sizeof b, GRND_NONBLOCK));
  HOLDS (memcmp (a, b, sizeof b) != 0);
  SHOW (getrandom (a, 0, 0));
  SHOW (getrandom (a, 16, 0x80));
  memset (a, 0, sizeof a);
  SHOW (getentropy (a, 256));
  HOLDS (memcmp (a, b, sizeof b) != 0);
  SHOW (getentropy (a, 257) == -1 && errno == EIO);
  uint32_t r1 = arc4random (), r2 = arc4random (), r3 = arc4random ();
  HOLDS (r1 != r2 || r2 != r3);
  HOLDS (arc4random_uniform (10) < 10);
  memset (a, 0, sizeof a);
  arc4random_buf (a, 64);
  HOLDS (memcmp (a, b, 64) != 0);
  return 0;
}
