#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# GCC's torture programs as torture-record.sh kept them
# ($GPU_PACK/torture-{ours,stock}.tar.xz), run by torture-replay.sh, for
# the rates of docs/performance.md ("Test suites"):
# 1. all of them through a warm server, 16 at once: first with CUDA's
#    JIT cache empty (a new $CUDA_CACHE_PATH), then $RATE_RUNS times
#    (default 3) with it filled, then once for each worker count of
#    $RATE_WORKERS (default "1 2 8"; the others with the launcher's);
# 2. the first $RATE_SAMPLE (default 300) programs by name: ours one at
#    a time (the serial run), ours 16 at once, stock one at a time (as
#    upstream's board, which runs each program under flock through
#    nvptx-run-single, gives it: stock's serial run), then stock 16 at
#    once (stock's programs had not run before the first of the two:
#    their first run's JIT is in its figure).
# Then each run's results (PASS or FAIL, and the status) are compared
# with its launcher's serial run's on the programs both ran.  Prints
# each run's totals and rate, and a PASS or FAIL line for each
# comparison; each run's .sum and phases ($NVPTX_RPC_PHASES) are in
# OUTDIR/RUN/.
# Usage: scripts/gpu-machine/torture-rates.sh OUTDIR
set -u
out=$(mkdir -p "$1" && cd "$1" && pwd) || exit
here=$(cd "$(dirname "$0")" && pwd)
pack=${GPU_PACK:-$here/../../.gpu-pack}
sample=${RATE_SAMPLE:-300}
export CUDA_CACHE_PATH=$out/jit-cache CUDA_CACHE_MAXSIZE=4294967296
rm -rf "$CUDA_CACHE_PATH"

# replay RUN KIND: KIND's run, its files in OUTDIR/RUN; the environment
# as the caller sets it.
replay ()
{
  recorded=$2
  [ $2 != warm ] || recorded=ours
  mkdir -p "$out/$1"
  printf '%-14s ' "$1:"
  NVPTX_RPC_PHASES=$out/$1/phases.txt \
    "$here/torture-replay.sh" $2 "$pack/torture-$recorded.tar.xz" \
    "$out/$1" 2>&1 | tail -1
  mv "$out/$1/torture-$2-run.sum" "$out/$1/run.sum"
}

# compare RUN [SERIAL]: RUN's results (PASS or FAIL, and the status)
# against those of the serial run SERIAL (default serial), on the
# programs both ran.
compare ()
{
  awk -F': ' -v run="$1" '
    { result = $1 " " $3 }
    NR == FNR { serial[$2] = result; next }
    $2 in serial {
      n++
      if (serial[$2] != result && ++differ <= 5)
	printf "  %s: serial %s, %s %s\n", $2, serial[$2], run, result }
    END {
      if (n > 0 && differ == 0)
	printf "PASS: %s: %d results as in the serial run\n", run, n
      else
	printf "FAIL: %s: %d of %d results differ from the serial run\n",
	  run, differ, n }' "$out/${2:-serial}/run.sum" "$out/$1/run.sum"
}

replay warm-cold warm
runs=warm-cold
for i in $(seq "${RATE_RUNS:-3}"); do
  replay warm-$i warm
  runs="$runs warm-$i"
done
for w in ${RATE_WORKERS-1 2 8}; do
  WARM_WORKERS=$w replay warm-w$w warm
  runs="$runs warm-w$w"
done
TORTURE_SAMPLE=$sample TORTURE_JOBS=1 replay serial ours
TORTURE_SAMPLE=$sample replay ours-16 ours
TORTURE_SAMPLE=$sample TORTURE_JOBS=1 replay stock-serial stock
TORTURE_SAMPLE=$sample replay stock-16 stock
for run in $runs ours-16; do
  compare $run
done
compare stock-16 stock-serial
