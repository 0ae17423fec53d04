/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The calls that answer from the host (realpath, uname, gethostname,
   getrlimit, setrlimit, getrandom, getentropy), through the client and
   the real server: what each gives against the host's own call, their
   errno values, and realpath in a sandbox.  */

#define _GNU_SOURCE
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/utsname.h>

#include "harness.h"

extern int real_uname (struct utsname *name) HARNESS_REAL (uname);
extern int real_gethostname (char *name, size_t len)
  HARNESS_REAL (gethostname);
extern int real_getrlimit (int resource, struct rlimit *rlim)
  HARNESS_REAL (getrlimit);
extern char *real_realpath (const char *path, char *resolved)
  HARNESS_REAL (realpath);

/* The run's directory, as the host names it.  */
static char cwd[PATH_MAX];

/* The client's realpath of PATH into a PATH_MAX buffer is the run's
   directory followed by WANT ("" for the directory itself).  */
static void
realpath_is (const char *name, const char *path, const char *want)
{
  char buf[PATH_MAX], expected[PATH_MAX + 256];
  char *got;

  snprintf (expected, sizeof expected, "%s%s%s", cwd, *want ? "/" : "",
	    want);
  memset (buf, 'x', sizeof buf);
  errno = 0;
  got = realpath (path, buf);
  check (got == buf && strcmp (buf, expected) == 0, name,
	 "realpath (\"%s\") = %s errno %s, expected %s", path,
	 got ? buf : "NULL", errno_name (errno), expected);
}

/* realpath of PATH must fail with errno WANT, into a buffer and into a
   malloc'd one, and agree with the host's.  */
static void
realpath_fails (const char *name, const char *path, int want)
{
  char buf[PATH_MAX];

  CHECK_ERRNO (name, realpath (path, buf) == NULL ? -1 : 0, want);
  CHECK_ERRNO (name_of ("%s (malloc'd)", name),
	       realpath (path, NULL) == NULL ? -1 : 0, want);
  CHECK_ERRNO (name_of ("%s: as the host's", name),
	       real_realpath (path, buf) == NULL ? -1 : 0, want);
}

static void
realpaths (void)
{
  char *got;

  real_getcwd (cwd, sizeof cwd);
  CHECK_INT ("mkdir d", mkdir ("d", 0755), 0);
  CHECK_INT ("mkdir d/e", mkdir ("d/e", 0755), 0);
  close (open ("d/f", O_WRONLY | O_CREAT, 0644));
  CHECK_INT ("symlink l -> d/f", symlink ("d/f", "l"), 0);
  CHECK_INT ("symlink dl -> d/e/..", symlink ("d/e/..", "dl"), 0);
  CHECK_INT ("symlink loop -> loop", symlink ("loop", "loop"), 0);
  CHECK_INT ("symlink dangling -> nowhere", symlink ("nowhere", "dangling"),
	     0);
  realpath_is ("realpath .", ".", "");
  realpath_is ("realpath a file", "d/f", "d/f");
  realpath_is ("realpath with . and ..", "./d/e/../f", "d/f");
  realpath_is ("realpath repeated slashes", "d//e///", "d/e");
  realpath_is ("realpath a symlink: its target", "l", "d/f");
  realpath_is ("realpath through a symlink to a directory", "dl/f", "d/f");
  realpath_is ("realpath an absolute path", name_of ("%s/d/./e", cwd),
	       "d/e");
  got = realpath ("l", NULL);
  CHECK ("realpath into a malloc'd buffer",
	 got && strcmp (got, name_of ("%s/d/f", cwd)) == 0);
  free (got);
  realpath_fails ("realpath a missing file: ENOENT", "d/missing", ENOENT);
  realpath_fails ("realpath a dangling symlink: ENOENT", "dangling", ENOENT);
  realpath_fails ("realpath \"\": ENOENT", "", ENOENT);
  realpath_fails ("realpath through a file: ENOTDIR", "d/f/x", ENOTDIR);
  realpath_fails ("realpath a file with a slash: ENOTDIR", "d/f/", ENOTDIR);
  realpath_fails ("realpath a symlink loop: ELOOP", "loop", ELOOP);
  CHECK_ERRNO ("realpath NULL: EINVAL",
	       realpath (NULL, NULL) == NULL ? -1 : 0, EINVAL);

  /* A path longer than the window, and than the first malloc'd guess:
     the reply comes in pieces, the buffer grows.  */
  char deep[3000] = "";
  size_t n = 0;
  while (n + 60 < sizeof deep - 100)
    {
      n += snprintf (deep + n, sizeof deep - n, "%s%.50s", n ? "/" : "",
		     "directory-with-a-long-name-so-that-the-path-grows");
      CHECK ("mkdir a deep directory", mkdir (deep, 0755) == 0);
    }
  char expected[PATH_MAX + sizeof deep];
  snprintf (expected, sizeof expected, "%s/%s", cwd, deep);
  got = realpath (deep, NULL);
  CHECK ("realpath of a long path, malloc'd",
	 got && strcmp (got, expected) == 0);
  free (got);
  realpath_is ("realpath of a long path", deep, deep);
}

