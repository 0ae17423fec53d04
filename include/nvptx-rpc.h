/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* nvptx-rpc protocol: host services for programs running on an NVIDIA GPU.

   This one header is compiled by both sides: newlib's nvptx syscalls (the
   client, nvptx-none-gcc) and the RPC server in the launcher (the host C
   compiler).  Every field has a fixed width and a fixed offset; the
   static assertions at the end make a compiler that disagrees fail.

   Shape: one mailbox in page-locked host memory, mapped into the GPU.  It
   holds one request slot, one reply slot and a data window.  Each word has a
   single writer:

     request_seq, request, window (while a request is pending)  -- GPU
     reply (seq included), window (while a reply is pending)    -- host

   but for a WRITE's bytes, which may start past the window's beginning
   (arg1): the GPU may fill the window's other half for its next WRITE
   while the host writes these.

   A GPU thread takes the client lock (in GPU memory, never touched by the
   host; a program of one thread has none), fills the request and window,
   fences, and bumps request_seq.  The host sees request_seq change,
   serves the request, fills the reply and window, and last stores
   reply.seq = request_seq with release ordering.  The GPU polls the
   reply's first 16 bytes with one load, which brings the result with
   the sequence number.  So exactly one request is in
   flight; docs/protocol.md has the details.

   Values that differ between newlib and the host C library (open flags,
   whence, errno, file modes, struct stat) travel as the NVPTX_RPC_* values
   below; each side translates to and from its own.  */

#ifndef NVPTX_RPC_H
#define NVPTX_RPC_H

#include <stdint.h>

#define NVPTX_RPC_MAGIC 0x4350524eu	/* "NRPC" in memory order.  */
#define NVPTX_RPC_VERSION 6

/* Window size: the launcher's default, and the bounds it accepts.  */
#define NVPTX_RPC_WINDOW_DEFAULT 1024
#define NVPTX_RPC_WINDOW_MIN 64
#define NVPTX_RPC_WINDOW_MAX (1u << 20)

/* Descriptors a program may hold at once (its fds 0 to
   NVPTX_RPC_FDS - 1; sysconf's _SC_OPEN_MAX): enough for each of tens
   of thousands of GPU threads to have a file open (libgomp alone runs
   4,096 OpenMP threads at once), so that the host's own limit on open
   files is what binds.  */
#define NVPTX_RPC_FDS 65536

/* Longest argument block (paths, "old\0new\0" for rename) the server
   assembles from window-sized pieces.  Two host PATH_MAX paths fit.  */
#define NVPTX_RPC_ARG_MAX 8192

/* Requests, the one list of them: the enum below, the server's handler
   table (serve_NAME for each), the names and the trace are built from it.
   Each entry is OP (ENUM, name, trace), where trace says how --trace prints
   the call's arguments, one item per character, in order:
     s  the argument block's strings   d  the next arg, in decimal
     o  the next arg, in octal         f  the next arg, as open flags
     w  the next arg, as lseek whence  c  the next arg, as an fcntl command
     r  the bytes read (reply window)  b  the bytes written (request window)
     n  the request's window length    p  the argument block's first string
     D  arg3, in decimal (pread's and pwrite's offset)
     k  the next arg, as LOCK's command, type and whence
     l  the next arg, as flock's operation
   (With NVPTX_RPC_DIRECT, r and b print the buffer's address, n arg1.)
   Adding a call: an entry here, a serve_NAME in the server, a client file
   (docs/protocol.md, "Messages", says what else: its tests and docs).
   New entries go at the end, so that the opcodes before keep their
   numbers.
   Arguments and replies are documented in docs/protocol.md; "A" is the
   argument block sent through the window, "R" the reply block returned
   through it (in pieces when longer than the window).  */
