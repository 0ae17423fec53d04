/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* The warm launcher's socket (warm-internal.h): its directory, the lock
   beside it, listening and connecting, and the transfers on a socket,
   with descriptors or without.  The client, the workers and the master
   each use them, in processes of their own, and each checks the
   directory and its peer itself, as none may trust another to have: a
   socket planted by another user would receive the user's descriptors.
   Here, once, so that every side checks alike.  */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "rpc-launch.h"
#include "warm-internal.h"

/* Whether PATH is a directory of ours that no one else may enter.  */
static bool
private_dir (const char *path)
{
  struct stat st;

  return lstat (path, &st) == 0 && S_ISDIR (st.st_mode)
	 && st.st_uid == geteuid () && (st.st_mode & 077) == 0;
}

/* The socket's name for DEVICE into ADDR.  With CREATE, make its
   directory if there is none.  False, with errno, when the directory is
   missing or not private.  */
bool
warm_socket_address (int device, bool create, struct sockaddr_un *addr)
{
  const char *runtime = getenv ("XDG_RUNTIME_DIR");
  char dir[sizeof addr->sun_path - 16];
  int n;

  if (runtime != NULL && runtime[0] == '/')
    n = snprintf (dir, sizeof dir, "%s/nvptx-rpc", runtime);
  else
    n = snprintf (dir, sizeof dir, "/tmp/nvptx-rpc-%u",
		  (unsigned) geteuid ());
  if (n < 0 || (size_t) n >= sizeof dir)
    {
      errno = ENAMETOOLONG;
      return false;
    }
  if (create && mkdir (dir, 0700) != 0 && errno != EEXIST)
    return false;
  if (!private_dir (dir))
    {
      errno = EPERM;
      return false;
    }
  memset (addr, 0, sizeof *addr);
  addr->sun_family = AF_UNIX;
  snprintf (addr->sun_path, sizeof addr->sun_path, "%s/device-%d", dir,
	    device);
  return true;
}

/* Open the lock file of the server whose socket is at ADDR, with
   FLAGS beside O_RDWR: -1 if it cannot be.  A server holds a lock on
   it for its life.  */
int
warm_open_lock (const struct sockaddr_un *addr, int flags)
{
  char path[sizeof addr->sun_path + 8];

  snprintf (path, sizeof path, "%s.lock", addr->sun_path);
  return open (path, O_RDWR | O_CLOEXEC | O_NOFOLLOW | flags, 0600);
}

/* Whether a server of DEVICE holds its lock: it is starting or
   serving.  */
bool
warm_server_running (int device)
{
  struct sockaddr_un addr;
  bool held;
  int fd;

  if (!warm_socket_address (device, false, &addr)
      || (fd = warm_open_lock (&addr, 0)) < 0)
    return false;
  held = flock (fd, LOCK_EX | LOCK_NB) != 0;
  close (fd);
  return held;
}

/* Whether the peer of socket FD runs as this user.  */
bool
warm_peer_is_us (int fd)
{
  struct ucred cred;
  socklen_t len = sizeof cred;

  return getsockopt (fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) == 0
	 && cred.uid == geteuid ();
}

/* A connection to this user's server of DEVICE, or -1.  */
int
warm_connect (int device)
{
  struct sockaddr_un addr;
  int fd;

  if (!warm_socket_address (device, false, &addr))
    return -1;
  fd = socket (AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd >= 0 && (connect (fd, (struct sockaddr *) &addr, sizeof addr) != 0
		  || !warm_peer_is_us (fd)))
    {
      close (fd);
      fd = -1;
    }
  return fd;
}

/* The socket of DEVICE's server, listening, its address into ADDR and
   its identity into MINE, once the lock, whose descriptor goes into
   *LOCK_FD, says that this server is the device's only one.  */
