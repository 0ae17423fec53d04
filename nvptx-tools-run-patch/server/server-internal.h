/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* What the parts of the nvptx-rpc server share: its state, one served
   call, and the functions one part offers the others, each named
   server_*.  Private to the server; rpc-server.h is its interface.

   The parts:
     server.c       the request loop: each request checked and
		    dispatched, argument and reply blocks, the replies
     paths.c        the guest fd table, the resolver of every path, and
		    the sandbox and --read-only rules
     files.c        files and descriptors: open, read, write, dup, fcntl...
     locks.c        record locks and flock, held on the program's behalf
     directories.c  directory entries and the working directory
     metadata.c     stat, chmod, chown, access, the times
     process.c      the process and time: ids, clocks, kill, environment
     host.c         what the host knows: realpath, uname, limits, random,
		    terminals, users
     format.c       printf on the host (FORMAT)
     trace.c        --trace

   Each includes this header after defining _GNU_SOURCE.  */

#ifndef RPC_SERVER_INTERNAL_H
#define RPC_SERVER_INTERNAL_H

#include <dirent.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>
#include "nvptx-rpc.h"
#include "rpc-server.h"

/* How often a call that waits (on a pipe, a terminal, a FIFO's peer, a
   lock) calls the launcher's while_waiting, which looks at the kernel.  */
#define WAIT_SLICE_MS 100

/* Guest descriptors the program may hold at once.  */
#define GUEST_FDS NVPTX_RPC_FDS

struct guest_fd
{
  int host_fd;			/* -1 when the slot is free.  */
  bool owned;			/* Opened by the program, so its close
				   closes the host fd; not so the standard
				   streams it inherited from the launcher.  */
  bool regular;			/* Regular file: transfers are never short
				   before EOF.  */
  bool cloexec;			/* The program's FD_CLOEXEC (the host fd
				   is always close-on-exec).  */
  bool outside;			/* Not resolved beneath a sandbox: the
				   launcher's standard streams, /dev/null
				   by name, what was open before the
				   sandbox was set, and their duplicates
				   (server_fd_change_refused).  */
  DIR *dir;			/* For READDIR, on a dup of host_fd; made
				   on first use.  */
};

struct rpc_server
{
  struct nvptx_rpc_mailbox *mailbox;
  uint32_t window_size;
  uint32_t served_seq;
  FILE *trace;
  const struct rpc_device_copy *device; /* NULL: no NVPTX_RPC_DIRECT.  */
  /* Called while a call waits on a pipe or a terminal (rpc-server.h).  */
  void (*while_waiting) (void *context);
  void *waiting_context;
  struct guest_fd fds[GUEST_FDS];
  /* The argument block being assembled from NVPTX_RPC_MORE_ARGS pieces.  */
  char args[NVPTX_RPC_ARG_MAX];
  uint32_t args_opcode;		/* Whose pieces they are.  */
  size_t args_length;
  bool args_overflow;
  /* The last call's reply block, sent a window at a time: the first
     piece with the call's reply, the rest on NVPTX_RPC_REPLY_PIECE.  */
  unsigned char *reply_block;
  size_t reply_length, reply_capacity;
  uint32_t reply_opcode;	/* Whose block it is; 0 when none.  */
  int64_t reply_result;
  /* "NAME=VALUE\0..." snapshot of the host environment, made on demand,
     or the one rpc_server_set_environment made.  */
  char *env_block;
  size_t env_length;
  /* Confinement (rpc_server_confine).  All false or zero unless set.  */
  bool sandboxed;		/* Paths resolve beneath root_fd.  */
  bool read_only;		/* Calls that change files get EROFS.  */
  bool openat2_probed;		/* openat2_missing is known.  */
  bool openat2_missing;		/* No openat2 here (openat2_missing ()).  */
  int root_fd;			/* The sandbox directory, O_PATH.  */
  int cwd_fd;			/* The program's working directory beneath
				   it, O_PATH.  Without a sandbox the
				   program's is the launcher's own.  */
  char *root_path;		/* The host path of root_fd, as /proc
				   names it.  */
};

