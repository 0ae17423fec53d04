/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* Force-included (gcc -include) first in every translation unit of the
   host test programs: the nvptx-rpc client files from newlib-nvptx-rpc/
   and the tests themselves.

   The client defines open, read, write... -- the very names the host C
   library uses.  The server thread in the same process must keep calling
   the host's real ones, so the client's are renamed to nvptx_client_* here.
   Each macro is function-like: it renames the C library's declaration, the
   client's definition and every call, consistently in each translation
   unit, and leaves alone a name not followed by '(' -- above all the tag
   in `struct stat', but also members such as cookie_io_functions_t's
   `write'.  The host's own functions are then undeclared under these
   names; harness.h declares them again as real_open, real_read...  */

#ifndef NVPTX_RPC_CLIENT_NAMES_H
#define NVPTX_RPC_CLIENT_NAMES_H

/* _FORTIFY_SOURCE (on by default with -O2 in some distributions' GCC)
   makes glibc define open, read and others as always-inline wrappers that
   call the C library through asm aliases.  Renamed by the macros below,
   such a wrapper would take the name nvptx_client_read and quietly send
   the tests' calls to the host C library, around the client.  This file
   comes before any header, so the #undef takes effect.  */
#undef _FORTIFY_SOURCE

/* newlib's declarations carry no nonnull attribute; glibc's would let GCC
   drop the client's own NULL checks (gettimeofday's `if (tv)') and warn
   about them (-Wnonnull-compare).  Empty, as on the GPU build.  */
#define __attribute_nonnull__(params)

/* newlib's return type for read and write; glibc's is ssize_t.  */
#define _READ_WRITE_RETURN_TYPE ssize_t

