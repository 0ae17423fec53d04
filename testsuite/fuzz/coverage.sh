#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# What the fuzzers execute of the server: build rpc-fuzz and
# rpc-fuzz-confined with clang's source-based coverage, run each for
# SECONDS (default 60) from its seed corpus, and print llvm-cov's summary
# of the server (nvptx-tools-run-patch/server/*.c) for each and for both
# together, and how often each of the sandbox's functions ran.  Run from the source tree:
#   testsuite/fuzz/coverage.sh [SECONDS]
: "${FUZZ_CC:=clang}" "${LLVM_PROFDATA:=llvm-profdata}" "${LLVM_COV:=llvm-cov}"
seconds=${1:-60}
srcdir=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sandbox_functions='rpc_server_confine open_beneath path_beneath_root
  server_sandbox_cwd openat2_retrying loop_errno open_null_device
  server_fd_change_refused proc_file_refused take_entry'

for name in rpc-fuzz rpc-fuzz-confined; do
  case $name in *confined) define=-DRPC_FUZZ_CONFINED corpus=corpus-confined ;;
		*) define= corpus=corpus ;; esac
  $FUZZ_CC -g -O1 -fsanitize=fuzzer -fprofile-instr-generate \
    -fcoverage-mapping $define -I"$srcdir/include" \
    -I"$srcdir/nvptx-tools-run-patch/server" -I"$srcdir/testsuite/host" \
    "$srcdir/testsuite/fuzz/rpc-fuzz.c" \
    "$srcdir"/nvptx-tools-run-patch/server/*.c \
    "$srcdir/testsuite/host/host-device.c" -o "$tmp/$name" || exit 1
  mkdir "$tmp/found-$name" "$tmp/scratch-$name"
  LLVM_PROFILE_FILE="$tmp/$name.profraw" TMPDIR="$tmp/scratch-$name" \
    "$tmp/$name" -max_total_time="$seconds" -max_len=16384 -timeout=10 \
    -print_final_stats=1 "$tmp/found-$name" "$srcdir/testsuite/fuzz/$corpus" \
    > "$tmp/$name.log" 2>&1 || { tail -20 "$tmp/$name.log"; exit 1; }
  $LLVM_PROFDATA merge -o "$tmp/$name.profdata" "$tmp/$name.profraw"
done

report ()
{
  title=$1 binary=$2 profile=$3
  echo "== $title: the server"
  $LLVM_COV report "$binary" -instr-profile="$profile" \
    "$srcdir"/nvptx-tools-run-patch/server/*.c \
    | awk '$1 == "TOTAL" { printf "  regions %s, functions %s, lines %s, branches %s\n", $4, $7, $10, $13 }'
  # Each function's execution count, from the export's "count" and
  # "name" (static functions as PART.c:NAME).
  $LLVM_COV export "$binary" -instr-profile="$profile" \
    "$srcdir"/nvptx-tools-run-patch/server/*.c \
    | grep -o '"count":[0-9]*,"filenames":\[[^]]*\],"name":"[^"]*"' \
    | sed 's/"count":\([0-9]*\),.*"name":"\([^"]*\)"/\2 \1/; s/^[a-z-]*\.c://' \
    > "$tmp/counts"
  for f in $sandbox_functions; do
    awk -v f="$f" '$1 == f { printf "  %-20s %s calls\n", f, $2 }' \
      "$tmp/counts"
  done
}
for name in rpc-fuzz rpc-fuzz-confined; do
  grep -E '^stat::number_of_executed_units' "$tmp/$name.log" \
    | sed "s/^/$name: /"
  report "$name, $seconds seconds" "$tmp/$name" "$tmp/$name.profdata"
done
$LLVM_PROFDATA merge -o "$tmp/both.profdata" "$tmp/rpc-fuzz.profdata" \
  "$tmp/rpc-fuzz-confined.profdata"
report "both" "$tmp/rpc-fuzz-confined" "$tmp/both.profdata"
