#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# "make check"'s bounded fuzzing of the server: build the libFuzzer target
# with $FUZZ_CC $FUZZ_CFLAGS (from the Makefile) and run it for
# $FUZZ_CHECK_SECONDS (default 60) from the seed corpus, all of it in a
# temporary directory, which is kept, crash input and log, on a failure.
# SKIP (77) where that compiler cannot link a libFuzzer program.
: "${srcdir:=.}" "${FUZZ_CC:?}" "${FUZZ_CFLAGS:?}"
seconds=${FUZZ_CHECK_SECONDS:-60}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

printf 'int LLVMFuzzerTestOneInput (const char *d, unsigned long n) { return 0; }\n' \
  > "$tmp/probe.c"
if ! $FUZZ_CC $FUZZ_CFLAGS "$tmp/probe.c" -o "$tmp/probe" > "$tmp/probe.log" 2>&1
then
  head -5 "$tmp/probe.log"
  echo "SKIP: rpc-fuzz: $FUZZ_CC cannot link a libFuzzer program"
  exit 77
fi

fail ()
{
  trap - EXIT
  echo "FAIL: rpc-fuzz: $* (kept in $tmp)"
  exit 1
}

$FUZZ_CC $FUZZ_CFLAGS -I"$srcdir/include" -I"$srcdir/nvptx-tools-run-patch" \
  -I"$srcdir/testsuite/host" "$srcdir/testsuite/fuzz/rpc-fuzz.c" \
  "$srcdir/nvptx-tools-run-patch/rpc-server.c" \
  "$srcdir/testsuite/host/host-device.c" -o "$tmp/rpc-fuzz" \
  || fail "does not build"
mkdir "$tmp/found" "$tmp/scratch"
# The target's scratch directory goes in TMPDIR.
if TMPDIR="$tmp/scratch" "$tmp/rpc-fuzz" -max_total_time="$seconds" \
     -max_len=16384 -timeout=10 -print_final_stats=1 \
     -artifact_prefix="$tmp/" "$tmp/found" "$srcdir/testsuite/fuzz/corpus" \
     > "$tmp/fuzz.log" 2>&1
then
  grep -E '^(#[0-9]+[[:space:]]+DONE|stat::number_of_executed_units)' \
    "$tmp/fuzz.log"
  echo "PASS: rpc-fuzz: $seconds seconds, no crash, hang or invariant violation"
else
  tail -40 "$tmp/fuzz.log"
  fail "found a failing input, the crash-*, leak-*, timeout-* or oom-* file"
fi