#define NVPTX_RPC_OPCODES(OP) \
  OP (NOP, nop, "")		/* -> 0: the bare exchange, for benchmarks.  */ \
  OP (OPEN, open, "sfo")	/* A=path; arg0=flags, arg1=mode -> fd.  */ \
  OP (CLOSE, close, "d")	/* arg0=fd -> 0.  */ \
  OP (READ, read, "drd")	/* arg0=fd, arg1=count -> n, window=bytes.  */ \
  OP (WRITE, write, "dbn")	/* arg0=fd, window from arg1=bytes -> n.  */ \
  OP (LSEEK, lseek, "ddw")	/* arg0=fd, arg1=offset, arg2=whence -> off.  */ \
  OP (FSTAT, fstat, "d")	/* arg0=fd -> 0, R=struct nvptx_rpc_stat.  */ \
  OP (STAT, stat, "s")		/* A=path -> 0, R=struct nvptx_rpc_stat.  */ \
  OP (LSTAT, lstat, "s")	/* A=path -> 0, R=struct nvptx_rpc_stat.  */ \
  OP (ISATTY, isatty, "d")	/* arg0=fd -> 1, or -1 with errno.  */ \
  OP (UNLINK, unlink, "s")	/* A=path -> 0.  */ \
  OP (RENAME, rename, "s")	/* A=old\0new -> 0.  */ \
  OP (LINK, link, "s")		/* A=old\0new -> 0.  */ \
  OP (SYMLINK, symlink, "s")	/* A=target\0path -> 0.  */ \
  OP (READLINK, readlink, "s")	/* A=path -> length, R=target (no NUL).  */ \
  OP (MKDIR, mkdir, "so")	/* A=path; arg0=mode -> 0.  */ \
  OP (RMDIR, rmdir, "s")	/* A=path -> 0.  */ \
  OP (CHMOD, chmod, "so")	/* A=path; arg0=mode -> 0.  */ \
  OP (FCHMOD, fchmod, "do")	/* arg0=fd, arg1=mode -> 0.  */ \
  OP (CHOWN, chown, "sdd")	/* A=path; arg0=uid, arg1=gid (-1: keep)
				   -> 0.  */ \
  OP (ACCESS, access, "sd")	/* A=path; arg0=R_OK|W_OK|X_OK -> 0.  */ \
  OP (TRUNCATE, truncate, "sd")	/* A=path; arg0=length -> 0.  */ \
  OP (FTRUNCATE, ftruncate, "dd") /* arg0=fd, arg1=length -> 0.  */ \
  OP (FSYNC, fsync, "dd")	/* arg0=fd, arg1=data only -> 0.  */ \
  OP (UTIMENS, utimens, "sdddd") /* A=path; arg0..3=atime s, ns, mtime s,
				   ns (ns NVPTX_RPC_UTIME_NOW: now) -> 0.  */ \
  OP (DUP, dup, "ddd")		/* arg0=fd, arg1=lowest, arg2=FD_CLOEXEC
				   -> new fd.  */ \
  OP (DUP2, dup2, "dd")		/* arg0=fd, arg1=new fd -> new fd.  */ \
  OP (FCNTL, fcntl, "dcd")	/* arg0=fd, arg1=NVPTX_RPC_F_*, arg2=value
				   -> value.  */ \
  OP (GETCWD, getcwd, "")	/* -> length with NUL, R=path.  */ \
  OP (CHDIR, chdir, "s")	/* A=path -> 0.  */ \
  OP (READDIR, readdir, "ddd")	/* arg0=fd, arg1=room, arg2=rewind first
				   -> bytes, R=struct nvptx_rpc_dirent...  */ \
  OP (UMASK, umask, "o")	/* arg0=mask -> old mask.  */ \
  OP (CLOCK_GETTIME, clock_gettime, "d") /* arg0=NVPTX_RPC_CLOCK_* -> 0,
				   R=struct nvptx_rpc_timespec.  */ \
  OP (TIMES, times, "")		/* -> 0, R=struct nvptx_rpc_times.  */ \
  OP (SYSCONF, sysconf, "d")	/* arg0=NVPTX_RPC_SC_* -> value.  */ \
  OP (GETPID, getpid, "")	/* -> pid.  */ \
  OP (GETPPID, getppid, "")	/* -> parent's pid.  */ \
  OP (GETUID, getuid, "")	/* -> uid.  */ \
  OP (GETEUID, geteuid, "")	/* -> effective uid.  */ \
  OP (GETGID, getgid, "")	/* -> gid.  */ \
  OP (GETEGID, getegid, "")	/* -> effective gid.  */ \
  OP (KILL, kill, "dd")		/* arg0=pid, arg1=signal -> 0.  */ \
  OP (ENVIRON, environ, "")	/* -> length, R=NAME=VALUE\0...  */ \
  OP (FORMAT, format, "pr")	/* A=format\0, arguments (below); arg0=room
				   -> length, R=its first room bytes.  */ \
  OP (PREAD, pread, "drdD")	/* As READ, from the offset arg3; the
				   file's offset unchanged.  */ \
  OP (PWRITE, pwrite, "dbnD")	/* As WRITE, from the offset arg3.  */ \
  OP (DUP3, dup3, "ddd")	/* arg0=fd, arg1=new fd, arg2=0 or
				   NVPTX_RPC_O_CLOEXEC -> new fd.  */ \
  OP (FCHOWN, fchown, "ddd")	/* arg0=fd, arg1=uid, arg2=gid (-1: keep)
				   -> 0.  */ \
  OP (FCHOWNAT, fchownat, "sdddd") /* A=path; arg0=dirfd, arg1=uid,
				   arg2=gid, arg3=AT flags -> 0.  */ \
  OP (UTIMENSAT, utimensat, "pdd") /* A=path\0 and two struct
				   nvptx_rpc_timespec (atime, mtime); arg0=
				   dirfd, arg1=AT flags -> 0.  */ \
  OP (FCHDIR, fchdir, "d")	/* arg0=fd -> 0.  */ \
  OP (MKNODAT, mknodat, "sdod")	/* A=path; arg0=dirfd, arg1=mode with its
				   type bits, arg2=device -> 0.  */ \
  OP (OPENAT, openat, "sdfo")	/* A=path; arg0=dirfd, arg1=flags,
				   arg2=mode -> fd.  */ \
  OP (FSTATAT, fstatat, "sdd")	/* A=path; arg0=dirfd, arg1=AT flags -> 0,
				   R=struct nvptx_rpc_stat.  */ \
  OP (MKDIRAT, mkdirat, "sdo")	/* A=path; arg0=dirfd, arg1=mode -> 0.  */ \
  OP (UNLINKAT, unlinkat, "sdd") /* A=path; arg0=dirfd, arg1=AT flags
				   -> 0.  */ \
  OP (RENAMEAT, renameat, "sdd") /* A=old\0new; arg0, arg1=their dirfds
				   -> 0.  */ \
  OP (FACCESSAT, faccessat, "sddd") /* A=path; arg0=dirfd, arg1=R_OK|W_OK|
				   X_OK, arg2=AT flags -> 0.  */ \
  OP (FCHMODAT, fchmodat, "sdod") /* A=path; arg0=dirfd, arg1=mode,
				   arg2=AT flags -> 0.  */ \
  OP (LINKAT, linkat, "sddd")	/* A=old\0new; arg0, arg1=their dirfds,
				   arg2=AT flags -> 0.  */ \
  OP (SYMLINKAT, symlinkat, "sd") /* A=target\0path; arg0=dirfd -> 0.  */ \
  OP (READLINKAT, readlinkat, "sd") /* A=path; arg0=dirfd -> length,
				   R=target (no NUL).  */ \
  OP (REALPATH, realpath, "s")	/* A=path -> length with NUL, R=the
				   canonical absolute path.  */ \
  OP (UNAME, uname, "")		/* -> 0, R=struct nvptx_rpc_utsname.  */ \
  OP (GETRLIMIT, getrlimit, "d") /* arg0=NVPTX_RPC_RLIMIT_* -> 0,
				   R=struct nvptx_rpc_rlimit.  */ \
  OP (GETRANDOM, getrandom, "dd") /* arg0=count, arg1=NVPTX_RPC_GRND_*
				   -> n, R=n random bytes.  */ \
  OP (STATVFS, statvfs, "sd")	/* A=path; arg0=0 -> 0, R=struct
				   nvptx_rpc_statvfs; arg0=NVPTX_RPC_STATFS
				   -> 0, R=struct nvptx_rpc_statfs.  */ \
  OP (FSTATVFS, fstatvfs, "dd")	/* arg0=fd, arg1 as STATVFS's arg0.  */ \
  OP (PATHCONF, pathconf, "sd")	/* A=path; arg0=NVPTX_RPC_PC_* -> value;
				   -1 with error 0: no limit.  */ \
  OP (FPATHCONF, fpathconf, "dd") /* arg0=fd, arg1=NVPTX_RPC_PC_*
				   -> as PATHCONF.  */ \
  OP (POLL, poll, "d")		/* A=struct nvptx_rpc_pollfd[arg0];
				   arg0=nfds -> n ready, R=the array with
				   revents.  Never waits.  */ \
  OP (TTYNAME, ttyname, "d")	/* arg0=fd -> length with NUL, R=the
				   terminal's name.  */ \
  OP (TCGETATTR, tcgetattr, "d") /* arg0=fd -> 0,
				   R=struct nvptx_rpc_termios.  */ \
  OP (TCSETATTR, tcsetattr, "dd") /* A=struct nvptx_rpc_termios;
				   arg0=fd, arg1=NVPTX_RPC_TCSA* -> 0.  */ \
  OP (IOCTL, ioctl, "ddd")	/* arg0=fd, arg1=NVPTX_RPC_TIOCGWINSZ (-> 0,
				   R=struct nvptx_rpc_winsize) or another
				   request below, arg2 its int argument
				   -> its value.  */ \
  OP (GETLOGIN, getlogin, "")	/* -> length with NUL, R=the login
				   name.  */ \
  OP (GETPW, getpw, "dds")	/* arg0=uid, or -1 and A=name, or -1 and
				   arg1=N+1 for the database's Nth entry
				   -> length, R=struct nvptx_rpc_passwd
				   and its strings.  */ \
  OP (LOCK, lock, "dkdd")	/* arg0=fd, arg1=NVPTX_RPC_LOCK_ARG (command,
				   type, whence), arg2=start, arg3=length
				   -> 0; F_GETLK: R=struct
				   nvptx_rpc_flock.  */ \
  OP (FLOCK, flock, "dl")	/* arg0=fd, arg1=NVPTX_RPC_LOCK_SH... -> 0.  */ \
  OP (GETPGID, getpgid, "d")	/* arg0=pid, 0 or the program's -> its
				   process group.  */ \
  OP (GETSID, getsid, "d")	/* arg0=pid, 0 or the program's -> its
				   session.  */ \
  OP (GETGROUPS, getgroups, "ds") /* arg0=-1: the program's supplementary
				   groups; else A=a user's name, arg0 a
				   group: getgrouplist's -> the count,
				   R=uint32_t gids.  */ \
  OP (GETGR, getgr, "dds")	/* As GETPW, a gid: -> length,
				   R=struct nvptx_rpc_group and its
				   strings.  */

