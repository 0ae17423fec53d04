/* ENVIRON: the host environment, a 5000-byte variable in it, fetched
   through the client's __nvptx_rpc_call a window at a time by offset, and
   put back together: exactly environ's strings, each with its NUL.  */

#include <stdlib.h>
#include <string.h>

#include "harness.h"

extern char **environ;

#define BIG_LENGTH 5000

/* One ENVIRON request at OFFSET into BUF (ROOM bytes).  Returns the result
   (the block's total length, or -1) and sets *GOT to the bytes
   received.  */
static long long
environ_call (int64_t offset, void *buf, size_t room, size_t *got)
{
  struct __nvptx_rpc_call call = {
    .opcode = NVPTX_RPC_ENVIRON, .arg = { offset },
    .in = buf, .in_length = room,
  };
  long long r = __nvptx_rpc_call (&call);

  *got = call.in_length;
  return r;
}

static void
run (uint32_t window)
{
  /* What the host has: environ's strings, each with its NUL.  */
  size_t want_length = 0;
  for (char **e = environ; *e; e++)
    want_length += strlen (*e) + 1;
  char *want = malloc (want_length), *at = want;
  for (char **e = environ; *e; e++)
    at = stpcpy (at, *e) + 1;

  /* What travels, a window at a time.  */
  char *block = malloc (want_length + window), *piece = malloc (window);
  size_t offset = 0, got = 0;
  int calls = 0, bad_totals = 0, short_pieces = 0;
  long long total = environ_call (0, piece, window, &got);
  CHECK_INT ("environ: total length", total, want_length);
  if (total < 0 || (size_t) total != want_length)
    {
      free (want);
      free (block);
      free (piece);
      return;
    }
  while (offset < (size_t) total)
    {
      long long r = environ_call (offset, piece, window, &got);
      calls++;
      bad_totals += r != total;
      if (got == 0)
	break;
      /* Every piece is a full window but the last.  */
      short_pieces += got != window && offset + got != (size_t) total;
      memcpy (block + offset, piece, got);
      offset += got;
    }
  CHECK_INT ("environ: reassembled length", offset, want_length);
  CHECK_INT ("environ: the total in every reply", bad_totals, 0);
  CHECK_INT ("environ: full windows but the last", short_pieces, 0);
  CHECK_INT ("environ: calls needed", calls,
	     (want_length + window - 1) / window);
  if (offset == want_length)
    check_bytes ("environ: the block is environ joined with NULs", block,
		 want, want_length);

  /* The big variable made it whole.  */
  const char *big = NULL;
  for (const char *s = block; s < block + offset; s += strlen (s) + 1)
    if (strncmp (s, "NVPTX_RPC_TEST_BIG=", 19) == 0)
      big = s + 19;
  check (big && strlen (big) == BIG_LENGTH
	 && big[0] == 'v' && big[BIG_LENGTH - 1] == 'V',
	 "environ: the 5000-byte variable", "%s",
	 big ? name_of ("length %zu", strlen (big)) : "missing");

  /* At the end: nothing more, same total.  Past it: EINVAL.  */
  CHECK_INT ("environ at the end: total", environ_call (total, piece, window,
							&got), total);
  CHECK_INT ("environ at the end: no bytes", got, 0);
  CHECK_ERRNO ("environ past the end: EINVAL",
	       environ_call (total + 1, piece, window, &got), EINVAL);
  CHECK_ERRNO ("environ at -1: EINVAL",
	       environ_call (-1, piece, window, &got), EINVAL);
  /* Room for less than a window: the client takes only what fits.  */
  char small[11];
  memset (small, '#', sizeof small);
  CHECK_INT ("environ into 10 bytes: total",
	     environ_call (0, small, 10, &got), total);
  CHECK_INT ("environ into 10 bytes: received", got, 10);
  check_bytes ("environ into 10 bytes: bytes", small, want, 10);
  CHECK_INT ("environ into 10 bytes: the byte after untouched", small[10],
	     '#');

  free (want);
  free (block);
  free (piece);
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
  size_t nwindows;
  const uint32_t *windows = harness_windows (&nwindows);
  for (size_t w = 0; w < nwindows; w++)
    {
      run_begin (windows[w], NULL);
      run (windows[w]);
      run_end ();
    }
  compare_runs ("results");

  /* An empty environment (env -i): an empty block.  */
  static char *empty[] = { NULL };
  char **saved = environ;
  char piece[NVPTX_RPC_WINDOW_MIN];
  size_t got = 1;
  environ = empty;
  run_begin (NVPTX_RPC_WINDOW_MIN, NULL);
  CHECK_INT ("empty environment: total",
	     environ_call (0, piece, sizeof piece, &got), 0);
  CHECK_INT ("empty environment: no bytes", got, 0);
  run_end ();
  environ = saved;
  return harness_end ();
}
