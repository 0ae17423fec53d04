/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* The files of accounts, /etc/passwd, /etc/group and /etc/shadow, as
   text: lines of fields between colons (account-file.c).  */

#ifndef NVPTX_ACCOUNT_FILE_H
#define NVPTX_ACCOUNT_FILE_H

#include <stdbool.h>
#include <stdio.h>

/* Split TEXT, one line without its newline, at its colons into the N
   strings of FIELDS, in place; false unless it has N fields.  */
bool __nvptx_account_split (char *text, char **fields, int n);

/* Read STREAM's next entry of N fields into FIELDS, the strings in
   *LINE, a buffer of *SIZE bytes as getline keeps it: the next line
   that is not empty or a comment ('#') and has N fields (others are
   skipped, as glibc's files database skips them); false at the end of
   STREAM or on an error.  */
bool __nvptx_account_read (FILE *stream, char **line, size_t *size,
			   char **fields, int n);

/* A number field of an entry: false unless TEXT is a decimal number in
   full, or empty, which gives EMPTY.  */
bool __nvptx_account_number (const char *text, long empty, long *value);

/* Whether TEXT may be written as a field: null (an empty field), or
   without a colon or newline, as glibc's __nss_valid_field.  */
bool __nvptx_account_field_ok (const char *text);

#endif /* NVPTX_ACCOUNT_FILE_H */