enum nvptx_rpc_opcode
{
  NVPTX_RPC_OPCODE_NONE,
#define NVPTX_RPC_OPCODE_ITEM(op, name, trace) NVPTX_RPC_##op,
  NVPTX_RPC_OPCODES (NVPTX_RPC_OPCODE_ITEM)
#undef NVPTX_RPC_OPCODE_ITEM
  NVPTX_RPC_OPCODE_END
};

/* request.flags.  */
#define NVPTX_RPC_MORE_ARGS 1u	/* Window holds one piece of the argument
				   block and more follow: stage it, do not
				   run the call yet.  */
#define NVPTX_RPC_REPLY_PIECE 2u /* Not a call: send the piece of the last
				   call's reply block from offset arg0.  */
#define NVPTX_RPC_DIRECT 4u	/* READ or WRITE (or PREAD, PWRITE) of
				   arg1 bytes at GPU global address arg2,
				   which the host copies by DMA; the
				   window is not used.  Only when
				   the mailbox has NVPTX_RPC_FEATURE_DIRECT,
				   and alone.  -> the bytes moved, as the
				   POSIX call; EFAULT, nothing moved, when
				   the host cannot reach the buffer.  */

/* mailbox.features, which link.features copies.  */
#define NVPTX_RPC_FEATURE_DIRECT 1u /* NVPTX_RPC_DIRECT is served.  */
/* In link.features only, set by a launcher that runs the program as one
   GPU thread: its calls never overlap, and the client takes no locks
   (the mailbox's, stdio's, malloc's).  */
