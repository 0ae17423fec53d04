#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# "make check"'s bounded fuzzing of the server: build the libFuzzer
# targets with $FUZZ_CC $FUZZ_CFLAGS (from the Makefile), rpc-fuzz and
# rpc-fuzz-confined (the server in a sandbox, its oracle watching what
# is outside), and run each for $FUZZ_CHECK_SECONDS (default 30) from its
# seed corpus, all of it in a temporary directory, which is kept, crash
# input and log, on a failure.  SKIP (77) where that compiler cannot link
# a libFuzzer program.
: "${srcdir:=.}" "${FUZZ_CC:?}" "${FUZZ_CFLAGS:?}"
seconds=${FUZZ_CHECK_SECONDS:-30}
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
  echo "FAIL: $1: $2 (kept in $tmp)"
  exit 1
}

# fuzz NAME CORPUS [CFLAGS...]: build NAME and run it from CORPUS.
fuzz ()
{
  name=$1 corpus=$2
  shift 2
  $FUZZ_CC $FUZZ_CFLAGS "$@" -I"$srcdir/include" \
    -I"$srcdir/nvptx-tools-run-patch/server" -I"$srcdir/testsuite/host" \
    "$srcdir/testsuite/fuzz/rpc-fuzz.c" \
    "$srcdir"/nvptx-tools-run-patch/server/*.c \
    "$srcdir/testsuite/host/host-device.c" -o "$tmp/$name" \
    || fail "$name" "does not build"
  mkdir "$tmp/found-$name" "$tmp/scratch-$name"
  # The target's scratch directory goes in TMPDIR.
  if TMPDIR="$tmp/scratch-$name" "$tmp/$name" -max_total_time="$seconds" \
       -max_len=16384 -timeout=10 -print_final_stats=1 \
       -artifact_prefix="$tmp/$name-" "$tmp/found-$name" "$corpus" \
       > "$tmp/$name.log" 2>&1
  then
    grep -E '^(#[0-9]+[[:space:]]+DONE|stat::number_of_executed_units)' \
      "$tmp/$name.log"
    echo "PASS: $name: $seconds seconds, no crash, hang or invariant violation"
  else
    tail -40 "$tmp/$name.log"
    fail "$name" "found a failing input, the $name-crash-*, leak-*, timeout-* or oom-* file"
  fi
}

fuzz rpc-fuzz "$srcdir/testsuite/fuzz/corpus"
fuzz rpc-fuzz-confined "$srcdir/testsuite/fuzz/corpus-confined" \
  -DRPC_FUZZ_CONFINED