static void
names (void)
{
  struct utsname mine, host;
  char name[256], host_name[256];

  memset (&mine, 'x', sizeof mine);
  CHECK_INT ("uname", uname (&mine), 0);
  CHECK_INT ("uname: the host's", real_uname (&host), 0);
  CHECK ("uname: sysname", strcmp (mine.sysname, host.sysname) == 0);
  CHECK ("uname: nodename", strcmp (mine.nodename, host.nodename) == 0);
  CHECK ("uname: release", strcmp (mine.release, host.release) == 0);
  CHECK ("uname: version", strcmp (mine.version, host.version) == 0);
  CHECK ("uname: machine", strcmp (mine.machine, host.machine) == 0);
  CHECK ("uname: domainname",
	 strcmp (mine.domainname, host.domainname) == 0);
  CHECK_INT ("gethostname", gethostname (name, sizeof name), 0);
  CHECK_INT ("gethostname: the host's",
	     real_gethostname (host_name, sizeof host_name), 0);
  CHECK ("gethostname: the host's name", strcmp (name, host_name) == 0);
  CHECK ("gethostname: uname's node name",
	 strcmp (name, mine.nodename) == 0);
  size_t length = strlen (host_name);
  memset (name, 'x', sizeof name);
  CHECK_ERRNO ("gethostname without room for the NUL: ENAMETOOLONG",
	       gethostname (name, length), ENAMETOOLONG);
  CHECK ("gethostname without room: the bytes that fit",
	 memcmp (name, host_name, length) == 0 && name[length] == 'x');
  CHECK_INT ("gethostname with room for the NUL alone",
	     gethostname (name, length + 1), 0);
  CHECK ("gethostname: NUL-terminated", name[length] == '\0');
}