#define NVPTX_RPC_FEATURE_ONE_THREAD 2u
/* In link.features as the program has it: its free can zero a block
   before the CUDA heap takes it back (newlib's nvptx free.c).  */
#define NVPTX_RPC_FEATURE_CAN_ZERO_FREED 4u
/* In link.features only, set by a launcher whose next program in the
   same context must not find this one's data on the heap (a warm
   worker), where the program can: free zeroes each block.  */
#define NVPTX_RPC_FEATURE_ZERO_FREED 8u

/* reply.flags.  */
#define NVPTX_RPC_DONE 1u	/* Stop chunking: an error, EOF, a short
				   transfer, or any read from a pipe or
				   terminal.  */

struct nvptx_rpc_request
{
  uint32_t version;		/* NVPTX_RPC_VERSION of the client.  */
  uint32_t opcode;		/* enum nvptx_rpc_opcode.  */
  uint32_t flags;		/* NVPTX_RPC_MORE_ARGS, NVPTX_RPC_REPLY_PIECE
				   or NVPTX_RPC_DIRECT.  */
  uint32_t length;		/* Bytes valid in the window.  */
  int64_t arg[4];
};

/* Every GPU load of host memory is a bus round trip, so the GPU polls
   with one 16-byte load of seq, error and result: the host stores them
   in that order, seq last, and a load of one 16-byte block sees them as
   one.  It loads the second half only for the calls that need it.  */
struct nvptx_rpc_reply
{
  uint32_t seq;			/* request_seq of the request this answers;
				   stored last.  */
  uint32_t error;		/* NVPTX_RPC_E* when result is -1.  */
  int64_t result;		/* -1 on error, as the POSIX call.  */
  uint32_t flags;		/* NVPTX_RPC_DONE.  */
  uint32_t length;		/* Bytes valid in the window.  */
  uint32_t total;		/* Length of the whole reply block: more
				   than length when pieces follow.  */
  uint32_t reserved;
};

struct nvptx_rpc_mailbox
{
  /* Written by the launcher before the kernel starts, then read-only.  */
  uint32_t magic;
  uint32_t version;
  uint32_t window_size;
  uint32_t features;		/* NVPTX_RPC_FEATURE_* the server has.  */

  /* Written by the GPU only.  */
  volatile uint32_t request_seq;
  uint32_t reserved[3];
  struct nvptx_rpc_request request;

  /* Written by the host only.  */
  struct nvptx_rpc_reply reply;

  unsigned char window[];	/* window_size bytes (at least
				   NVPTX_RPC_REPLY_MAX), 16-byte aligned.  */
};

/* The window area is never smaller than NVPTX_RPC_REPLY_MAX, whatever
   the window size chunked transfers use: a fixed-size reply (struct
   nvptx_rpc_stat, below) comes back in one piece.  It is a whole number
   of 16-byte blocks, which the GPU moves whole.  */
#define NVPTX_RPC_REPLY_MAX 112
#define NVPTX_RPC_MAILBOX_SIZE(window_size) \
  (sizeof (struct nvptx_rpc_mailbox) \
   + (((window_size) > NVPTX_RPC_REPLY_MAX \
       ? (window_size) : NVPTX_RPC_REPLY_MAX) + 15) / 16 * 16)

/* The program's link to the launcher: a global the launcher finds by name
   in the loaded module.  The program sets version; the launcher checks it
   and stores the mailbox's device address, or leaves 0 (stock launcher), in
   which case the syscalls fall back to what newlib's nvptx port does.
   With it, copies of the words of the mailbox the client needs, so that it
   never loads them from host memory: its request stores evict their cache
   line, and each load was a bus round trip (docs/performance.md).  The
   client never stores here, so these words stay in the GPU's L1 cache
   from call to call.  */
struct nvptx_rpc_link
{
  uint32_t version;
  uint32_t window_size;		/* The mailbox's window_size.  */
  uint64_t mailbox;		/* struct nvptx_rpc_mailbox *, as seen by
				   the GPU.  */
  uint32_t features;		/* The program's
				   NVPTX_RPC_FEATURE_CAN_ZERO_FREED; then
				   the mailbox's features, and
				   NVPTX_RPC_FEATURE_ONE_THREAD and
				   ..._ZERO_FREED.  */
};
#define NVPTX_RPC_LINK_SYMBOL "__nvptx_rpc_link"

/* open flags.  The access mode is a 2-bit field, as in POSIX.  */
#define NVPTX_RPC_O_RDONLY 0
#define NVPTX_RPC_O_WRONLY 1
#define NVPTX_RPC_O_RDWR 2
#define NVPTX_RPC_O_ACCMODE 3
#define NVPTX_RPC_O_CREAT 0x0010
#define NVPTX_RPC_O_EXCL 0x0020
#define NVPTX_RPC_O_TRUNC 0x0040
#define NVPTX_RPC_O_APPEND 0x0080
#define NVPTX_RPC_O_NONBLOCK 0x0100
#define NVPTX_RPC_O_SYNC 0x0200
#define NVPTX_RPC_O_NOCTTY 0x0400
#define NVPTX_RPC_O_DIRECTORY 0x0800
#define NVPTX_RPC_O_NOFOLLOW 0x1000
#define NVPTX_RPC_O_CLOEXEC 0x2000
/* The flags above but the access mode, for the translation tables.  */
#define NVPTX_RPC_OFLAGS(F) \
  F (O_CREAT) F (O_EXCL) F (O_TRUNC) F (O_APPEND) F (O_NONBLOCK) F (O_SYNC) \
  F (O_NOCTTY) F (O_DIRECTORY) F (O_NOFOLLOW) F (O_CLOEXEC)

