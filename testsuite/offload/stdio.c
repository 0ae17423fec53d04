/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* stdio and the rest of libc from a target region, compiled from the
   host's headers: files, stdout, stderr, formatting, scanf, ctype and
   a passing assert.  */

#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "nvptx-rpc-omp.h"
#include "check.h"

#define FILE_NAME "offload-stdio.tmp"

int
main (void)
{
  int failures = 0;

#pragma omp target map(tofrom: failures)
  {
    char line[64], word[16];
    int number = 0;
    FILE *f;

    f = fopen (FILE_NAME, "w");
    CHECK (failures, f != NULL);
    CHECK (failures, fprintf (f, "%d %s\n", 42, "lines") == 9);
    CHECK (failures, fputs ("second\n", f) >= 0);
    CHECK (failures, fclose (f) == 0);
    f = fopen (FILE_NAME, "r");
    CHECK (failures, f != NULL);
    CHECK (failures, fgets (line, sizeof line, f) == line
		     && strcmp (line, "42 lines\n") == 0);
    CHECK (failures, sscanf (line, "%d %15s", &number, word) == 2
		     && number == 42 && strcmp (word, "lines") == 0);
    CHECK (failures, fscanf (f, "%15s", word) == 1
		     && strcmp (word, "second") == 0);
    CHECK (failures, fgets (line, sizeof line, f) == line
		     && strcmp (line, "\n") == 0);
    CHECK (failures, fgets (line, sizeof line, f) == NULL && feof (f));
    CHECK (failures, fclose (f) == 0);
    CHECK (failures, remove (FILE_NAME) == 0);
    CHECK (failures, fopen (FILE_NAME, "r") == NULL && errno == ENOENT);

    CHECK (failures, snprintf (line, sizeof line, "%5.2f|%-3s|%x", 3.14159,
			       "ab", 255) == 12
		     && strcmp (line, " 3.14|ab |ff") == 0);
    CHECK (failures, isdigit ('7') && !isdigit ('x') && !isdigit (EOF));
    CHECK (failures, isalpha ('q') && isspace ('\t') && ispunct ('!')
		     && !isalnum (' ') && isxdigit ('F') && !isupper ('a'));
    CHECK (failures, toupper ('a') == 'A' && toupper ('1') == '1'
		     && tolower ('Q') == 'q' && toupper (EOF) == EOF);
    assert (number == 42);
    CHECK (failures, strcmp (strerror (ENOENT),
			     "No such file or directory") == 0);

    CHECK (failures, puts ("puts to stdout") >= 0);
    CHECK (failures, fprintf (stdout, "fprintf to stdout\n") > 0);
    CHECK (failures, fprintf (stderr, "fprintf to stderr\n") > 0);
    CHECK (failures, fileno (stdout) == STDOUT_FILENO
		     && fileno (stderr) == STDERR_FILENO);
    printf ("printf without a newline, then one: ");
    putchar ('\n');
  }
  return report ("stdio", failures);
}
