/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* The shadow password file, as glibc's <shadow.h> has it, for nvptx
   (newlib-nvptx-rpc/posix/shadow.c): read from the host's file through
   the launcher, which only a privileged launcher may.  */

#ifndef _SHADOW_H
#define _SHADOW_H

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SHADOW "/etc/shadow"

struct spwd
{
  char *sp_namp;		/* Login name.  */
  char *sp_pwdp;		/* Hashed password.  */
  long int sp_lstchg;		/* Days since 1970-01-01 of the last change.  */
  long int sp_min;		/* Days before a change is allowed.  */
  long int sp_max;		/* Days before a change is required.  */
  long int sp_warn;		/* Days of warning before that.  */
  long int sp_inact;		/* Days the account may stay inactive.  */
  long int sp_expire;		/* Days since 1970-01-01 of its end.  */
  unsigned long int sp_flag;	/* Reserved.  */
};

void setspent (void);
void endspent (void);
struct spwd *getspent (void);
struct spwd *getspnam (const char *__name);
struct spwd *sgetspent (const char *__string);
struct spwd *fgetspent (FILE *__stream);
int putspent (const struct spwd *__entry, FILE *__stream);
int lckpwdf (void);
int ulckpwdf (void);

#ifdef __cplusplus
}
#endif

#endif /* _SHADOW_H */
