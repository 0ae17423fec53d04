#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# newlib's own testsuite with ours (newlib-testsuite.sh), plain, then
# $WARM_SUITE_RUNS times (default 3) through a warm server that its
# first launcher starts (NVPTX_RPC_WARM=start), each run timed and each
# warm run's results compared with the plain run's.  The server ends
# after 5 s idle, before this script does, so that no later run finds
# it.
# Usage: scripts/gpu-machine/newlib-warm.sh OUTDIR
set -u
out=$(mkdir -p "$1" && cd "$1" && pwd) || exit
here=$(cd "$(dirname "$0")" && pwd)
export NVPTX_RPC_WARM_IDLE=5

# suite NAME WARM: the testsuite into OUTDIR/NAME, $NVPTX_RPC_WARM set to
# WARM, timed; its results, sorted, in OUTDIR/NAME.results.
suite ()
{
  start=$(date +%s.%N)
  NVPTX_RPC_WARM=$2 "$here/newlib-testsuite.sh" ours "$out/$1" \
    > "$out/$1.txt" 2>&1
  echo "$start $(date +%s.%N)" | awk -v n="$1" \
    '{ printf "newlib testsuite, ours, %s: %.1f s\n", n, $2 - $1 }'
  grep -E '^[A-Z]+:' "$out/$1/newlib-ours/newlib.sum" | sort \
    > "$out/$1.results"
  grep '^# of' "$out/$1/newlib-ours/newlib.sum"
}

suite plain 0
for i in $(seq "${WARM_SUITE_RUNS:-3}"); do
  suite warm$i start
  if cmp -s "$out/plain.results" "$out/warm$i.results"; then
    echo "PASS: newlib testsuite through the warm server ($i): results as plain"
  else
    echo "FAIL: newlib testsuite through the warm server ($i) differs from plain"
    diff "$out/plain.results" "$out/warm$i.results" | head -5
  fi
done
sleep 7
