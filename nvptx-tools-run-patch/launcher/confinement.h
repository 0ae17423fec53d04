/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* Whether a warm server's client is confined as its worker is.  */

#ifndef CONFINEMENT_H
#define CONFINEMENT_H

/* NULL if the process at the other end of the unix socket CONN has this
   process's namespaces, root, cgroup, security label, credentials and
   seccomp filters, as the kernel gives them; else what differs first,
   or why it cannot be told, in words for the server's log.  */
const char *confinement_differs (int conn);

#endif /* CONFINEMENT_H */
