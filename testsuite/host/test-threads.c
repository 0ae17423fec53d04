/* SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* Threads calling the client at once, as GPU threads do: 8 writers append
   3000-byte records (3 pieces with the 1 KiB window) to one O_APPEND file
   while 2 more threads stat a long path (several pieces with the 64-byte
   window).  The client lock serializes whole calls, so the file is whole,
   unmixed records, each exactly once, and every stat is right.  */

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

#define WRITERS 8
#define RECORDS 200
#define RECORD_SIZE 3000
#define STATTERS 2
#define STATS 100

static int shared_fd;
static int write_errors[WRITERS];
static int stat_errors[STATTERS];
static const char *long_name;
static struct stat long_host_stat;

/* Record SEQ of THREAD: its identity, then bytes that depend on it.  */
static void
make_record (unsigned char *r, int thread, int seq)
{
  pattern_fill (r, RECORD_SIZE, 1000 + thread * RECORDS + seq, 0);
  r[0] = 'R';
  r[1] = thread;
  r[2] = seq >> 8;
  r[3] = seq & 0xff;
}

static void *
writer (void *arg)
{
  int thread = (int) (intptr_t) arg;
  unsigned char record[RECORD_SIZE];

  harness_spinner_thread ();
  for (int seq = 0; seq < RECORDS; seq++)
    {
      make_record (record, thread, seq);
      if (write (shared_fd, record, RECORD_SIZE) != RECORD_SIZE)
	write_errors[thread]++;
    }
  return NULL;
}

static void *
statter (void *arg)
{
  int thread = (int) (intptr_t) arg;
  struct stat st;

  harness_spinner_thread ();
  for (int i = 0; i < STATS; i++)
    if (stat (long_name, &st) != 0 || st.st_ino != long_host_stat.st_ino
	|| st.st_size != long_host_stat.st_size)
      stat_errors[thread]++;
  return NULL;
}

static void
run (void)
{
  pthread_t writers[WRITERS], statters[STATTERS];
  char name[201];

  memset (name, 's', 200);
  name[200] = '\0';
  long_name = name;
  spit (long_name, "twelve bytes", 12);
  real_stat (long_name, &long_host_stat);
  memset (write_errors, 0, sizeof write_errors);
  memset (stat_errors, 0, sizeof stat_errors);

  shared_fd = open ("shared", O_WRONLY | O_APPEND | O_CREAT | O_TRUNC, 0644);
  CHECK ("open the shared file", shared_fd >= 0);
  for (int t = 0; t < WRITERS; t++)
    real_pthread_create (&writers[t], NULL, writer, (void *) (intptr_t) t);
  for (int t = 0; t < STATTERS; t++)
    real_pthread_create (&statters[t], NULL, statter, (void *) (intptr_t) t);
  for (int t = 0; t < WRITERS; t++)
    real_pthread_join (writers[t], NULL);
  for (int t = 0; t < STATTERS; t++)
    real_pthread_join (statters[t], NULL);
  CHECK_INT ("close the shared file", close (shared_fd), 0);

  int bad_writes = 0, bad_stats = 0;
  for (int t = 0; t < WRITERS; t++)
    bad_writes += write_errors[t];
  for (int t = 0; t < STATTERS; t++)
    bad_stats += stat_errors[t];
  CHECK_INT ("every write returned 3000", bad_writes, 0);
  CHECK_INT ("every concurrent stat was right", bad_stats, 0);

  size_t len = 0;
  unsigned char *file = slurp ("shared", &len);
  CHECK ("the host reads the file", file != NULL);
  CHECK_INT ("file size", len, (long long) WRITERS * RECORDS * RECORD_SIZE);
  if (file == NULL)
    return;

  /* Whole records, each once, each thread's in its order.  */
  static bool seen[WRITERS][RECORDS];
  int next[WRITERS] = { 0 };
  int mixed = 0, duplicates = 0, out_of_order = 0, first_bad = -1;
  unsigned char want[RECORD_SIZE];
  memset (seen, 0, sizeof seen);
  for (size_t at = 0; at + RECORD_SIZE <= len; at += RECORD_SIZE)
    {
      const unsigned char *r = file + at;
      int thread = r[1], seq = r[2] << 8 | r[3];
      if (r[0] != 'R' || thread >= WRITERS || seq >= RECORDS)
	mixed++;
      else
	{
	  make_record (want, thread, seq);
	  if (memcmp (r, want, RECORD_SIZE) != 0)
	    mixed++;
	  else if (seen[thread][seq])
	    duplicates++;
	  else
	    {
	      seen[thread][seq] = true;
	      out_of_order += seq != next[thread];
	      next[thread] = seq + 1;
	      continue;
	    }
	}
      if (first_bad < 0)
	first_bad = at / RECORD_SIZE;
    }
  int missing = 0;
  for (int t = 0; t < WRITERS; t++)
    for (int s = 0; s < RECORDS; s++)
      missing += !seen[t][s];
  check (mixed == 0, "records unmixed",
	 "%d mixed or torn records, the first at record %d", mixed,
	 first_bad);
  CHECK_INT ("no record twice", duplicates, 0);
  CHECK_INT ("no record missing", missing, 0);
  CHECK_INT ("each thread's records in its order", out_of_order, 0);
  free (file);
}

int
main (void)
{

  harness_begin ("test-threads");
  size_t nruns;
  const struct harness_run *runs = harness_runs (&nruns);
  for (size_t r = 0; r < nruns; r++)
    {
      run_begin (&runs[r], NULL);
      run ();
      run_end ();
    }
  compare_runs ("results");
  return harness_end ();
}