/* One served call: the request, the reply being built, and the window
   (for a WRITE, from where its bytes start).  */
struct call
{
  struct rpc_server *server;
  const struct nvptx_rpc_request *req;
  struct nvptx_rpc_reply *rep;
  unsigned char *window;
};

/* What a call does with the file a path names, for the checks on it.  */
enum path_use
{
  PATH_LOOK,			/* Reads its attributes or its name.  */
  PATH_READ,			/* Opens it for reading.  */
  PATH_WRITE			/* Opens it for writing, or changes it or
				   its entries.  */
};

/* The room for server_fd_path's name of FD, under which the server
   reaches the file it holds as FD, an O_PATH descriptor: chmod, chown,
   access, truncate and utimensat take no such descriptor on every kernel
   that has openat2.  */
#define FD_PATH_SIZE 32

/* A directory entry that a call makes, removes or renames: the directory
   it is in, resolved as every path is (O_PATH), and its name there, the
   path's last component with its trailing slashes, which the *at calls
   check as the plain calls do without following a last symlink.  */
struct entry
{
  int dir_fd;
  const char *name;
};

/* Each request's handler, serve_NAME for NVPTX_RPC_NAME, in the part of
   its family; server.c dispatches to them.  */
#define SERVER_HANDLER(op, name, trace) void serve_##name (struct call *c);
NVPTX_RPC_OPCODES (SERVER_HANDLER)
#undef SERVER_HANDLER

/* server.c: the replies and the request's arguments.  */

/* A host value, its protocol value, and the name the trace prints.  */
struct server_name
{
  int host;
  uint32_t wire;
  const char *name;
};
#define SERVER_COUNT(name) + 1
extern const struct server_name
  server_errno_table[0 NVPTX_RPC_ERRNOS (SERVER_COUNT)];
extern const struct server_name
  server_oflag_table[0 NVPTX_RPC_OFLAGS (SERVER_COUNT)];
#undef SERVER_COUNT

size_t server_wire_errno_index (uint32_t wire);
void server_reply (struct call *c, int64_t result);
void server_reply_error (struct call *c, uint32_t wire_errno);
void server_reply_data (struct call *c, int64_t result, const void *data,
			size_t length);
bool server_take_strings (struct call *c, const char **out, int count);
bool server_take_mode (struct call *c, int64_t wire, mode_t *mode);
int server_oflags_from_wire (uint64_t wire);
uint32_t server_oflags_to_wire (int flags);

/* paths.c: guest descriptors, paths, the sandbox.  */

struct guest_fd *server_guest_fd (struct call *c, int64_t fd);
int server_free_guest_fd (struct call *c, int64_t lowest);
int server_release_guest_fd (struct guest_fd *g);
const char *server_fd_path (int fd, char path[FD_PATH_SIZE]);
int server_host_path (int fd, char path[PATH_MAX]);
const char *server_path_beneath_root (const struct rpc_server *s,
				      const char *path);
int server_sandbox_cwd (const struct rpc_server *s, char path[PATH_MAX]);
int server_resolve (struct rpc_server *s, int base, const char *path,
		    int flags, mode_t mode, enum path_use use);
int server_take_path_fd (struct call *c, int base, const char *path,
			 int flags, enum path_use use);
bool server_read_only_refused (struct call *c);
bool server_take_base (struct call *c, int64_t dirfd, const char *path,
		       int *base);
bool server_take_at_flags (struct call *c, int64_t wire, int64_t allowed,
			   int *flags);
int server_take_path_fd_at (struct call *c, int64_t dirfd, const char *path,
			    int flags, enum path_use use);
bool server_take_entry_at (struct call *c, int64_t dirfd, const char *path,
			   struct entry *e);
bool server_fd_change_refused (struct call *c, const struct guest_fd *g);
void server_release_confinement (struct rpc_server *s);

/* locks.c.  */

void server_release_locks (int host_fd);

/* trace.c.  */

void server_trace_call (const struct call *c);

#endif /* RPC_SERVER_INTERNAL_H */
