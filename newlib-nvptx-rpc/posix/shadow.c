/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* The shadow password functions of glibc's <shadow.h>: entries parsed
   from text as glibc parses them (an empty number is -1, an empty flag
   ~0), the database read from the host's /etc/shadow through the
   launcher, so that, as on the host, only a privileged one may read it
   (EACCES).  Each function returns storage the next call reuses.  */

#include <errno.h>
#include <shadow.h>
#include <stdlib.h>
#include <string.h>
#include "account-file.h"

static char *line;
static size_t size;
static struct spwd entry;
static FILE *database;

/* ENTRY from the 9 FIELDS; false if a number is not one.  */
static bool
fill (char **field)
{
  long *numbers[] = { &entry.sp_lstchg, &entry.sp_min, &entry.sp_max,
		      &entry.sp_warn, &entry.sp_inact, &entry.sp_expire };
  long flag;

  for (int i = 0; i < 6; i++)
    if (!__nvptx_account_number (field[2 + i], -1, numbers[i]))
      return false;
  if (!__nvptx_account_number (field[8], -1, &flag))
    return false;
  entry.sp_namp = field[0];
  entry.sp_pwdp = field[1];
  entry.sp_flag = flag;
  return true;
}

struct spwd *
fgetspent (FILE *stream)
{
  char *field[9];

  do
    if (!__nvptx_account_read (stream, &line, &size, field, 9))
      return NULL;
  while (!fill (field));
  return &entry;
}

struct spwd *
sgetspent (const char *text)
{
  size_t length = strcspn (text, "\n");
  char *field[9];

  if (length >= size)
    {
      char *bigger = realloc (line, length + 1);

      if (bigger == NULL)
	return NULL;
      line = bigger;
      size = length + 1;
    }
  memcpy (line, text, length);
  line[length] = '\0';
  if (!__nvptx_account_split (line, field, 9) || !fill (field))
    {
      errno = EINVAL;
      return NULL;
    }
  return &entry;
}

void
setspent (void)
{
  if (database != NULL)
    rewind (database);
}

void
endspent (void)
{
  if (database != NULL)
    fclose (database);
  database = NULL;
}

struct spwd *
getspent (void)
{
  if (database == NULL && (database = fopen (SHADOW, "r")) == NULL)
    return NULL;
  return fgetspent (database);
}

struct spwd *
getspnam (const char *name)
{
  FILE *file = fopen (SHADOW, "r");
  struct spwd *found;

  if (file == NULL)
    return NULL;
  while ((found = fgetspent (file)) != NULL
	 && strcmp (found->sp_namp, name) != 0)
    ;
  fclose (file);
  return found;
}

/* A number field: empty for -1.  */
static int
put_number (long value, FILE *stream)
{
  return value == -1 ? putc (':', stream) == EOF ? -1 : 0
		     : fprintf (stream, "%ld:", value) < 0 ? -1 : 0;
}

int
putspent (const struct spwd *p, FILE *stream)
{
  long numbers[] = { p->sp_lstchg, p->sp_min, p->sp_max, p->sp_warn,
		     p->sp_inact, p->sp_expire };
  int errors = 0;

  if (!__nvptx_account_field_ok (p->sp_namp)
      || !__nvptx_account_field_ok (p->sp_pwdp))
    {
      errno = EINVAL;
      return -1;
    }
  errors += fprintf (stream, "%s:%s:", p->sp_namp,
		     p->sp_pwdp != NULL ? p->sp_pwdp : "") < 0;
  for (int i = 0; i < 6; i++)
    errors += put_number (numbers[i], stream) != 0;
  if (p->sp_flag != ~0ul)
    errors += fprintf (stream, "%ld", (long) p->sp_flag) < 0;
  errors += putc ('\n', stream) == EOF;
  return errors ? -1 : 0;
}