int
warm_listen (int device, struct sockaddr_un *addr, struct stat *mine,
	     int *lock_fd)
{
  struct stat st;
  int listen_fd;

  if (!warm_socket_address (device, true, addr))
    rpc_launch_fatal ("warm server: no private directory for the socket "
		      "(it must be the user's, mode 0700): %s",
		      strerror (errno));

  /* A server already there keeps it; a stale socket, whose server is
     gone, is replaced.  */
  *lock_fd = warm_open_lock (addr, O_CREAT);
  if (*lock_fd < 0)
    rpc_launch_fatal ("warm server: cannot open %s.lock: %s",
		      addr->sun_path, strerror (errno));
  if (flock (*lock_fd, LOCK_EX | LOCK_NB) != 0)
    rpc_launch_fatal ("a warm server already serves device %d at %s", device,
		      addr->sun_path);
  if (lstat (addr->sun_path, &st) == 0)
    {
      if (!S_ISSOCK (st.st_mode))
	rpc_launch_fatal ("warm server: %s is not a socket", addr->sun_path);
      unlink (addr->sun_path);
    }
  listen_fd = socket (AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  if (listen_fd < 0
      || bind (listen_fd, (struct sockaddr *) addr, sizeof *addr) != 0
      || chmod (addr->sun_path, 0600) != 0 || listen (listen_fd, 256) != 0
      || stat (addr->sun_path, mine) != 0)
    rpc_launch_fatal ("warm server: cannot listen at %s: %s",
		      addr->sun_path, strerror (errno));
  return listen_fd;
}

/* Remove the socket at ADDR, unless a server that replaced ours (MINE)
   has it now.  */
void
warm_leave_socket (const struct sockaddr_un *addr, const struct stat *mine)
{
  struct stat st;

  if (stat (addr->sun_path, &st) == 0 && st.st_ino == mine->st_ino
      && st.st_dev == mine->st_dev)
    unlink (addr->sun_path);
}

/* The identity of the running executable into R.  */
void
warm_exe_identity (struct warm_request *r)
{
  struct stat st;

  if (stat ("/proc/self/exe", &st) != 0)
    memset (&st, 0, sizeof st);
  r->exe_dev = st.st_dev;
  r->exe_ino = st.st_ino;
  r->exe_mtime_sec = st.st_mtim.tv_sec;
  r->exe_mtime_nsec = st.st_mtim.tv_nsec;
}

/* Send (SENDING) or receive all SIZE bytes at BUF on the socket FD,
   through EINTR.  False on an error or when the peer has gone.  */
static bool
transfer_all (int fd, void *buf, size_t size, bool sending)
{
  char *p = buf;

  while (size > 0)
    {
      ssize_t n = sending ? send (fd, p, size, MSG_NOSIGNAL)
		  : recv (fd, p, size, 0);

      if (n < 0 && errno == EINTR)
	continue;
      if (n <= 0)
	return false;
      p += n;
      size -= n;
    }
  return true;
}

bool
warm_write_all (int fd, const void *buf, size_t size)
{
  return transfer_all (fd, (void *) buf, size, true);
}

bool
warm_read_all (int fd, void *buf, size_t size)
{
  return transfer_all (fd, buf, size, false);
}

/* Send BUF on FD with the descriptors FDS[0..NFDS-1].  */
bool
warm_send_with_fds (int fd, const void *buf, size_t size, const int *fds,
		    int nfds)
{
  union
  {
    struct cmsghdr h;
    char space[CMSG_SPACE (REQUEST_FDS * sizeof (int))];
  } control;
  struct iovec iov = { (void *) buf, size };
  struct msghdr msg = { 0 };
  struct cmsghdr *c;
  ssize_t n;

  memset (&control, 0, sizeof control);
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  if (nfds > 0)
    {
      msg.msg_control = control.space;
      msg.msg_controllen = CMSG_SPACE (nfds * sizeof (int));
      c = CMSG_FIRSTHDR (&msg);
      c->cmsg_level = SOL_SOCKET;
      c->cmsg_type = SCM_RIGHTS;
      c->cmsg_len = CMSG_LEN (nfds * sizeof (int));
      memcpy (CMSG_DATA (c), fds, nfds * sizeof (int));
    }
  do
    n = sendmsg (fd, &msg, MSG_NOSIGNAL);
  while (n < 0 && errno == EINTR);
  if (n < 0 || (size_t) n != size)
    return false;
  return true;
}

/* Receive up to SIZE bytes from FD into BUF, and up to MAX_FDS
   descriptors into FDS, close-on-exec; *NFDS how many came.  The bytes
   received, 0 at the end, -1 on error.  */
ssize_t
warm_receive_with_fds (int fd, void *buf, size_t size, int *fds,
		       int max_fds, int *nfds)
{
  union
  {
    struct cmsghdr h;
    char space[CMSG_SPACE (REQUEST_FDS * sizeof (int))];
  } control;
  struct iovec iov = { buf, size };
  struct msghdr msg = { 0 };
  ssize_t n;

  *nfds = 0;
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  msg.msg_control = control.space;
  msg.msg_controllen = sizeof control.space;
  do
    n = recvmsg (fd, &msg, MSG_CMSG_CLOEXEC);
  while (n < 0 && errno == EINTR);
  if (n < 0)
    return -1;
  for (struct cmsghdr *c = CMSG_FIRSTHDR (&msg); c != NULL;
       c = CMSG_NXTHDR (&msg, c))
    if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS)
      {
	int count = (c->cmsg_len - CMSG_LEN (0)) / sizeof (int);
	int got[REQUEST_FDS * 2];

	if (count > (int) (sizeof got / sizeof *got))
	  count = sizeof got / sizeof *got;
	memcpy (got, CMSG_DATA (c), count * sizeof (int));
	for (int i = 0; i < count; i++)
	  if (*nfds < max_fds)
	    fds[(*nfds)++] = got[i];
	  else
	    close (got[i]);
      }
  return n;
}

/* Here, not in warm-worker.c, as the master replies too: for a worker
   that ended in the middle of a program, and to the clients that no
   worker took.  */
void
warm_reply_to (int conn, uint32_t kind, int32_t value)
{
  struct warm_reply r = { kind, value };

  warm_write_all (conn, &r, sizeof r);
}
