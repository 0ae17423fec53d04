/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* ENVIRON: the host environment, a 5000-byte variable in it, fetched
   through the client's __nvptx_rpc_call as one reply block, which comes
   back a window at a time: exactly environ's strings, each with its NUL.  */

#include <stdlib.h>
#include <string.h>

#include "harness.h"

extern char **environ;

#define BIG_LENGTH 5000

/* One ENVIRON call into BUF (ROOM bytes).  Returns the result (the
   block's total length, or -1) and sets *GOT to the bytes received.  */
static long long
environ_call (void *buf, size_t room, size_t *got)
{
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_ENVIRON, .in = buf, .in_length = room,
  };
  long long r = __nvptx_rpc_call (&call);

  *got = call.in_length;
  return r;
}

static void
run (void)
{
  /* What the host has: environ's strings, each with its NUL.  */
  size_t want_length = 0;
  for (char **e = environ; *e; e++)
    want_length += strlen (*e) + 1;
  char *want = malloc (want_length), *at = want;
  for (char **e = environ; *e; e++)
    at = stpcpy (at, *e) + 1;

  /* Its length, then the block in one call, one byte of room to spare.  */
  size_t got = 1;
  long long total = environ_call (NULL, 0, &got);
  CHECK_INT ("environ: total length", total, want_length);
  CHECK_INT ("environ: no room, no bytes", got, 0);
  char *block = malloc (want_length + 1);
  block[want_length] = '#';
  CHECK_INT ("environ: result", environ_call (block, want_length + 1, &got),
	     want_length);
  CHECK_INT ("environ: received", got, want_length);
  CHECK_INT ("environ: the byte after untouched", block[want_length], '#');
  if (got == want_length)
    check_bytes ("environ: the block is environ joined with NULs", block,
		 want, want_length);

  /* The big variable made it whole.  */
  const char *big = NULL;
  for (const char *s = block; s < block + got; s += strlen (s) + 1)
    if (strncmp (s, "NVPTX_RPC_TEST_BIG=", 19) == 0)
      big = s + 19;
  check (big && strlen (big) == BIG_LENGTH
	 && big[0] == 'v' && big[BIG_LENGTH - 1] == 'V',
	 "environ: the 5000-byte variable", "%s",
	 big ? name_of ("length %zu", strlen (big)) : "missing");

  /* Room for less than the block: the client takes only what fits.  */
  char small[11];
  memset (small, '#', sizeof small);
  CHECK_INT ("environ into 10 bytes: total", environ_call (small, 10, &got),
	     want_length);
  CHECK_INT ("environ into 10 bytes: received", got, 10);
  check_bytes ("environ into 10 bytes: bytes", small, want, 10);
  CHECK_INT ("environ into 10 bytes: the byte after untouched", small[10],
	     '#');

  free (want);
  free (block);
}

int
main (void)
{
  char *big = malloc (BIG_LENGTH + 1);

  /* Before any server starts, so that its snapshot has it.  */
  memset (big, 'x', BIG_LENGTH);
  big[0] = 'v';
  big[BIG_LENGTH - 1] = 'V';
  big[BIG_LENGTH] = '\0';
  setenv ("NVPTX_RPC_TEST_BIG", big, 1);
  free (big);

  harness_begin ("test-environ");
  size_t nruns;
  const struct harness_run *runs = harness_runs (&nruns);
  for (size_t r = 0; r < nruns; r++)
    {
      run_begin (&runs[r], NULL);
      run ();
      run_end ();
    }
  compare_runs ("results");

  /* An empty environment (env -i): an empty block.  */
  static char *empty[] = { NULL };
  char **saved = environ;
  char piece[NVPTX_RPC_WINDOW_MIN];
  size_t got = 1;
  environ = empty;
  run_begin (&(struct harness_run) { NVPTX_RPC_WINDOW_MIN, false }, NULL);
  CHECK_INT ("empty environment: total",
	     environ_call (piece, sizeof piece, &got), 0);
  CHECK_INT ("empty environment: no bytes", got, 0);
  run_end ();
  environ = saved;
  return harness_end ();
}
