/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* residue leave|look: whether one program's device memory reaches the
   next program of a warm worker (residue.sh).

   leave fills with a pattern what a program may later be given: a
   64 MiB malloc, blocks of small sizes, 16 KiB of its stack, a 1 MiB
   uninitialised global; it frees the blocks, and leaks one more.  look,
   the next program, counts the 16-byte units that hold the pattern in
   the same: its own fresh malloc, small blocks, uninitialised stack and
   global.  It prints a line each and exits with the number of kinds
   where it found any.  */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PATTERN 0x5ec2e75ec2e75ec2ULL
#define HEAP_BYTES (64u << 20)
#define STACK_BYTES (16u << 10)
#define GLOBAL_BYTES (1u << 20)
#define SMALL_COUNT 256

static const size_t small_sizes[] = { 24, 40, 100, 1000, 4000 };
static uint64_t global[GLOBAL_BYTES / 8];

static void
fill (volatile uint64_t *p, size_t bytes)
{
  for (size_t i = 0; i < bytes / 8; i++)
    p[i] = PATTERN;
}

/* The 16-byte units of P that hold the pattern.  */
static size_t
count (const volatile uint64_t *p, size_t bytes)
{
  size_t n = 0;

  for (size_t i = 0; i + 1 < bytes / 8; i += 2)
    n += p[i] == PATTERN || p[i + 1] == PATTERN;
  return n;
}

static void __attribute__ ((noinline))
stack_leave (void)
{
  volatile uint64_t frame[STACK_BYTES / 8];

  fill (frame, sizeof frame);
}

/* Reading memory never written is the point here.  */
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"

static size_t __attribute__ ((noinline))
stack_look (void)
{
  volatile uint64_t frame[STACK_BYTES / 8];

  return count (frame, sizeof frame);
}

static int
report (const char *what, size_t found, size_t units)
{
  printf ("%s: %zu of %zu units hold the pattern\n", what, found, units);
  return found != 0;
}

int
main (int argc, char **argv)
{
  size_t n_small = sizeof small_sizes / sizeof *small_sizes;
  void *small[SMALL_COUNT];
  uint64_t *heap;
  size_t stack_found;
  int kinds = 0;

  if (argc != 2)
    {
      fprintf (stderr, "usage: residue leave|look\n");
      return 100;
    }
  /* First, at the depth where leave filled it, before any other call
     leaves anything there.  */
  stack_found = stack_look ();
  heap = malloc (HEAP_BYTES);
  if (heap == NULL)
    {
      fprintf (stderr, "residue: no 64 MiB on the heap\n");
      return 101;
    }
  if (strcmp (argv[1], "leave") == 0)
    {
      fill (heap, HEAP_BYTES);
      free (heap);
      for (size_t s = 0; s < n_small; s++)
	{
	  for (int i = 0; i < SMALL_COUNT; i++)
	    if ((small[i] = malloc (small_sizes[s])) != NULL)
	      fill (small[i], small_sizes[s]);
	  for (int i = 0; i < SMALL_COUNT; i++)
	    free (small[i]);
	}
      /* A block never freed: the heap keeps it.  */
      fill (malloc (1 << 20), 1 << 20);
      stack_leave ();
      fill (global, sizeof global);
      /* The process a warm worker's program sees is the worker's: the
	 same pid for leave and look says one worker ran both.  */
      printf ("left the pattern, pid %d\n", (int) getpid ());
      return 0;
    }
  printf ("pid %d\n", (int) getpid ());
  kinds += report ("heap, 64 MiB", count (heap, HEAP_BYTES), HEAP_BYTES / 16);
  for (size_t s = 0; s < n_small; s++)
    {
      size_t found = 0, units = 0;
      char what[32];

      for (int i = 0; i < SMALL_COUNT; i++)
	if ((small[i] = malloc (small_sizes[s])) != NULL)
	  {
	    found += count (small[i], small_sizes[s]);
	    units += small_sizes[s] / 16;
	  }
      for (int i = 0; i < SMALL_COUNT; i++)
	free (small[i]);
      snprintf (what, sizeof what, "heap, %zu-byte blocks", small_sizes[s]);
      kinds += report (what, found, units);
    }
  kinds += report ("stack, 16 KiB", stack_found, STACK_BYTES / 16);
  kinds += report ("global, 1 MiB", count (global, sizeof global),
		   GLOBAL_BYTES / 16);
  free (heap);
  return kinds;
}
