/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* scanf on stdin in a target region: the program's input, "41 words"
   (the test gives it), read on the GPU.  */

#include <stdio.h>
#include <string.h>
#include "check.h"

int
main (void)
{
  int failures = 0;

#pragma omp target map(tofrom: failures)
  {
    int number = 0;
    /* Not = "": GCC 12 puts that initializer in a constant aligned to 1
       byte and loads it 8 bytes at a time, a misaligned load that faults
       on the GPU (docs/offload.md).  */
    char word[16];

    word[0] = '\0';

    CHECK (failures, scanf ("%d %15s", &number, word) == 2);
    CHECK (failures, number == 41 && strcmp (word, "words") == 0);
    CHECK (failures, scanf ("%d", &number) == EOF);
    printf ("read %d and \"%s\"\n", number, word);
  }
  return report ("stdin", failures);
}