/* lseek whence.  */
#define NVPTX_RPC_SEEK_SET 0
#define NVPTX_RPC_SEEK_CUR 1
#define NVPTX_RPC_SEEK_END 2

/* File type and permission bits: the traditional octal values, named here
   so that neither side depends on the other's headers.  */
#define NVPTX_RPC_S_IFMT 0170000
#define NVPTX_RPC_S_IFSOCK 0140000
#define NVPTX_RPC_S_IFLNK 0120000
#define NVPTX_RPC_S_IFREG 0100000
#define NVPTX_RPC_S_IFBLK 0060000
#define NVPTX_RPC_S_IFDIR 0040000
#define NVPTX_RPC_S_IFCHR 0020000
#define NVPTX_RPC_S_IFIFO 0010000
#define NVPTX_RPC_S_IPERM 07777

/* Each list below is the one place its values are named: the enum here,
   and both sides' translation tables, are built from it.  */

/* Signals, for kill, numbered from 1 in this order.  */
#define NVPTX_RPC_SIGNALS(S) \
  S (SIGHUP) S (SIGINT) S (SIGQUIT) S (SIGILL) S (SIGTRAP) S (SIGABRT) \
  S (SIGFPE) S (SIGKILL) S (SIGBUS) S (SIGSEGV) S (SIGPIPE) S (SIGALRM) \
  S (SIGTERM) S (SIGUSR1) S (SIGUSR2)

enum nvptx_rpc_signal
{
  NVPTX_RPC_SIGNAL_NONE,	/* kill's signal 0: does the process exist.  */
#define NVPTX_RPC_ENUM_ITEM(name) NVPTX_RPC_##name,
  NVPTX_RPC_SIGNALS (NVPTX_RPC_ENUM_ITEM)
  NVPTX_RPC_SIGNAL_END
};

/* errno values, numbered from 1 (EPERM) in this order.  EPROTO means a
   malformed request or a version mismatch.  A host errno not listed
   travels as EIO.  */
#define NVPTX_RPC_ERRNOS(E) \
  E (EPERM) E (ENOENT) E (ESRCH) E (EINTR) E (EIO) E (EBADF) E (EAGAIN) \
  E (ENOMEM) E (EACCES) E (EFAULT) E (EBUSY) E (EEXIST) E (EXDEV) \
  E (ENOTDIR) E (EISDIR) E (EINVAL) E (ENFILE) E (EMFILE) E (ENOTTY) \
  E (EFBIG) E (ENOSPC) E (ESPIPE) E (EROFS) E (EMLINK) E (EPIPE) \
  E (ERANGE) E (ENAMETOOLONG) E (ENOSYS) E (ENOTEMPTY) E (ELOOP) \
  E (EOVERFLOW) E (EPROTO) E (ENXIO) E (ENODEV) E (ETXTBSY) \
  E (EOPNOTSUPP) E (EILSEQ) E (EDQUOT) E (EDEADLK) E (ENOLCK)

enum nvptx_rpc_errno
{
  NVPTX_RPC_ERRNO_NONE,
  NVPTX_RPC_ERRNOS (NVPTX_RPC_ENUM_ITEM)
  NVPTX_RPC_ERRNO_END
};
#undef NVPTX_RPC_ENUM_ITEM

/* struct stat as it travels in the window.  */
struct nvptx_rpc_stat
{
  uint64_t dev;
  uint64_t ino;
  uint32_t mode;		/* NVPTX_RPC_S_* bits.  */
  uint32_t nlink;
  uint32_t uid;
  uint32_t gid;
  uint64_t rdev;
  int64_t size;
  int64_t blksize;
  int64_t blocks;
  int64_t atime_sec, atime_nsec;
  int64_t mtime_sec, mtime_nsec;
  int64_t ctime_sec, ctime_nsec;
};

struct nvptx_rpc_timespec
{
  int64_t sec;
  int64_t nsec;
};

/* clock_gettime's clocks.  */
#define NVPTX_RPC_CLOCK_REALTIME 0
#define NVPTX_RPC_CLOCK_MONOTONIC 1

/* utimens and utimensat: these nanoseconds values mean "now" and "leave
   it" (utimensat only).  */
#define NVPTX_RPC_UTIME_NOW (-1)
#define NVPTX_RPC_UTIME_OMIT (-2)

/* The *at calls: the directory descriptor that means the working
   directory, and the flags (newlib's values).  */
#define NVPTX_RPC_AT_FDCWD (-100)
#define NVPTX_RPC_AT_EACCESS 1
#define NVPTX_RPC_AT_SYMLINK_NOFOLLOW 2
#define NVPTX_RPC_AT_SYMLINK_FOLLOW 4
#define NVPTX_RPC_AT_REMOVEDIR 8
#define NVPTX_RPC_AT_EMPTY_PATH 16

/* UNAME's reply: each field NUL-terminated, as glibc's struct utsname
   (65 bytes each, domainname the NIS domain).  */
#define NVPTX_RPC_UTSNAME_LENGTH 65
struct nvptx_rpc_utsname
{
  char sysname[NVPTX_RPC_UTSNAME_LENGTH];
  char nodename[NVPTX_RPC_UTSNAME_LENGTH];
  char release[NVPTX_RPC_UTSNAME_LENGTH];
  char version[NVPTX_RPC_UTSNAME_LENGTH];
  char machine[NVPTX_RPC_UTSNAME_LENGTH];
  char domainname[NVPTX_RPC_UTSNAME_LENGTH];
};

