/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* Client side of nvptx-rpc: the mechanism every syscall in this directory
   goes through.  See nvptx-rpc.h for the protocol.  */

#ifndef _NVPTX_RPC_CLIENT_H
#define _NVPTX_RPC_CLIENT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdbool.h>
#include "nvptx-rpc.h"

/* Filled in by the launcher; mailbox stays 0 under a launcher that does
   not speak nvptx-rpc, and each syscall then does what newlib's nvptx
   port always did.  */
extern struct nvptx_rpc_link __nvptx_rpc_link;

/* The mailbox's lock, in GPU memory (the host never touches it, and a GPU
   atomic on host memory races with the host's stores): the request_seq
   of the last request posted, NVPTX_RPC_LOCK_HELD set while a thread
   makes a call.  Whoever takes the lock reads the sequence number in the
   atomic that takes it, so a call loads nothing from host memory and
   stores nothing to __nvptx_rpc_link.  A program of one thread
   (__nvptx_rpc_one_thread) keeps the sequence number here with plain
   loads and stores.  rpc.c's alone; the host tests that post requests
   of their own set it too.  */
extern unsigned long long __nvptx_rpc_lock;
#define NVPTX_RPC_LOCK_HELD (1ULL << 32)

static inline bool
__nvptx_rpc_available (void)
{
  return __nvptx_rpc_link.mailbox != 0;
}

/* Whether the launcher runs the program as one GPU thread: then nothing
   else ever takes a lock, and the locks are skipped, as glibc skips its
   own in a single-threaded process.  Taking an uncontended lock is an
   atomic in L2 whose result the thread waits for, and giving it back a
   store, a good part of a short fprintf (docs/performance.md, "The
   figures behind the code's choices").  */
static inline bool
__nvptx_rpc_one_thread (void)
{
  return __nvptx_rpc_link.features & NVPTX_RPC_FEATURE_ONE_THREAD;
}

/* Without nvptx-rpc, standard output and error go where newlib's nvptx
   port always sent them: to the CUDA runtime's printf, whose buffer the
   driver prints when the kernel ends.  It takes a pointer to its
   arguments laid out as in a va_list (which on nvptx is that pointer),
   under the name vprintf, which C code reaches by this one (stdio.h
   gives stdio's vprintf another: vprintf.c).  */
extern int __nvptx_cuda_vprintf (const char *, const void *)
  __asm__ ("vprintf");

/* The sizes from which read and write go by DMA, if the launcher offers
   it (NVPTX_RPC_DIRECT): one request instead of one per window, in place
   for a buffer in GPU global memory, through the stage (below) for one
   on the stack.  A read through the window loads host memory, slowly:
   reads go by DMA from 2 KiB on.  A write through the window costs a
   round trip a window and the thread's copy into host memory: a write
   goes by DMA from 4 KiB on when it does not fit in the window; when it
   does, only from a global buffer and above 16 KiB, where the one trip
   takes longer than the DMA (docs/performance.md, "The figures behind
   the code's choices").  stdio's buffer for a file, the host's
   st_blksize (mostly 4 KiB), goes by DMA both ways through the default
   window.  */
#define NVPTX_RPC_DIRECT_READ_MIN 2048
#define NVPTX_RPC_DIRECT_MIN 4096
#define NVPTX_RPC_WINDOW_WRITE_MAX 16384

/* The same transfers on a buffer DMA cannot reach, the stack (local
   memory), go by DMA through this buffer in GPU global memory, half of
   it a request: the thread copies one half while the host moves the
   other.  Used by the holder of __nvptx_rpc_lock; the benchmark times
   copies into it, and the host tests break the DMA of it.  */
#define NVPTX_RPC_STAGE_SIZE 131072
extern unsigned char __nvptx_rpc_stage[NVPTX_RPC_STAGE_SIZE + 16];

/* A write longer than a window of this many bytes or more goes through
   it in pieces of half of it, the GPU copying the next piece into one
   half while the host writes the other's: from pieces of 8 KiB the copy
   takes longer than the host's round trip, which it then hides
   (docs/performance.md).  In smaller windows it would only double the round trips.  A write that
   fits in the window stays one write on the host, as before.  */
#define NVPTX_RPC_WRITE_HALVES_MIN 16384

/* One POSIX call as the host will make it.  OUT is sent and IN is
   received through the window, in pieces of at most a window (a large
   read or write by DMA, above).  The 8-byte
   fields come first: GCC then clears the rest of a call built with
   designated initializers in a dozen 8-byte stores, where after a 4-byte
   first field it called memset, a large part of an empty call.  */
