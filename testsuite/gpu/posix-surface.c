/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* More of the C library that programs import: err and warn, error and
   error_at_line, gettext's family without catalogs, syslog to standard
   error, timegm, canonicalize_file_name, posix_fadvise, close_range,
   sendfile, ctermid, the signal mask, sigaltstack, set*id without a
   change, getrusage, getloadavg, getpagesize, malloc_usable_size.  The
   program's name is set first, as the native and GPU builds' differ.
   Run natively and on the GPU, the output, status and files left behind
   must be identical (gpu.exp; differential.sh in CI).  */

#define _GNU_SOURCE
#include <err.h>
#include <errno.h>
#include <error.h>
#include <fcntl.h>
#include <libintl.h>
#include <locale.h>
#include <malloc.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <syslog.h>
#include <time.h>
#include <unistd.h>

#include "show.h"

static void
print_progname (void)
{
  fprintf (stderr, "[custom] ");
}

int
main (void)
{
  char buf[64];
  int fd, out;
  off_t offset;
  sigset_t set, old;
  stack_t ss;
  struct rusage ru;
  double loads[3];

  program_invocation_name = (char *) "/path/to/surface";
  program_invocation_short_name = (char *) "surface";
  setvbuf (stdout, NULL, _IONBF, 0);

  puts ("-- err.h");
  errno = ENOENT;
  warn ("warn %d", 1);
  errno = EACCES;
  warn (NULL);
  warnx ("warnx %s", "two");
  warnx (NULL);

  puts ("-- error.h");
  error (0, 0, "plain %d", 3);
  error (0, EEXIST, "with errno");
  error_at_line (0, EISDIR, "file.c", 42, "at a line");
  error_one_per_line = 1;
  error_at_line (0, 0, "file.c", 43, "first at 43");
  error_at_line (0, 0, "file.c", 43, "second at 43, not printed");
  error_print_progname = print_progname;
  error (0, 0, "custom name");
  error_print_progname = NULL;
  printf ("error_message_count %u\n", error_message_count);

  puts ("-- libintl.h");
  printf ("%s|%s|%s\n", gettext ("hello"), dgettext ("dom", "world"),
	  dcgettext ("dom", "cat", LC_MESSAGES));
  printf ("%s|%s|%s|%s\n", ngettext ("one", "many", 1),
	  ngettext ("one", "many", 2), dngettext ("d", "a", "b", 0),
	  dcngettext ("d", "x", "y", 1, LC_MESSAGES));
  printf ("textdomain %s, then %s, then %s\n", textdomain (NULL),
	  textdomain ("mine"), textdomain (NULL));
  printf ("bindtextdomain %s\n", bindtextdomain ("mine", "/opt/locale"));
  printf ("codeset %s\n", bind_textdomain_codeset ("mine", "UTF-8"));

  puts ("-- syslog.h");
  openlog ("surface-log", LOG_PERROR, LOG_USER);
  errno = ENOTDIR;
  syslog (LOG_ERR, "error %d: %m, 100%%", 5);
  setlogmask (LOG_UPTO (LOG_WARNING));
  syslog (LOG_INFO, "masked");
  syslog (LOG_WARNING, "warning shown");
  closelog ();
  syslog (LOG_ERR, "not to stderr once closed");

  puts ("-- timegm");
  struct tm dates[] = {
    { .tm_year = 70, .tm_mon = 0, .tm_mday = 1 },
    { .tm_year = 100, .tm_mon = 1, .tm_mday = 29, .tm_hour = 23,
      .tm_min = 59, .tm_sec = 60 },
    { .tm_year = 124, .tm_mon = 13, .tm_mday = 32, .tm_hour = -1 },
    { .tm_year = 69, .tm_mon = -1, .tm_mday = 0 },
    { .tm_year = 8099, .tm_mon = 11, .tm_mday = 31 },
  };
  for (size_t i = 0; i < sizeof dates / sizeof *dates; i++)
    {
      time_t t = timegm (&dates[i]);
      printf ("%lld -> %04d-%02d-%02d %02d:%02d:%02d wday %d yday %d\n",
	      (long long) t, dates[i].tm_year + 1900, dates[i].tm_mon + 1,
	      dates[i].tm_mday, dates[i].tm_hour, dates[i].tm_min,
	      dates[i].tm_sec, dates[i].tm_wday, dates[i].tm_yday);
    }

  puts ("-- files");
  fd = open ("in", O_RDWR | O_CREAT | O_TRUNC, 0644);
  SHOW (write (fd, "0123456789abcdef", 16));
  char *canonical = canonicalize_file_name ("./in");
  HOLDS (canonical != NULL && canonical[0] == '/'
	 && strcmp (strrchr (canonical, '/'), "/in") == 0);
  free (canonical);
  SHOW (canonicalize_file_name ("missing") == NULL);
  printf ("errno %s\n", errno_name (errno));
  SHOW (posix_fadvise (fd, 0, 0, POSIX_FADV_SEQUENTIAL));
  SHOW (posix_fadvise (fd, 0, -1, POSIX_FADV_NORMAL));
  SHOW (posix_fadvise (fd, 0, 0, 99));
  SHOW (posix_fadvise (99, 0, 0, POSIX_FADV_NORMAL));
  out = open ("out", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  offset = 4;
  SHOW (sendfile (out, fd, &offset, 6));
  printf ("offset %lld, file's own %lld\n", (long long) offset,
	  (long long) lseek (fd, 0, SEEK_CUR));
  SHOW (lseek (fd, 10, SEEK_SET));
  SHOW (sendfile (out, fd, NULL, 100));
  SHOW (lseek (fd, 0, SEEK_CUR));
  SHOW (sendfile (out, 99, NULL, 1));
  SHOW (dup2 (fd, 20));
  SHOW (dup2 (fd, 21));
  SHOW (close_range (20, 22, 0));
  SHOW (fcntl (20, F_GETFD));
  SHOW (fcntl (21, F_GETFD));
  SHOW (close_range (5, 4, 0));
  SHOW (close (fd));
  SHOW (close (out));
  printf ("ctermid %s\n", ctermid (buf));

  puts ("-- signals and ids");
  sigemptyset (&set);
  sigaddset (&set, SIGUSR1);
  SHOW (sigprocmask (SIG_BLOCK, &set, NULL));
  SHOW (sigprocmask (SIG_SETMASK, NULL, &old));
  HOLDS (sigismember (&old, SIGUSR1) && !sigismember (&old, SIGUSR2));
  SHOW (sigprocmask (42, &set, NULL));
  SHOW (pthread_sigmask (SIG_UNBLOCK, &set, &old));
  SHOW (sigprocmask (SIG_SETMASK, NULL, &old));
  HOLDS (!sigismember (&old, SIGUSR1));
  SHOW (sigaltstack (NULL, &ss));
  HOLDS (ss.ss_flags == SS_DISABLE);
  ss.ss_sp = malloc (1);
  ss.ss_size = 1;
  ss.ss_flags = 0;
  SHOW (sigaltstack (&ss, NULL));
  SHOW (killpg (-1, 0));
  SHOW (setuid (getuid ()));
  SHOW (setgid (getgid ()));
  SHOW (seteuid (geteuid ()));
  SHOW (setreuid (-1, -1));

  puts ("-- resources");
  SHOW (getrusage (RUSAGE_SELF, &ru));
  SHOW (getrusage (42, &ru));
  SHOW (getloadavg (loads, 3));
  HOLDS (loads[0] >= 0);
  HOLDS (getpagesize () == sysconf (_SC_PAGESIZE));
  char *block = malloc (100);
  HOLDS (malloc_usable_size (block) >= 100);
  free (block);
  SHOW (malloc_usable_size (NULL));

  /* An errno whose text newlib and glibc share (EPERM's differ: "Not
     owner", "Operation not permitted").  */
  errno = EACCES;
  err (3, "the end: %s", "status 3");
}
