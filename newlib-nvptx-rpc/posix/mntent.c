/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: LicenseRef-Newlib-nvptx  */

/* The mntent functions, as glibc's: fields separated by blanks, a
   space, tab, newline or backslash in one written as \040, \011, \012
   or \134 (or \\, read); comment and empty lines skipped; a missing
   field is empty, a missing number 0.  */

#include <mntent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

FILE *
setmntent (const char *file, const char *mode)
{
  return fopen (file, mode);
}

int
endmntent (FILE *stream)
{
  if (stream != NULL)
    fclose (stream);
  return 1;
}

/* Decode the escapes of FIELD in place.  */
static char *
decode (char *field)
{
  static const struct { char code[4], c; } escapes[]
    = { { "040", ' ' }, { "011", '\t' }, { "012", '\n' }, { "134", '\\' } };
  char *from = field, *to = field;

  while (*from != '\0')
    {
      size_t i = 0;

      if (*from == '\\')
	for (; i < sizeof escapes / sizeof *escapes; i++)
	  if (strncmp (from + 1, escapes[i].code, 3) == 0)
	    break;
      if (*from == '\\' && i < sizeof escapes / sizeof *escapes)
	{
	  *to++ = escapes[i].c;
	  from += 4;
	}
      else if (from[0] == '\\' && from[1] == '\\')
	{
	  *to++ = '\\';
	  from += 2;
	}
      else
	*to++ = *from++;
    }
  *to = '\0';
  return field;
}

struct mntent *
getmntent_r (FILE *stream, struct mntent *entry, char *buffer, int size)
{
  char *field[4], *line;

  do
    {
      if (fgets (buffer, size, stream) == NULL)
	return NULL;
      line = buffer + strspn (buffer, " \t");
      /* A line longer than the buffer: its rest is skipped.  */
      if (strchr (line, '\n') == NULL && !feof (stream))
	{
	  int c;

	  while ((c = getc (stream)) != EOF && c != '\n')
	    ;
	}
      line[strcspn (line, "\n")] = '\0';
    }
  while (*line == '\0' || *line == '#');
  for (int i = 0; i < 4; i++)
    {
      field[i] = (line != NULL ? decode (strsep (&line, " \t"))
		  : (char *) "");
      if (line != NULL)
	line += strspn (line, " \t");
    }
  entry->mnt_fsname = field[0];
  entry->mnt_dir = field[1];
  entry->mnt_type = field[2];
  entry->mnt_opts = field[3];
  entry->mnt_freq = entry->mnt_passno = 0;
  if (line != NULL)
    sscanf (line, " %d %d ", &entry->mnt_freq, &entry->mnt_passno);
  return entry;
}

struct mntent *
getmntent (FILE *stream)
{
  static struct mntent entry;
  static char buffer[4096];

  return getmntent_r (stream, &entry, buffer, sizeof buffer);
}

/* Write FIELD with its blanks, newlines and backslashes escaped.  */
static int
put_field (const char *field, FILE *stream)
{
  for (; *field != '\0'; field++)
    if ((strchr (" \t\n\\", *field) != NULL
	 ? fprintf (stream, "\\%03o", (unsigned char) *field)
	 : putc (*field, stream)) < 0)
      return -1;
  return 0;
}

int
addmntent (FILE *stream, const struct mntent *entry)
{
  if (fseek (stream, 0, SEEK_END) != 0
      || put_field (entry->mnt_fsname, stream) < 0 || putc (' ', stream) < 0
      || put_field (entry->mnt_dir, stream) < 0 || putc (' ', stream) < 0
      || put_field (entry->mnt_type, stream) < 0 || putc (' ', stream) < 0
      || put_field (entry->mnt_opts, stream) < 0
      || fprintf (stream, " %d %d\n", entry->mnt_freq,
		  entry->mnt_passno) < 0)
    return 1;
  return fflush (stream) != 0;
}

char *
hasmntopt (const struct mntent *entry, const char *option)
{
  size_t length = strlen (option);
  char *rest = entry->mnt_opts, *at;

  while ((at = strstr (rest, option)) != NULL)
    {
      if ((at == rest || at[-1] == ',')
	  && (at[length] == '\0' || at[length] == ',' || at[length] == '='))
	return at;
      if ((rest = strchr (at, ',')) == NULL)
	break;
      rest++;
    }
  return NULL;
}