struct __nvptx_rpc_call
{
  int64_t arg[4];
  struct
  {
    const void *base;
    size_t length;
  } out[2];
  void *in;
  size_t in_length;		/* Room in IN; on return, bytes received.  */
  enum nvptx_rpc_opcode opcode;
  /* Each piece a request of its own, whose results add up (read, write,
     pread and pwrite, whose arg[3] is the offset of the first byte);
     otherwise OUT is one argument block, such as two paths, put back
     together by the host, and IN receives the reply block.  */
  bool stream;
};

/* Make CALL, holding the client lock throughout, so that GPU threads
   calling at once take turns (a program of one thread takes none).
   Returns the call's result; on -1, errno is set from the reply, or is
   ENOSYS under a launcher without nvptx-rpc.  */
long long __nvptx_rpc_call (struct __nvptx_rpc_call *call);

/* __nvptx_rpc_call for the calls whose reply block has a fixed size, the
   IN_LENGTH bytes at IN: a reply of any other length (from a server that
   does not match this client) is EIO, never bytes left unset.  */
long long __nvptx_rpc_call_fixed (struct __nvptx_rpc_call *call);

/* __nvptx_rpc_call, made again every millisecond while the host answers
   EAGAIN: the host never waits (for a terminal to drain, for the random
   pool), so the wait is here on the GPU, and other threads' calls go on
   meanwhile.  */
long long __nvptx_rpc_call_when_ready (struct __nvptx_rpc_call *call);

/* For the calls whose reply is one name and its NUL into the caller's
   buffer, IN_LENGTH bytes at IN, as the _r functions take it
   (getlogin_r, ttyname_r): 0, or the error number, which errno holds
   too: the call's, ERANGE when the name does not fit, EIO for a reply
   that is not one name.  */
int __nvptx_rpc_name_r (struct __nvptx_rpc_call *call);

/* For the calls whose reply is a string of any length, whose value is
   the room it needs, its NUL included (getcwd, realpath): CALL into BUF
   of SIZE bytes, or, BUF being null, into a malloc'd block of SIZE bytes
   that grows to what the reply asks for when GROW.  Returns the string,
   or null with errno set: TOO_LONG when it does not fit.  (getcwd.c.)  */
char *__nvptx_rpc_call_string (struct __nvptx_rpc_call *call, char *buf,
			       size_t size, bool grow, int too_long);

/* The many calls whose argument block is one path: OPCODE on PATH with
   arguments ARG0 and ARG1.  */
static inline long long
__nvptx_rpc_path_call (enum nvptx_rpc_opcode opcode, const char *path,
		       int64_t arg0, int64_t arg1)
{
  struct __nvptx_rpc_call call = {
    .opcode = opcode, .arg = { arg0, arg1 },
    .out = { { path, __builtin_strlen (path) + 1 } },
  };
  return __nvptx_rpc_call (&call);
}

/* The calls whose argument block is two paths: OPCODE on A and B.  */
static inline long long
__nvptx_rpc_paths_call (enum nvptx_rpc_opcode opcode, const char *a,
			const char *b)
{
  struct __nvptx_rpc_call call = {
    .opcode = opcode,
    .out = { { a, __builtin_strlen (a) + 1 },
	     { b, __builtin_strlen (b) + 1 } },
  };
  return __nvptx_rpc_call (&call);
}

/* The calls whose argument block is one path and which take a directory
   descriptor: OPCODE on PATH from DIRFD, with ARG1 to ARG3.  */
static inline long long
__nvptx_rpc_path_at_call (enum nvptx_rpc_opcode opcode, int64_t dirfd,
			  const char *path, int64_t arg1, int64_t arg2,
			  int64_t arg3)
{
  struct __nvptx_rpc_call call = {
    .opcode = opcode, .arg = { dirfd, arg1, arg2, arg3 },
    .out = { { path, __builtin_strlen (path) + 1 } },
  };
  return __nvptx_rpc_call (&call);
}

/* The protocol's directory descriptor for DIRFD (AT_FDCWD is
   NVPTX_RPC_AT_FDCWD), and its AT_* flags for FLAGS of a call that
   takes those of TAKEN (NVPTX_RPC_AT_* bits): a flag it does not take
   becomes one the host refuses (EINVAL).  */
int64_t __nvptx_rpc_dirfd (int dirfd);
int64_t __nvptx_rpc_at_flags (int flags, int64_t taken);

/* The protocol's owner for a uid_t or gid_t ID: -1, "leave it", as -1,
   whatever the type's width.  */
#define __NVPTX_RPC_OWNER(type, id) \
  ((id) == (type) -1 ? (int64_t) -1 : (int64_t) (id))

/* Protocol values for this C library's open flags, and back.  */
uint32_t __nvptx_rpc_oflags (int flags);
int __nvptx_rpc_oflags_from_wire (uint32_t wire);