static void
limits (void)
{
  static const struct
  {
    int resource;
    const char *name;
  } resources[] = {
    { RLIMIT_CPU, "RLIMIT_CPU" }, { RLIMIT_FSIZE, "RLIMIT_FSIZE" },
    { RLIMIT_DATA, "RLIMIT_DATA" }, { RLIMIT_STACK, "RLIMIT_STACK" },
    { RLIMIT_CORE, "RLIMIT_CORE" }, { RLIMIT_AS, "RLIMIT_AS" },
  };
  struct rlimit mine, host;

  for (size_t i = 0; i < sizeof resources / sizeof *resources; i++)
    {
      const char *r = resources[i].name;
      CHECK_INT (name_of ("getrlimit %s", r),
		 getrlimit (resources[i].resource, &mine), 0);
      real_getrlimit (resources[i].resource, &host);
      CHECK (name_of ("getrlimit %s: the host's", r),
	     mine.rlim_cur == host.rlim_cur && mine.rlim_max == host.rlim_max);
      CHECK_INT (name_of ("setrlimit %s as it is", r),
		 setrlimit (resources[i].resource, &mine), 0);
    }
  CHECK_INT ("getrlimit RLIMIT_NOFILE", getrlimit (RLIMIT_NOFILE, &mine), 0);
  real_getrlimit (RLIMIT_NOFILE, &host);
  CHECK ("getrlimit RLIMIT_NOFILE: the host's, at most the guest table's",
	 mine.rlim_cur == (host.rlim_cur < NVPTX_RPC_FDS ? host.rlim_cur
			   : NVPTX_RPC_FDS)
	 && mine.rlim_max == (host.rlim_max < NVPTX_RPC_FDS ? host.rlim_max
			      : NVPTX_RPC_FDS));
  CHECK ("getrlimit RLIMIT_NOFILE: sysconf's _SC_OPEN_MAX at most",
	 (long) mine.rlim_cur <= sysconf (_SC_OPEN_MAX));
  CHECK_ERRNO ("getrlimit RLIMIT_NPROC: EINVAL",
	       getrlimit (RLIMIT_NPROC, &mine), EINVAL);
  CHECK_ERRNO ("getrlimit 999: EINVAL", getrlimit (999, &mine), EINVAL);
  CHECK_ERRNO ("getrlimit -1: EINVAL", getrlimit (-1, &mine), EINVAL);
  getrlimit (RLIMIT_CORE, &mine);
  struct rlimit other = mine;
  other.rlim_cur = other.rlim_cur == 0 ? 1 : 0;
  if (other.rlim_cur > other.rlim_max)
    other.rlim_max = other.rlim_cur;
  CHECK_ERRNO ("setrlimit a change: EPERM", setrlimit (RLIMIT_CORE, &other),
	       EPERM);
  real_getrlimit (RLIMIT_CORE, &host);
  CHECK ("setrlimit a change: the host's limit unchanged",
	 host.rlim_cur == mine.rlim_cur && host.rlim_max == mine.rlim_max);
  other = (struct rlimit) { 2, 1 };
  CHECK_ERRNO ("setrlimit soft above hard: EINVAL",
	       setrlimit (RLIMIT_CORE, &other), EINVAL);
  CHECK_ERRNO ("setrlimit 999: EINVAL", setrlimit (999, &mine), EINVAL);
}

/* Whether the LENGTH bytes at P are all zero.  */
static bool
all_zero (const unsigned char *p, size_t length)
{
  for (size_t i = 0; i < length; i++)
    if (p[i])
      return false;
  return true;
}

static void
random_bytes (void)
{
  static unsigned char a[100000], b[100000];

  CHECK_INT ("getrandom 32 bytes", getrandom (a, 32, 0), 32);
  CHECK_INT ("getrandom 32 more", getrandom (b, 32, 0), 32);
  CHECK ("getrandom: not zero", !all_zero (a, 32));
  CHECK ("getrandom: two calls differ", memcmp (a, b, 32) != 0);
  memset (a, 0, sizeof a);
  CHECK_INT ("getrandom 100000 bytes: the most one call gives",
	     getrandom (a, sizeof a, 0), NVPTX_RPC_RANDOM_MAX);
  CHECK ("getrandom 100000 bytes: the last 32 of them set",
	 !all_zero (a + NVPTX_RPC_RANDOM_MAX - 32, 32));
  CHECK ("getrandom 100000 bytes: nothing past them",
	 all_zero (a + NVPTX_RPC_RANDOM_MAX, sizeof a - NVPTX_RPC_RANDOM_MAX));
  CHECK_INT ("getrandom GRND_NONBLOCK", getrandom (a, 16, GRND_NONBLOCK), 16);
  CHECK_INT ("getrandom GRND_RANDOM | GRND_NONBLOCK",
	     getrandom (a, 16, GRND_RANDOM | GRND_NONBLOCK) > 0, 1);
  CHECK_INT ("getrandom 0 bytes", getrandom (a, 0, 0), 0);
  CHECK_ERRNO ("getrandom unknown flags: EINVAL", getrandom (a, 16, 0x80),
	       EINVAL);
  memset (a, 0, 300);
  CHECK_INT ("getentropy 256 bytes", getentropy (a, 256), 0);
  CHECK ("getentropy: the last 32 set", !all_zero (a + 224, 32));
  CHECK ("getentropy: nothing past them", all_zero (a + 256, 44));
  CHECK_ERRNO ("getentropy 257 bytes: EIO", getentropy (a, 257), EIO);
  CHECK_INT ("getentropy 0 bytes", getentropy (a, 0), 0);
}

