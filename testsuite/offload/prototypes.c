/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* Every call the device library serves, referenced from a target
   region compiled from the host's headers, so that linking the offload
   image's PTX (testsuite/verify-ptx.sh) compares each declaration's PTX
   prototype with the library's definition, as the CUDA driver's JIT
   link does.  Only the host part runs: the target region takes the
   functions' addresses and calls none of them.  Not malloc and the
   others GCC renames for nvptx (__nvptx_malloc...): it renames their
   calls, not their addresses; nor vprintf, which is CUDA's own on nvptx
   and takes no address.  */

#define _GNU_SOURCE		/* dup3.  */
#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/select.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/time.h>
#include <sys/times.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>
#include <utime.h>

#define F(name) (void (*) (void)) name,

int
main (void)
{
  int count = 0;

#pragma omp target map(from: count)
  {
    static void (*volatile functions[]) (void) = {
      F (open) F (read) F (write) F (close) F (lseek) F (creat) F (dup)
      F (dup2) F (fcntl) F (fstat) F (stat) F (lstat) F (isatty)
      F (unlink) F (rename) F (link) F (symlink) F (readlink) F (mkdir)
      F (rmdir) F (chmod) F (fchmod) F (chown) F (access) F (truncate)
      F (ftruncate) F (fsync) F (fdatasync) F (utime) F (utimes) F (umask)
      F (getcwd) F (chdir) F (opendir) F (readdir) F (rewinddir)
      F (closedir) F (dirfd) F (fdopendir) F (clock_gettime)
      F (gettimeofday) F (times) F (clock) F (sysconf) F (getpid)
      F (getppid) F (getuid) F (geteuid) F (getgid) F (getegid) F (kill)
      F (getenv) F (nanosleep) F (sleep) F (usleep) F (pipe) F (fork)
      F (execve) F (wait) F (raise) F (signal) F (remove)
      F (fopen) F (fdopen) F (freopen) F (fclose) F (fread) F (fwrite)
      F (fseek) F (ftell) F (rewind) F (fflush) F (fgets) F (fputs)
      F (fgetc) F (fputc) F (getc) F (putc) F (ungetc) F (getchar)
      F (putchar) F (puts) F (printf) F (fprintf) F (sprintf) F (snprintf)
      F (vsnprintf) F (scanf) F (fscanf) F (sscanf)
      F (vfscanf) F (vsscanf) F (getline) F (getdelim) F (setvbuf)
      F (perror) F (strerror)
      F (strtol) F (strtoul) F (strtod) F (atoi) F (qsort) F (abort)
      F (exit) F (atexit) F (time) F (localtime) F (strftime)
      F (pread) F (pwrite) F (readv) F (writev) F (dup3) F (fchown)
      F (lchown) F (futimens) F (utimensat) F (fchdir) F (mkfifo)
      F (mknod) F (openat) F (fstatat) F (mkdirat) F (unlinkat)
      F (renameat) F (faccessat) F (fchmodat) F (fchownat) F (linkat)
      F (symlinkat) F (readlinkat) F (mkfifoat) F (mknodat)
      F (ttyname) F (ttyname_r) F (tcgetattr) F (tcsetattr) F (ioctl)
      F (cfgetispeed) F (cfgetospeed) F (cfsetispeed) F (cfsetospeed)
      F (cfsetspeed) F (cfmakeraw) F (getlogin) F (getlogin_r)
      F (getpwuid) F (getpwuid_r) F (getpwnam) F (getpwnam_r)
      F (statvfs) F (fstatvfs) F (pathconf) F (fpathconf) F (poll)
      F (select) F (pthread_mutex_init) F (pthread_mutex_destroy)
      F (pthread_mutex_lock) F (pthread_mutex_trylock)
      F (pthread_mutex_unlock) F (pthread_mutexattr_init)
      F (pthread_mutexattr_settype) F (pthread_once)
      F (pthread_key_create) F (pthread_key_delete)
      F (pthread_getspecific) F (pthread_setspecific)
      F (pthread_cond_init) F (pthread_cond_signal) F (pthread_cond_wait)
      F (pthread_self) F (pthread_equal)
    };
    count = sizeof functions / sizeof *functions;
  }
  printf ("%d functions referenced\n", count);
  return count > 0 ? 0 : 1;
}