/* GETRLIMIT's resources, and its reply; NVPTX_RPC_RLIM_INFINITY is no
   limit.  */
#define NVPTX_RPC_RLIMIT_CPU 0
#define NVPTX_RPC_RLIMIT_FSIZE 1
#define NVPTX_RPC_RLIMIT_DATA 2
#define NVPTX_RPC_RLIMIT_STACK 3
#define NVPTX_RPC_RLIMIT_CORE 4
#define NVPTX_RPC_RLIMIT_NOFILE 5
#define NVPTX_RPC_RLIMIT_AS 6
#define NVPTX_RPC_RLIM_INFINITY UINT64_MAX
struct nvptx_rpc_rlimit
{
  uint64_t cur, max;
};

/* GETRANDOM's flags, and the most bytes one request returns (as Linux,
   getrandom may return fewer than asked).  */
#define NVPTX_RPC_GRND_NONBLOCK 1
#define NVPTX_RPC_GRND_RANDOM 2
#define NVPTX_RPC_RANDOM_MAX 65536

/* STATVFS's and FSTATVFS's reply: the host's struct statvfs, flag its
   ST_* bits (Linux's values: NVPTX_RPC_ST_RDONLY 1, NVPTX_RPC_ST_NOSUID
   2, and the others as Linux has them).  */
#define NVPTX_RPC_ST_RDONLY 1
#define NVPTX_RPC_ST_NOSUID 2
struct nvptx_rpc_statvfs
{
  uint64_t bsize, frsize;
  uint64_t blocks, bfree, bavail;
  uint64_t files, ffree, favail;
  uint64_t fsid, flag, namemax;
};

/* STATVFS's and FSTATVFS's other reply, for statfs and fstatfs: the
   host's struct statfs, fsid its two ints (the first in the low half),
   flags its ST_* bits.  */
#define NVPTX_RPC_STATFS 1
struct nvptx_rpc_statfs
{
  uint64_t type, bsize;
  uint64_t blocks, bfree, bavail;
  uint64_t files, ffree;
  uint64_t fsid, namelen, frsize, flags;
};

/* PATHCONF's and FPATHCONF's names: glibc's _PC_* numbering (Linux's),
   which newlib's differs from after NVPTX_RPC_PC_VDISABLE.  A limit
   without a value is the result -1 with error 0 (NVPTX_RPC_ERRNO_NONE):
   pathconf's -1 with errno unchanged.  */
#define NVPTX_RPC_PC_NAMES(P) \
  P (LINK_MAX, 0) P (MAX_CANON, 1) P (MAX_INPUT, 2) P (NAME_MAX, 3) \
  P (PATH_MAX, 4) P (PIPE_BUF, 5) P (CHOWN_RESTRICTED, 6) P (NO_TRUNC, 7) \
  P (VDISABLE, 8) P (SYNC_IO, 9) P (ASYNC_IO, 10) P (PRIO_IO, 11) \
  P (SOCK_MAXBUF, 12) P (FILESIZEBITS, 13) P (REC_INCR_XFER_SIZE, 14) \
  P (REC_MAX_XFER_SIZE, 15) P (REC_MIN_XFER_SIZE, 16) \
  P (REC_XFER_ALIGN, 17) P (ALLOC_SIZE_MIN, 18) P (SYMLINK_MAX, 19) \
  P (2_SYMLINKS, 20)
enum nvptx_rpc_pathconf_name
{
#define NVPTX_RPC_PC_ITEM(name, value) NVPTX_RPC_PC_##name = value,
  NVPTX_RPC_PC_NAMES (NVPTX_RPC_PC_ITEM)
#undef NVPTX_RPC_PC_ITEM
  NVPTX_RPC_PC_END
};

/* POLL's entries, struct pollfd as Linux lays it out, and its event
   bits, Linux's values.  The host polls without waiting (timeout 0); the
   client asks again until something is ready or its timeout has passed.
   An entry with a negative fd is skipped (revents 0); one whose fd the
   program does not hold has POLLNVAL.  At most NVPTX_RPC_POLL_MAX
   entries a request (the argument block's room): the client polls more
   in several requests.  */
struct nvptx_rpc_pollfd
{
  int32_t fd;
  int16_t events;
  int16_t revents;
};
#define NVPTX_RPC_POLLIN 0x001
#define NVPTX_RPC_POLLPRI 0x002
#define NVPTX_RPC_POLLOUT 0x004
#define NVPTX_RPC_POLLERR 0x008
#define NVPTX_RPC_POLLHUP 0x010
#define NVPTX_RPC_POLLNVAL 0x020
#define NVPTX_RPC_POLLRDNORM 0x040
#define NVPTX_RPC_POLLRDBAND 0x080
#define NVPTX_RPC_POLLWRNORM 0x100
#define NVPTX_RPC_POLLWRBAND 0x200
#define NVPTX_RPC_POLL_EVENTS 0x3ff
#define NVPTX_RPC_POLL_MAX \
  (NVPTX_RPC_ARG_MAX / (int) sizeof (struct nvptx_rpc_pollfd))
/* TCGETATTR's reply and TCSETATTR's block: struct termios in Linux's
   layout (glibc's on x86_64 and aarch64), its flags, speeds and control
   characters Linux's values, which the host passes on as they are.  */