struct stat;
/* Make CALL, one of the stat calls, and fill ST from its reply.  */
int __nvptx_rpc_stat_call (struct __nvptx_rpc_call *call, struct stat *st);

/* Make CALL, STATVFS or FSTATVFS, and fill BUF from its reply
   (statvfs.c; statfs.c for NVPTX_RPC_STATFS's).  */
struct statvfs;
struct statfs;
int __nvptx_rpc_statvfs_call (struct __nvptx_rpc_call *call,
			      struct statvfs *buf);
int __nvptx_rpc_statfs_call (struct __nvptx_rpc_call *call,
			     struct statfs *buf);

/* The protocol's NVPTX_RPC_PC_* for pathconf's NAME, or -1 for a name
   Linux does not have (pathconf.c).  */
int64_t __nvptx_rpc_pathconf_name (int name);

/* poll of the NFDS entries at FDS, struct pollfd, waiting on the GPU up
   to TIMEOUT_NS nanoseconds (negative: for ever), and when LEFT_NS is
   not null and TIMEOUT_NS positive, the time left in *LEFT_NS (poll.c;
   select.c's too).  */
struct pollfd;
int __nvptx_rpc_poll (struct pollfd *fds, unsigned long nfds,
		      int64_t timeout_ns, int64_t *left_ns);

/* utimensat and futimens (AT_EMPTY_PATH and an empty PATH), DIRFD and
   FLAGS the protocol's: TIMES as POSIX has them, NULL for now.  */
struct timespec;
int __nvptx_rpc_utimensat (int64_t dirfd, const char *path,
			   const struct timespec *times, int64_t flags);

/* Set PATH's access and modification times; NVPTX_RPC_UTIME_NOW as
   nanoseconds means now.  */
int __nvptx_rpc_utimens (const char *path, int64_t atime_sec,
			 int64_t atime_nsec, int64_t mtime_sec,
			 int64_t mtime_nsec);

/* A key of the host's user or group database: an id, or (ID -1) NAME,
   or (ID -1, NAME NULL) the database's INDEX'th entry.  */
struct __nvptx_rpc_key
{
  int64_t id;
  const char *name;
  int64_t index;
};

/* The entry for KEY through OPCODE (GETPW, GETGR): its fixed head into
   HEAD (HEAD_SIZE bytes), its strings, each with its NUL, to BUF's start
   (*USED bytes, 0 for no such entry): 0, or an errno value, in errno
   too (ERANGE: BUFLEN bytes cannot hold the entry).  */
int __nvptx_rpc_getent (int opcode, const struct __nvptx_rpc_key *key,
			void *head, size_t head_size, char *buf,
			size_t buflen, size_t *used);

/* The string at *POS of BUF's USED bytes, *POS moved past its NUL; NULL
   if it has none.  */
char *__nvptx_rpc_getent_string (char *buf, size_t used, size_t *pos);

/* The _r function LOOKUP's entry for KEY in ENTRY, for getpwuid, getgrnam
   and the others, one entry each as glibc's: its strings in *BUF
   (malloc'd, *BUFLEN bytes, grown as an entry needs), overwritten by the
   function's next call.  */
void *__nvptx_rpc_getent_static (int (*lookup) (const struct __nvptx_rpc_key *,
					       void *, char *, size_t,
					       void **),
				 const struct __nvptx_rpc_key *key,
				 void *entry, char **buf, size_t *buflen);

/* getpwuid_r, getpwnam_r and getpwent_r's entry for KEY; getgrgid_r,
   getgrnam_r and getgrent_r's: as glibc's (ENTRY a struct passwd or
   struct group, *RESULT it or NULL).  */
int __nvptx_rpc_getpw (const struct __nvptx_rpc_key *key, void *entry,
		       char *buf, size_t buflen, void **result);
int __nvptx_rpc_getgr (const struct __nvptx_rpc_key *key, void *entry,
		       char *buf, size_t buflen, void **result);

/* Format FMT with AP into OUT, which is 8-byte aligned and has ROOM
   bytes, without a NUL: here when it converts only integers, characters
   and strings, else by the host (FORMAT).  Returns the length, or -1
   when neither does it (no mailbox; a conversion the host does not take;
   arguments, or output, that do not fit ROOM), errno unchanged, for
   newlib's formatter to do it with its own copy of AP.  */
int __nvptx_rpc_format (char *out, size_t room, const char *fmt, va_list ap);

/* __nvptx_rpc_format's part on the GPU: FMT with AP into ROOM bytes at
   OUT, which may have any alignment, when it converts only integers,
   characters and strings; else -1, having used AP.  */
int __nvptx_format_here (char *out, size_t room, const char *fmt, va_list ap);

#endif /* _NVPTX_RPC_CLIENT_H */