#define open(...) nvptx_client_open (__VA_ARGS__)
#define creat(...) nvptx_client_creat (__VA_ARGS__)
#define close(...) nvptx_client_close (__VA_ARGS__)
#define read(...) nvptx_client_read (__VA_ARGS__)
#define write(...) nvptx_client_write (__VA_ARGS__)
#define pread(...) nvptx_client_pread (__VA_ARGS__)
#define pwrite(...) nvptx_client_pwrite (__VA_ARGS__)
#define readv(...) nvptx_client_readv (__VA_ARGS__)
#define writev(...) nvptx_client_writev (__VA_ARGS__)
#define lseek(...) nvptx_client_lseek (__VA_ARGS__)
#define fstat(...) nvptx_client_fstat (__VA_ARGS__)
#define stat(...) nvptx_client_stat (__VA_ARGS__)
#define lstat(...) nvptx_client_lstat (__VA_ARGS__)
#define isatty(...) nvptx_client_isatty (__VA_ARGS__)
#define unlink(...) nvptx_client_unlink (__VA_ARGS__)
#define rename(...) nvptx_client_rename (__VA_ARGS__)
#define link(...) nvptx_client_link (__VA_ARGS__)
#define symlink(...) nvptx_client_symlink (__VA_ARGS__)
#define readlink(...) nvptx_client_readlink (__VA_ARGS__)
#define mkdir(...) nvptx_client_mkdir (__VA_ARGS__)
#define rmdir(...) nvptx_client_rmdir (__VA_ARGS__)
#define chmod(...) nvptx_client_chmod (__VA_ARGS__)
#define chown(...) nvptx_client_chown (__VA_ARGS__)
#define fchmod(...) nvptx_client_fchmod (__VA_ARGS__)
#define access(...) nvptx_client_access (__VA_ARGS__)
#define truncate(...) nvptx_client_truncate (__VA_ARGS__)
#define ftruncate(...) nvptx_client_ftruncate (__VA_ARGS__)
#define fsync(...) nvptx_client_fsync (__VA_ARGS__)
#define fdatasync(...) nvptx_client_fdatasync (__VA_ARGS__)
#define utime(...) nvptx_client_utime (__VA_ARGS__)
#define utimes(...) nvptx_client_utimes (__VA_ARGS__)
#define dup(...) nvptx_client_dup (__VA_ARGS__)
#define dup2(...) nvptx_client_dup2 (__VA_ARGS__)
#define fcntl(...) nvptx_client_fcntl (__VA_ARGS__)
#define getcwd(...) nvptx_client_getcwd (__VA_ARGS__)
#define chdir(...) nvptx_client_chdir (__VA_ARGS__)
#define opendir(...) nvptx_client_opendir (__VA_ARGS__)
#define fdopendir(...) nvptx_client_fdopendir (__VA_ARGS__)
#define readdir(...) nvptx_client_readdir (__VA_ARGS__)
#define rewinddir(...) nvptx_client_rewinddir (__VA_ARGS__)
#define closedir(...) nvptx_client_closedir (__VA_ARGS__)
#define dirfd(...) nvptx_client_dirfd (__VA_ARGS__)
#define umask(...) nvptx_client_umask (__VA_ARGS__)
#define clock_gettime(...) nvptx_client_clock_gettime (__VA_ARGS__)
#define realpath(...) nvptx_client_realpath (__VA_ARGS__)
#define uname(...) nvptx_client_uname (__VA_ARGS__)
#define gethostname(...) nvptx_client_gethostname (__VA_ARGS__)
#define getrlimit(...) nvptx_client_getrlimit (__VA_ARGS__)
#define setrlimit(...) nvptx_client_setrlimit (__VA_ARGS__)
#define getrandom(...) nvptx_client_getrandom (__VA_ARGS__)
#define getentropy(...) nvptx_client_getentropy (__VA_ARGS__)
#define gettimeofday(...) nvptx_client_gettimeofday (__VA_ARGS__)
#define times(...) nvptx_client_times (__VA_ARGS__)
#define sysconf(...) nvptx_client_sysconf (__VA_ARGS__)
#define nanosleep(...) nvptx_client_nanosleep (__VA_ARGS__)
#define sleep(...) nvptx_client_sleep (__VA_ARGS__)
#define usleep(...) nvptx_client_usleep (__VA_ARGS__)
#define getpid(...) nvptx_client_getpid (__VA_ARGS__)
#define getppid(...) nvptx_client_getppid (__VA_ARGS__)
#define getuid(...) nvptx_client_getuid (__VA_ARGS__)
#define geteuid(...) nvptx_client_geteuid (__VA_ARGS__)
#define getgid(...) nvptx_client_getgid (__VA_ARGS__)
#define getegid(...) nvptx_client_getegid (__VA_ARGS__)
#define kill(...) nvptx_client_kill (__VA_ARGS__)
#define pipe(...) nvptx_client_pipe (__VA_ARGS__)
#define fork(...) nvptx_client_fork (__VA_ARGS__)
#define execve(...) nvptx_client_execve (__VA_ARGS__)
#define wait(...) nvptx_client_wait (__VA_ARGS__)
#define dup3(...) nvptx_client_dup3 (__VA_ARGS__)
#define fchown(...) nvptx_client_fchown (__VA_ARGS__)
#define lchown(...) nvptx_client_lchown (__VA_ARGS__)
#define fchownat(...) nvptx_client_fchownat (__VA_ARGS__)
#define futimens(...) nvptx_client_futimens (__VA_ARGS__)
#define utimensat(...) nvptx_client_utimensat (__VA_ARGS__)
#define fchdir(...) nvptx_client_fchdir (__VA_ARGS__)
#define mknodat(...) nvptx_client_mknodat (__VA_ARGS__)
#define mknod(...) nvptx_client_mknod (__VA_ARGS__)
#define mkfifo(...) nvptx_client_mkfifo (__VA_ARGS__)
#define mkfifoat(...) nvptx_client_mkfifoat (__VA_ARGS__)
#define openat(...) nvptx_client_openat (__VA_ARGS__)
#define fstatat(...) nvptx_client_fstatat (__VA_ARGS__)
#define mkdirat(...) nvptx_client_mkdirat (__VA_ARGS__)
#define unlinkat(...) nvptx_client_unlinkat (__VA_ARGS__)
#define renameat(...) nvptx_client_renameat (__VA_ARGS__)
#define faccessat(...) nvptx_client_faccessat (__VA_ARGS__)
#define fchmodat(...) nvptx_client_fchmodat (__VA_ARGS__)
#define linkat(...) nvptx_client_linkat (__VA_ARGS__)
#define symlinkat(...) nvptx_client_symlinkat (__VA_ARGS__)
#define readlinkat(...) nvptx_client_readlinkat (__VA_ARGS__)
#define waitpid(...) nvptx_client_waitpid (__VA_ARGS__)
#define execvp(...) nvptx_client_execvp (__VA_ARGS__)
#define sigaction(...) nvptx_client_sigaction (__VA_ARGS__)
#define telldir(...) nvptx_client_telldir (__VA_ARGS__)
#define seekdir(...) nvptx_client_seekdir (__VA_ARGS__)
#define mmap(...) nvptx_client_mmap (__VA_ARGS__)
#define munmap(...) nvptx_client_munmap (__VA_ARGS__)
#define msync(...) nvptx_client_msync (__VA_ARGS__)
#define scandir(...) nvptx_client_scandir (__VA_ARGS__)
/* Passed to scandir by name, not called: an object-like macro.  */
#define alphasort nvptx_client_alphasort
/* <libgen.h> names POSIX's basename __xpg_basename, in glibc as in
   newlib.  */
#define __xpg_basename(...) nvptx_client_basename (__VA_ARGS__)
#define dirname(...) nvptx_client_dirname (__VA_ARGS__)
/* Not renamed: sched_yield and alarm, as the harness needs the host's;
   popen and pclose, as glibc's <stdio.h> names pclose in popen's
   attributes, where a function-like macro cannot reach it.  enosys.c
   checks those four on the GPU.  Nor posix_memalign and aligned_alloc:
   their blocks are freed by nvptx's free (patches/0020), not the
   host's; posix-lib.c checks them on the GPU.  */

#endif /* NVPTX_RPC_CLIENT_NAMES_H */
