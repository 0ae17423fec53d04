#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# newlib's own testsuite (newlib-testsuite.sh): stock (DejaGnu runs its
# programs one at a time, as upstream's board does), ours plain, then
# ours $WARM_SUITE_RUNS times (default 3) through a warm server that its
# first launcher starts (NVPTX_RPC_WARM=start), each run timed and each
# warm run's results compared with the plain run's.  The server ends
# after 5 s idle, before this script does, so that no later run finds
# it.
# Usage: scripts/gpu-machine/newlib-warm.sh OUTDIR
set -u
out=$(mkdir -p "$1" && cd "$1" && pwd) || exit
here=$(cd "$(dirname "$0")" && pwd)
export NVPTX_RPC_WARM_IDLE=5

# suite NAME WARM [KIND]: the testsuite with KIND (default ours) into
# OUTDIR/NAME, $NVPTX_RPC_WARM set to WARM, timed; its results, sorted,
# in OUTDIR/NAME.results.
suite ()
{
  kind=${3:-ours}
  start=$(date +%s.%N)
  NVPTX_RPC_WARM=$2 "$here/newlib-testsuite.sh" $kind "$out/$1" \
    > "$out/$1.txt" 2>&1
  echo "$start $(date +%s.%N)" | awk -v n="$1" -v k=$kind \
    '{ printf "newlib testsuite, %s, %s: %.1f s\n", k, n, $2 - $1 }'
  grep -E '^[A-Z]+:' "$out/$1/newlib-$kind/newlib.sum" | sort \
    > "$out/$1.results"
  grep '^# of' "$out/$1/newlib-$kind/newlib.sum"
}

suite stock 0 stock
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