#define NVPTX_RPC_NCCS 32
struct nvptx_rpc_termios
{
  uint32_t c_iflag;
  uint32_t c_oflag;
  uint32_t c_cflag;
  uint32_t c_lflag;
  uint8_t c_line;
  uint8_t c_cc[NVPTX_RPC_NCCS];
  uint8_t pad[3];
  uint32_t c_ispeed;
  uint32_t c_ospeed;
};

/* Copy a termios, field by field, between this layout and a C library's
   struct termios (newlib's on the GPU, glibc's on the host), either way;
   the control characters as far as the shorter array goes.  */
#define NVPTX_RPC_TERMIOS_COPY(to, from)				\
  do									\
    {									\
      (to).c_iflag = (from).c_iflag;					\
      (to).c_oflag = (from).c_oflag;					\
      (to).c_cflag = (from).c_cflag;					\
      (to).c_lflag = (from).c_lflag;					\
      (to).c_line = (from).c_line;					\
      __builtin_memcpy ((to).c_cc, (from).c_cc,				\
			sizeof (to).c_cc < sizeof (from).c_cc		\
			? sizeof (to).c_cc : sizeof (from).c_cc);	\
      (to).c_ispeed = (from).c_ispeed;					\
      (to).c_ospeed = (from).c_ospeed;					\
    }									\
  while (0)

/* TCSETATTR's actions (Linux's TCSANOW, TCSADRAIN, TCSAFLUSH).  */
#define NVPTX_RPC_TCSANOW 0
#define NVPTX_RPC_TCSADRAIN 1
#define NVPTX_RPC_TCSAFLUSH 2

/* IOCTL's requests, Linux's numbers: the only ones the host serves (the
   client answers every other ENOTTY itself).  TIOCGWINSZ replies with a
   struct nvptx_rpc_winsize; FIONREAD, TIOCGPGRP and TIOCGSID with the
   value; TCFLSH (arg2 the queue), TCXONC (arg2 the action), TCSBRK
   (arg2 0: send a break, else drain) and TIOCSPGRP (arg2 the process
   group) with 0.  */
#define NVPTX_RPC_TCSBRK 0x5409
#define NVPTX_RPC_TCXONC 0x540A
#define NVPTX_RPC_TCFLSH 0x540B
#define NVPTX_RPC_TIOCGPGRP 0x540F
#define NVPTX_RPC_TIOCSPGRP 0x5410
#define NVPTX_RPC_TIOCGWINSZ 0x5413
#define NVPTX_RPC_FIONREAD 0x541B
#define NVPTX_RPC_TIOCGSID 0x5429
struct nvptx_rpc_winsize
{
  uint16_t ws_row;
  uint16_t ws_col;
  uint16_t ws_xpixel;
  uint16_t ws_ypixel;
};

/* GETPW's reply block: this, then the strings name, passwd, gecos, dir
   and shell, each NUL-terminated, in that order.  The result is the
   block's length; "no such user" is ENOENT.  */
struct nvptx_rpc_passwd
{
  uint32_t uid;
  uint32_t gid;
};

/* GETGR's reply block: this, then the strings name and passwd and the
   MEMBERS members' names, each NUL-terminated, in that order.  */
struct nvptx_rpc_group
{
  uint32_t gid;
  uint32_t members;
};

/* times: the launcher's process times, in nanoseconds; elapsed is its
   monotonic clock.  */
struct nvptx_rpc_times
{
  int64_t utime, stime, cutime, cstime;
  int64_t elapsed;
};

/* sysconf's names.  */
#define NVPTX_RPC_SC_PAGESIZE 1
#define NVPTX_RPC_SC_OPEN_MAX 2

/* fcntl's commands other than F_DUPFD (NVPTX_RPC_DUP).  FD_CLOEXEC is 1;
   F_GETFL's and F_SETFL's values are NVPTX_RPC_O_* flags.  */
#define NVPTX_RPC_F_GETFD 1
#define NVPTX_RPC_F_SETFD 2
#define NVPTX_RPC_F_GETFL 3
#define NVPTX_RPC_F_SETFL 4
#define NVPTX_RPC_FD_CLOEXEC 1

/* LOCK: fcntl's record locks, held by the launcher's process on the
   program's behalf, so that they conflict with other processes' as the
   program's own would.  arg1 packs the command, the lock's type and its
   whence (NVPTX_RPC_SEEK_*); types are Linux's values.  */
#define NVPTX_RPC_F_GETLK 1
#define NVPTX_RPC_F_SETLK 2
#define NVPTX_RPC_F_SETLKW 3
#define NVPTX_RPC_F_RDLCK 0
#define NVPTX_RPC_F_WRLCK 1
#define NVPTX_RPC_F_UNLCK 2
#define NVPTX_RPC_LOCK_ARG(command, type, whence) \
  ((command) | (type) << 8 | (whence) << 16)
#define NVPTX_RPC_LOCK_COMMAND(arg) ((uint64_t) (arg) & 0xff)
#define NVPTX_RPC_LOCK_TYPE(arg) ((uint64_t) (arg) >> 8 & 0xff)
#define NVPTX_RPC_LOCK_WHENCE(arg) ((uint64_t) (arg) >> 16 & 0xff)
/* F_GETLK's reply: the first lock that would conflict (its whence is
   SEEK_SET), or type F_UNLCK when none would.  */
struct nvptx_rpc_flock
{
  int64_t start;
  int64_t length;
  int32_t pid;
  uint16_t type;
  uint16_t whence;
};

/* FLOCK's operations: Linux's values (and newlib's).  */
#define NVPTX_RPC_LOCK_SH 1
#define NVPTX_RPC_LOCK_EX 2
#define NVPTX_RPC_LOCK_NB 4
#define NVPTX_RPC_LOCK_UN 8

