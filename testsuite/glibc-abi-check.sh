#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# The OpenMP multilib's headers against the host's (docs/offload.md):
# every errno value and the other constants, struct layouts and type
# sizes that a target region compiled from glibc's headers passes to
# the device library, as the host's C compiler sees them, asserted at
# compile time under nvptx-none-gcc -mgomp with newlib's headers from
# the mgomp build.
# Usage: glibc-abi-check.sh; $HOST_CC, $NVPTX_CC and $MGOMP_CPPFLAGS
# come from "make check".
set -eu
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

headers='#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <ftw.h>
#include <glob.h>
#include <poll.h>
#include <pthread.h>
#include <pwd.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/file.h>
#include <sys/ioctl.h>
#include <sys/select.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/time.h>
#include <sys/times.h>
#include <sys/uio.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>'
constants="O_RDONLY O_WRONLY O_RDWR O_ACCMODE O_CREAT O_EXCL O_NOCTTY O_TRUNC
  O_APPEND O_NONBLOCK O_SYNC O_DIRECTORY O_NOFOLLOW O_CLOEXEC O_DIRECT
  F_DUPFD F_GETFD F_SETFD F_GETFL F_SETFL F_GETLK F_SETLK F_SETLKW F_SETOWN
  F_GETOWN F_DUPFD_CLOEXEC F_RDLCK F_WRLCK F_UNLCK FD_CLOEXEC AT_FDCWD
  AT_EACCESS AT_SYMLINK_NOFOLLOW AT_SYMLINK_FOLLOW AT_REMOVEDIR AT_EMPTY_PATH
  CLOCK_REALTIME CLOCK_MONOTONIC CLOCKS_PER_SEC _SC_CLK_TCK _SC_OPEN_MAX
  _SC_PAGESIZE SIGHUP SIGINT SIGQUIT SIGILL SIGTRAP SIGABRT SIGBUS SIGFPE
  SIGKILL SIGUSR1 SIGSEGV SIGUSR2 SIGPIPE SIGALRM SIGTERM SIGCHLD SIGCONT
  SIGSTOP SIGTSTP SIGTTIN SIGTTOU SIGURG SIGXCPU SIGXFSZ SIGVTALRM SIGPROF
  SIGWINCH SIGIO SIGSYS NSIG S_IFMT S_IFREG S_IFDIR S_IFCHR S_IFBLK S_IFIFO
  S_IFLNK S_IFSOCK SEEK_SET SEEK_CUR SEEK_END EOF _IOFBF _IOLBF _IONBF
  DT_UNKNOWN DT_FIFO DT_CHR DT_DIR DT_BLK DT_REG DT_LNK DT_SOCK R_OK W_OK
  X_OK F_OK UTIME_NOW UTIME_OMIT LOCK_SH LOCK_EX LOCK_NB LOCK_UN F_ULOCK
  F_LOCK F_TLOCK F_TEST
  TIOCGWINSZ FIONREAD TIOCGPGRP TIOCSPGRP TIOCGSID TCFLSH TCXONC TCSBRK
  TCIFLUSH TCOFLUSH TCIOFLUSH TCOOFF TCOON TCIOFF TCION TCSANOW TCSADRAIN TCSAFLUSH NCCS VINTR VQUIT VERASE
  VKILL VEOF VTIME VMIN VSTART VSTOP VSUSP VEOL VREPRINT VDISCARD VWERASE
  VLNEXT VEOL2 IGNBRK BRKINT IGNPAR PARMRK INPCK ISTRIP INLCR IGNCR ICRNL
  IXON IXANY IXOFF IMAXBEL IUTF8 OPOST ONLCR OCRNL ONOCR ONLRET CBAUD
  CBAUDEX CSIZE CS5 CS6 CS7 CS8 CSTOPB CREAD PARENB PARODD HUPCL CLOCAL
  CRTSCTS B0 B50 B300 B1200 B9600 B19200 B38400 B57600 B115200 B230400
  B4000000 ISIG ICANON ECHO ECHOE ECHOK ECHONL NOFLSH TOSTOP ECHOCTL ECHOKE
  IEXTEN
  FNM_PATHNAME FNM_NOESCAPE FNM_PERIOD
  FNM_LEADING_DIR FNM_CASEFOLD FNM_NOMATCH GLOB_ERR GLOB_MARK GLOB_NOSORT
  GLOB_DOOFFS GLOB_NOCHECK GLOB_APPEND GLOB_NOESCAPE GLOB_PERIOD
  GLOB_MAGCHAR GLOB_ALTDIRFUNC GLOB_BRACE GLOB_NOMAGIC GLOB_TILDE
  GLOB_ONLYDIR GLOB_TILDE_CHECK GLOB_NOSPACE GLOB_ABORTED GLOB_NOMATCH
  GLOB_NOSYS GLOB_ABEND FTW_F FTW_D FTW_DNR FTW_NS FTW_SL FTW_DP FTW_SLN
  FTW_PHYS FTW_MOUNT FTW_CHDIR FTW_DEPTH
  _PC_LINK_MAX _PC_MAX_CANON _PC_MAX_INPUT _PC_NAME_MAX _PC_PATH_MAX
  _PC_PIPE_BUF _PC_CHOWN_RESTRICTED _PC_NO_TRUNC _PC_VDISABLE _PC_SYNC_IO
  _PC_ASYNC_IO _PC_PRIO_IO _PC_SOCK_MAXBUF _PC_FILESIZEBITS
  _PC_REC_INCR_XFER_SIZE _PC_REC_MAX_XFER_SIZE _PC_REC_MIN_XFER_SIZE
  _PC_REC_XFER_ALIGN _PC_ALLOC_SIZE_MIN _PC_SYMLINK_MAX _PC_2_SYMLINKS
  ST_RDONLY ST_NOSUID ST_NODEV ST_NOEXEC ST_SYNCHRONOUS ST_MANDLOCK
  ST_WRITE ST_APPEND ST_IMMUTABLE ST_NOATIME ST_NODIRATIME ST_RELATIME
  POLLIN POLLPRI POLLOUT POLLERR POLLHUP POLLNVAL POLLRDNORM POLLRDBAND
  POLLWRNORM POLLWRBAND FD_SETSIZE
  PTHREAD_MUTEX_NORMAL PTHREAD_MUTEX_RECURSIVE PTHREAD_MUTEX_ERRORCHECK
  PTHREAD_MUTEX_DEFAULT PTHREAD_CREATE_JOINABLE PTHREAD_CREATE_DETACHED
  PTHREAD_INHERIT_SCHED PTHREAD_EXPLICIT_SCHED PTHREAD_SCOPE_SYSTEM
  PTHREAD_SCOPE_PROCESS PTHREAD_PROCESS_PRIVATE PTHREAD_PROCESS_SHARED
  SCHED_OTHER SCHED_FIFO SCHED_RR
  $(echo '#include <errno.h>' | $HOST_CC -E -dM - \
      | sed -n 's/^#define \(E[A-Z0-9]*\) .*/\1/p')"