/* realpath in a sandbox: the host path beneath it, as the program names
   it; nothing outside, whether named or reached by a symlink.  */
static void
sandboxed (void)
{
  char box[PATH_MAX + 8], buf[PATH_MAX];

  real_getcwd (cwd, sizeof cwd);
  CHECK_INT ("sandbox: mkdir box", mkdir ("box", 0755), 0);
  CHECK_INT ("sandbox: mkdir box/d", mkdir ("box/d", 0755), 0);
  CHECK_INT ("sandbox: symlink box/out -> ..", symlink ("..", "box/out"), 0);
  CHECK_INT ("sandbox: symlink box/etc -> /etc", symlink ("/etc", "box/etc"),
	     0);
  CHECK_INT ("sandbox: symlink box/in -> d/..", symlink ("d/..", "box/in"),
	     0);
  snprintf (box, sizeof box, "%s/box", cwd);
  if (!kernel_has_openat2 ())
    {
      note ("no openat2: sandbox checks skipped");
      return;
    }
  CHECK_INT ("sandbox: confine", rpc_server_confine (harness_server (), box,
						     false), 0);
  CHECK ("sandbox: realpath .", realpath (".", buf) == buf
	 && strcmp (buf, box) == 0);
  CHECK ("sandbox: realpath d", realpath ("d", buf) == buf
	 && strcmp (buf, name_of ("%s/d", box)) == 0);
  CHECK ("sandbox: realpath of a symlink that stays in",
	 realpath ("in", buf) == buf && strcmp (buf, box) == 0);
  CHECK ("sandbox: realpath of the sandbox's host path",
	 realpath (name_of ("%s/d/..", box), buf) == buf
	 && strcmp (buf, box) == 0);
  CHECK_ERRNO ("sandbox: realpath ..: EACCES",
	       realpath ("..", buf) == NULL ? -1 : 0, EACCES);
  CHECK_ERRNO ("sandbox: realpath d/../..: EACCES",
	       realpath ("d/../..", buf) == NULL ? -1 : 0, EACCES);
  CHECK_ERRNO ("sandbox: realpath of a symlink to ..: EACCES",
	       realpath ("out", buf) == NULL ? -1 : 0, EACCES);
  CHECK_ERRNO ("sandbox: realpath of a symlink to /etc: EACCES",
	       realpath ("etc/passwd", buf) == NULL ? -1 : 0, EACCES);
  CHECK_ERRNO ("sandbox: realpath /etc: EACCES",
	       realpath ("/etc", buf) == NULL ? -1 : 0, EACCES);
  CHECK_ERRNO ("sandbox: realpath /proc/self/cwd: EACCES",
	       realpath ("/proc/self/cwd", buf) == NULL ? -1 : 0, EACCES);
  CHECK ("sandbox: realpath /dev/null, which open allows",
	 realpath ("/dev/null", buf) == buf && strcmp (buf, "/dev/null") == 0);
  CHECK_INT ("sandbox: chdir d", chdir ("d"), 0);
  CHECK ("sandbox: realpath . in d", realpath (".", buf) == buf
	 && strcmp (buf, name_of ("%s/d", box)) == 0);
  CHECK ("sandbox: realpath .. from d: the sandbox",
	 realpath ("..", buf) == buf && strcmp (buf, box) == 0);
}

int
main (void)
{
  harness_begin ("test-hostinfo");
  size_t nruns;
  const struct harness_run *runs = harness_runs (&nruns);
  for (size_t r = 0; r < nruns; r++)
    {
      run_begin (&runs[r], NULL);
      realpaths ();
      names ();
      limits ();
      random_bytes ();
      run_end ();
    }
  compare_runs ("results");
  run_begin (&runs[0], NULL);
  sandboxed ();
  run_end ();
  return harness_end ();
}
