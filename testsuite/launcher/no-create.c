/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* no-create COMMAND...: run COMMAND under a seccomp filter that fails
   each open with O_CREAT, and creat, with EPERM, and openat2, whose
   flags a filter cannot see, with ENOSYS, as a kernel without it would
   (the server then opens with openat); warm-check.sh runs a client so
   confined.  */

#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#define ARG(n) offsetof (struct seccomp_data, args[n])
/* Where there are no such calls (aarch64), no call has these numbers.  */
#ifndef __NR_open
#define __NR_open -1
#endif
#ifndef __NR_creat
#define __NR_creat -1
#endif
#ifndef __NR_openat2
#define __NR_openat2 437
#endif

int
main (int argc, char **argv)
{
  /* Jumps skip that many instructions when true, when false.  */
  struct sock_filter filter[] = {
    /* 0 */ BPF_STMT (BPF_LD | BPF_W | BPF_ABS,
		      offsetof (struct seccomp_data, nr)),
    /* 1 */ BPF_JUMP (BPF_JMP | BPF_JEQ | BPF_K, __NR_openat2, 0, 1),
    /* 2 */ BPF_STMT (BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS),
    /* 3 */ BPF_JUMP (BPF_JMP | BPF_JEQ | BPF_K, __NR_openat, 0, 2),
    /* 4 */ BPF_STMT (BPF_LD | BPF_W | BPF_ABS, ARG (2)),
    /* 5 */ BPF_JUMP (BPF_JMP | BPF_JSET | BPF_K, O_CREAT, 4, 5),
    /* 6 */ BPF_JUMP (BPF_JMP | BPF_JEQ | BPF_K, __NR_open, 0, 2),
    /* 7 */ BPF_STMT (BPF_LD | BPF_W | BPF_ABS, ARG (1)),
    /* 8 */ BPF_JUMP (BPF_JMP | BPF_JSET | BPF_K, O_CREAT, 1, 2),
    /* 9 */ BPF_JUMP (BPF_JMP | BPF_JEQ | BPF_K, __NR_creat, 0, 1),
    /* 10 */ BPF_STMT (BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
    /* 11 */ BPF_STMT (BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
  };
  struct sock_fprog prog = { sizeof filter / sizeof *filter, filter };

  if (argc < 2)
    {
      fprintf (stderr, "usage: no-create COMMAND...\n");
      return 2;
    }
  if (prctl (PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0
      || prctl (PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) != 0)
    {
      fprintf (stderr, "no-create: seccomp: %s\n", strerror (errno));
      return 77;
    }
  execvp (argv[1], argv + 1);
  fprintf (stderr, "no-create: %s: %s\n", argv[1], strerror (errno));
  return 127;
}
