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

/* Every function the client files of the host build define, renamed:
   generated from them by client-functions.sh, so that a new client
   file needs no line here.  */
#include "client-functions.h"

/* Two are renamed their own way.  alphasort is passed to scandir by
   name, not called: an object-like macro.  */
#define alphasort nvptx_client_alphasort
/* <libgen.h> names POSIX's basename __xpg_basename, in glibc as in
   newlib.  */
#define __xpg_basename(...) nvptx_client_basename (__VA_ARGS__)

#endif /* NVPTX_RPC_CLIENT_NAMES_H */