/* access's mode bits: the traditional values.  */
#define NVPTX_RPC_F_OK 0
#define NVPTX_RPC_X_OK 1
#define NVPTX_RPC_W_OK 2
#define NVPTX_RPC_R_OK 4

/* One directory entry in READDIR's reply: this header, then the name and
   its NUL, padded to a multiple of 8 bytes; entries are never split.
   type is the entry's NVPTX_RPC_S_IF* bits shifted right by 12 (the
   traditional DT_* value), 0 when unknown.  */
struct nvptx_rpc_dirent
{
  uint64_t ino;
  uint32_t type;
  uint32_t name_length;		/* Without the NUL.  */
};
#define NVPTX_RPC_DIRENT_SIZE(name_length) \
  ((sizeof (struct nvptx_rpc_dirent) + (name_length) + 1 + 7) & ~(size_t) 7)

/* FORMAT: printf's formatting, done by the host's C library, so that the
   program prints what it would print natively.  The argument block is the
   format and its NUL, zero bytes up to a multiple of 8, then an 8-byte
   slot for each argument the format takes, in order: an int for each '*'
   width or precision, then the value.  Integers are sign- or
   zero-extended as their type is signed or not, a double (or nvptx's long
   double, which is a double) is its bits, a pointer its address.  A %s
   slot is the length of the string's bytes, which follow it, zero bytes
   up to a multiple of 8 after them; or NVPTX_RPC_FORMAT_NULL for a null
   pointer.  Each side finds the conversions with nvptx_rpc_format_scan
   (nvptx-rpc-format.h): the client to know what to take from its
   va_list, the host what to pass to snprintf.  arg0 is the most output the client takes; the reply
   block is the output's first arg0 bytes, the result its whole length.  */

/* The most output a FORMAT request may ask for (arg0), and the largest
   width, or precision but a string's, it may hold: a field wider than
   the output it goes into would not be sent, and this bounds what the
   host formats.  */
#define NVPTX_RPC_FORMAT_MAX 4096

/* A %s slot for a null pointer (glibc prints "(null)").  */
#define NVPTX_RPC_FORMAT_NULL UINT64_MAX

/* Both compilers must lay these out identically.  */
#define NVPTX_RPC_CHECK_LAYOUT(type, size) \
  _Static_assert (sizeof (type) == (size), #type " layout")
NVPTX_RPC_CHECK_LAYOUT (struct nvptx_rpc_request, 48);
NVPTX_RPC_CHECK_LAYOUT (struct nvptx_rpc_reply, 32);
NVPTX_RPC_CHECK_LAYOUT (struct nvptx_rpc_mailbox, 112);
NVPTX_RPC_CHECK_LAYOUT (struct nvptx_rpc_link, 24);
NVPTX_RPC_CHECK_LAYOUT (struct nvptx_rpc_stat, NVPTX_RPC_REPLY_MAX);
NVPTX_RPC_CHECK_LAYOUT (struct nvptx_rpc_timespec, 16);
NVPTX_RPC_CHECK_LAYOUT (struct nvptx_rpc_times, 40);
NVPTX_RPC_CHECK_LAYOUT (struct nvptx_rpc_dirent, 16);
NVPTX_RPC_CHECK_LAYOUT (struct nvptx_rpc_utsname, 390);
NVPTX_RPC_CHECK_LAYOUT (struct nvptx_rpc_rlimit, 16);
NVPTX_RPC_CHECK_LAYOUT (struct nvptx_rpc_statvfs, 88);
NVPTX_RPC_CHECK_LAYOUT (struct nvptx_rpc_statfs, 88);
NVPTX_RPC_CHECK_LAYOUT (struct nvptx_rpc_group, 8);
NVPTX_RPC_CHECK_LAYOUT (struct nvptx_rpc_pollfd, 8);
_Static_assert (__builtin_offsetof (struct nvptx_rpc_pollfd, revents) == 6,
		"struct pollfd's layout");
NVPTX_RPC_CHECK_LAYOUT (struct nvptx_rpc_termios, 60);
NVPTX_RPC_CHECK_LAYOUT (struct nvptx_rpc_winsize, 8);
NVPTX_RPC_CHECK_LAYOUT (struct nvptx_rpc_passwd, 8);
NVPTX_RPC_CHECK_LAYOUT (struct nvptx_rpc_flock, 24);
_Static_assert (__builtin_offsetof (struct nvptx_rpc_termios, c_cc) == 17
		&& __builtin_offsetof (struct nvptx_rpc_termios, c_ispeed)
		   == 52, "struct termios as Linux's");
_Static_assert (NVPTX_RPC_EPERM == 1 && NVPTX_RPC_EPROTO == 32
		&& NVPTX_RPC_EDQUOT == 38, "errno numbering");
_Static_assert (NVPTX_RPC_SIGHUP == 1 && NVPTX_RPC_SIGUSR2 == 15,
		"signal numbering");
_Static_assert (__builtin_offsetof (struct nvptx_rpc_mailbox, request_seq)
		== 16, "request_seq offset");
_Static_assert (__builtin_offsetof (struct nvptx_rpc_mailbox, request) == 32
		&& __builtin_offsetof (struct nvptx_rpc_mailbox, reply) == 80
		&& __builtin_offsetof (struct nvptx_rpc_mailbox, window) == 112,
		"16-byte blocks for the GPU's vector loads and stores");

#endif /* NVPTX_RPC_H */
