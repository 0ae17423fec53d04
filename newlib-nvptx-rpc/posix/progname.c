/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* glibc's program_invocation_name and program_invocation_short_name:
   the program's argv[0] and its last component, which err, error and
   syslog print.  The launcher sets them as it starts a program that has
   them; they stay null where nothing does (an offloaded region).  */

char *program_invocation_name;
char *program_invocation_short_name;
