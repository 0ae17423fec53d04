/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* Whether a warm server's client is confined as its worker is
   (confinement.h).

   A worker does the program's file calls in its own process: its
   namespaces, root, cgroup, credentials, seccomp filters and security
   label, not the client's.  Those are what confine a process beyond
   its user, so the worker serves only a client whose every one of them
   is its own, and a client with any other runs the program itself, as
   when no server listens.  The client's are read by the kernel's
   account of the peer (SO_PEERCRED's pid, under /proc), never by what
   the client says; a pidfd of the peer (SO_PEERPIDFD, else pidfd_open)
   shows afterwards that the pid was still the client's while they were
   read.  docs/security.md ("The warm launcher") argues the list.  */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "confinement.h"

#ifndef SO_PEERPIDFD
#define SO_PEERPIDFD 77
#endif

/* What is compared, item by item.  A namespace is a view of other
   files, processes, rights over them (mount, pid, user...) or another
   uname (uts); the root is the directory and the mount it is seen
   through, which tells a chroot into a bind mount of / from / itself;
   the cgroup holds limits and the devices the process may open; the
   label is the security module's (AppArmor, SELinux: EINVAL without
   one).  Seccomp filters are compared by their number, as no
   unprivileged process can read their contents.  */
enum how { LINK, ROOT, WHOLE, LINES };
static const struct item
{
  const char *what;		/* As the server's log names it.  */
  enum how how;
  const char *file;		/* Under /proc/PID.  */
  const char *lines;		/* LINES: those of FILE that start so.  */
} items[] = {
  { "mount namespace", LINK, "ns/mnt", NULL },
  { "user namespace", LINK, "ns/user", NULL },
  { "pid namespace", LINK, "ns/pid", NULL },
  { "cgroup namespace", LINK, "ns/cgroup", NULL },
  { "ipc namespace", LINK, "ns/ipc", NULL },
  { "network namespace", LINK, "ns/net", NULL },
  { "uts namespace", LINK, "ns/uts", NULL },
  { "time namespace", LINK, "ns/time", NULL },
  { "root", ROOT, "root", NULL },
  { "cgroup", WHOLE, "cgroup", NULL },
  { "security label", WHOLE, "attr/current", NULL },
  { "credentials", LINES, "status",
    "Uid: Gid: Groups: CapInh: CapPrm: CapEff: CapBnd: CapAmb: NoNewPrivs:" },
  { "seccomp filters", LINES, "status", "Seccomp: Seccomp_filters:" },
};

/* The file FILE under the process directory DIR, whole (they are a
   page or less), or as much as fits BUF: its length, -1 on error.  */
static ssize_t
read_file (int dir, const char *file, char *buf, size_t size)
{
  int fd = openat (dir, file, O_RDONLY | O_CLOEXEC);
  size_t len = 0;
  ssize_t n = 0;

  if (fd < 0)
    return -1;
  while (len < size && (n = read (fd, buf + len, size - len)) > 0)
    len += n;
  close (fd);
  return n < 0 ? -1 : (ssize_t) len;
}

/* The lines of TEXT[0..LEN-1] that start with one of the
   space-separated PREFIXES, into OUT: their length.  */
static size_t
pick_lines (const char *text, size_t len, const char *prefixes, char *out)
{
  const char *end = text + len;
  size_t n = 0;

  for (const char *line = text; line < end;)
    {
      const char *eol = memchr (line, '\n', end - line);
      const char *p = prefixes;

      eol = eol ? eol + 1 : end;
      while (*p)
	{
	  size_t plen = strcspn (p, " ");

	  if ((size_t) (eol - line) > plen && memcmp (line, p, plen) == 0)
	    {
	      memcpy (out + n, line, eol - line);
	      n += eol - line;
	    }
	  p += plen + (p[plen] == ' ');
	}
      line = eol;
    }
  return n;
}

/* Item IT of the process whose /proc directory is DIR, as text into
   OUT, of OUT_SIZE bytes (the files' size or more): its length.  What
   could not be read is "!errno", so that it matches only the same
   failure.  */
static size_t
item_of (int dir, const struct item *it, char *out, size_t out_size)
{
  char buf[4096];
  struct statx st;
  ssize_t n;

  switch (it->how)
    {
    case LINK:
      n = readlinkat (dir, it->file, out, out_size);
      break;
    case ROOT:
      n = statx (dir, it->file, 0, STATX_INO | STATX_MNT_ID, &st) != 0 ? -1
	  : snprintf (out, out_size, "%u:%u:%llu:%llu", st.stx_dev_major,
		      st.stx_dev_minor, (unsigned long long) st.stx_ino,
		      (unsigned long long) st.stx_mnt_id);
      break;
    case WHOLE:
      n = read_file (dir, it->file, out, out_size);
      break;
    default:
      n = read_file (dir, it->file, buf, sizeof buf);
      if (n >= 0)
	n = pick_lines (buf, n, it->lines, out);
      break;
    }
  if (n < 0)
    n = snprintf (out, out_size, "!%d", errno);
  return n;
}

/* A pidfd of the peer of socket CONN, whose pid is PID: -1 where the
   kernel has none (before Linux 5.3).  */
static int
peer_pidfd (int conn, pid_t pid)
{
  socklen_t len = sizeof (int);
  int fd;

  if (getsockopt (conn, SOL_SOCKET, SO_PEERPIDFD, &fd, &len) == 0)
    return fd;
  /* Before Linux 6.5: the pid may have been another's since the
     connect, though not while the client waits for its reply.  */
  return syscall (SYS_pidfd_open, pid, 0);
}

const char *
confinement_differs (int conn)
{
  struct ucred cred;
  socklen_t len = sizeof cred;
  char path[32], ours[4096], theirs[4096];
  const char *differs = NULL;
  int dir, self, pidfd;

  if (getsockopt (conn, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0
      || cred.pid <= 0)
    return "process, not seen from here";
  pidfd = peer_pidfd (conn, cred.pid);
  snprintf (path, sizeof path, "/proc/%d", (int) cred.pid);
  dir = open (path, O_PATH | O_DIRECTORY | O_CLOEXEC);
  self = open ("/proc/self", O_PATH | O_DIRECTORY | O_CLOEXEC);
  if (dir < 0 || self < 0)
    differs = "process, not seen from here";
  for (size_t i = 0; differs == NULL && i < sizeof items / sizeof *items; i++)
    {
      size_t n = item_of (self, &items[i], ours, sizeof ours);

      if (item_of (dir, &items[i], theirs, sizeof theirs) != n
	  || memcmp (ours, theirs, n) != 0)
	differs = items[i].what;
    }
  /* The pid was the client's all along if the client still lives.  */
  if (differs == NULL && pidfd >= 0
      && syscall (SYS_pidfd_send_signal, pidfd, 0, NULL, 0) != 0)
    differs = "process, gone";
  if (pidfd >= 0)
    close (pidfd);
  if (dir >= 0)
    close (dir);
  if (self >= 0)
    close (self);
  return differs;
}
