/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* malloc, free and realloc named in a variable's initializer
   (ptx-allocators.c).  */

#ifndef PTX_ALLOCATORS_H
#define PTX_ALLOCATORS_H

/* The NUL-terminated PTX text PTX with each malloc, free and realloc
   that a variable's initializer names renamed to newlib's
   __nvptx_malloc, __nvptx_free and __nvptx_realloc, in memory of its
   own, which the caller frees; NULL when it names none (or no memory
   could be had), for the caller to use PTX as it is.  */
char *ptx_rename_allocators (const char *ptx);

#endif /* PTX_ALLOCATORS_H */