members="stat:st_dev stat:st_ino stat:st_nlink stat:st_mode stat:st_uid
  stat:st_gid stat:st_rdev stat:st_size stat:st_blksize stat:st_blocks
  stat:st_atim stat:st_mtim stat:st_ctim dirent:d_ino dirent:d_off
  dirent:d_reclen dirent:d_type dirent:d_name tm:tm_gmtoff tm:tm_zone
  timespec:tv_nsec timeval:tv_usec tms:tms_cstime iovec:iov_base
  iovec:iov_len termios:c_iflag termios:c_oflag termios:c_cflag
  termios:c_lflag termios:c_line termios:c_cc termios:c_ispeed
  termios:c_ospeed winsize:ws_row winsize:ws_col winsize:ws_xpixel
  winsize:ws_ypixel passwd:pw_name passwd:pw_passwd passwd:pw_uid
  passwd:pw_gid passwd:pw_gecos passwd:pw_dir passwd:pw_shell
  glob_t:gl_pathc glob_t:gl_pathv glob_t:gl_offs
  glob_t:gl_flags glob_t:gl_closedir glob_t:gl_readdir glob_t:gl_opendir
  glob_t:gl_lstat glob_t:gl_stat FTW:base FTW:level
  statvfs:f_bsize statvfs:f_frsize statvfs:f_blocks
  statvfs:f_bfree statvfs:f_bavail statvfs:f_files statvfs:f_ffree
  statvfs:f_favail statvfs:f_fsid statvfs:f_flag statvfs:f_namemax
  pollfd:fd pollfd:events pollfd:revents flock:l_type flock:l_whence
  flock:l_start flock:l_len flock:l_pid"
types="struct_stat struct_dirent struct_tm struct_timespec struct_timeval
  struct_tms struct_iovec struct_termios struct_winsize struct_passwd
  speed_t tcflag_t cc_t dev_t ino_t nlink_t mode_t uid_t gid_t off_t pid_t ssize_t
  clockid_t clock_t time_t useconds_t suseconds_t blksize_t blkcnt_t
  glob_t struct_FTW struct_statvfs struct_pollfd nfds_t fsblkcnt_t fd@set
  struct_flock pthread@t pthread@attr@t pthread@mutex@t
  pthread@mutexattr@t pthread@cond@t pthread@condattr@t pthread@key@t
  pthread@once@t"

# A host program that prints the assertions with the host's values.
{
  echo "$headers"
  echo 'int main (void) {'
  for c in $constants; do
    printf '%s\n' "printf (\"_Static_assert ((long) ($c) == %ldL, \\\"$c\\\");\\n\", (long) ($c));"
  done
  for m in $members; do
    s=${m%%:*} f=${m#*:}
    # A typedef's name (glob_t) as it is, a tag after "struct".
    case $s in *_t) ;; *) s="struct $s" ;; esac
    printf '%s\n' "printf (\"_Static_assert (offsetof ($s, $f) == %zu && sizeof ((($s *) 0)->$f) == %zu, \\\"$s's $f\\\");\\n\", offsetof ($s, $f), sizeof ((($s *) 0)->$f));"
  done
  for t in $types; do
    # '@' stands for an underscore in the name: fd@set is fd_set.
    t=$(echo "$t" | tr _ ' ' | sed 's/ t$/_t/' | tr @ _)
    printf '%s\n' "printf (\"_Static_assert (sizeof ($t) == %zu, \\\"sizeof ($t)\\\");\\n\", sizeof ($t));"
  done
  echo 'return 0; }'
} > "$tmp/host.c"
$HOST_CC "$tmp/host.c" -o "$tmp/host"
{ echo "$headers"; "$tmp/host"; } > "$tmp/abi.c"
if $NVPTX_CC -mgomp -fsyntax-only $MGOMP_CPPFLAGS "$tmp/abi.c" \
     > "$tmp/log" 2>&1; then
  echo "PASS: the mgomp headers agree with the host's on $(grep -c . "$tmp/abi.c") lines"
else
  grep 'error' "$tmp/log" | head -20
  echo "FAIL: the mgomp headers differ from the host's"
  exit 1
fi
