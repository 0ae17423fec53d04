/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* A program's PTX made ready for the driver's JIT (ptx-program.c).  */

#ifndef PTX_PROGRAM_H
#define PTX_PROGRAM_H

#include <stddef.h>

/* The .const data the driver's JIT takes in one link: the constant
   bank.  */
#define PTX_CONST_BANK 65536

/* The bytes PTX's .const definitions take, each from a boundary of its
   alignment, as ptxas counts them.  */
size_t ptx_const_bytes (const char *ptx);

/* PTX with each .const state space, in directives and instructions,
   made .global, in memory of its own, which the caller frees; NULL when
   no memory could be had.  */
char *ptx_const_to_global (const char *ptx);

/* PROGRAM, LENGTH bytes of NUL-terminated PTX inputs as nvptx-none-ld
   writes them, as the launcher links it: each input's allocators renamed
   (ptx-allocators.h), and, when all its .const data would not fit the
   constant bank, that data moved to .global in every input.  Returns the
   inputs in memory of their own, in the same layout (*NEW_LENGTH
   bytes), which the caller frees; NULL when nothing changes (or no
   memory could be had), for the caller to use PROGRAM as it is.  */
char *ptx_prepare_program (const char *program, size_t length,
			   size_t *new_length);

#endif /* PTX_PROGRAM_H */
