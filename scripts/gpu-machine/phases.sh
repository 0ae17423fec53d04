#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Where a program's time goes, on a GPU machine, from each run's phases
# ($NVPTX_RPC_PHASES, docs/testing.md):
# 1. plain: hello.nvptx 10 times one after another; the first
#    $PHASES_SAMPLE (default 128) torture programs recorded as ours
#    ($GPU_PACK/torture-ours.tar.xz, torture-replay.sh) one at a time,
#    then 16 at once; idle.nvptx 1 (a kernel computing 1 s without a
#    call) alone, then 16 at once, which shows whether the kernels of
#    several processes run at once on the GPU;
# 2. through a warm server of W workers, for each W of $PHASES_WORKERS
#    (default 4): the same hellos, the torture programs 16 at once,
#    and the 16 idle kernels.
# Each torture run's results are compared with the one-at-a-time run's.
# Prints, for each run, the wall clock and, for each phase, its sum,
# median and largest in milliseconds; the phase lines stay in
# OUTDIR/phases-RUN.txt.
# Usage: scripts/gpu-machine/phases.sh OUTDIR
set -u
out=$(mkdir -p "$1" && cd "$1" && pwd) || exit
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
run=$top/nvptx-none-run gpu=$top/testsuite/gpu
torture=${GPU_PACK:-$top/.gpu-pack}/torture-ours.tar.xz
. "$here/warm-server.sh"

# summary RUN SECONDS: RUN's phases; the wall clock SECONDS.
summary ()
{
  awk -v run="$1" -v wall="$2" '
    { n++
      for (i = 2; i < NF; i += 2) {
	if (!($i in seen)) { seen[$i] = 1; names[++k] = $i }
	v[$i, ++c[$i]] = $(i + 1); sum[$i] += $(i + 1)
	if ($(i + 1) > max[$i]) max[$i] = $(i + 1) } }
    END {
      printf "%s: %d programs in %.2f s, %.2f programs/s\n", run, n, wall,
	(wall > 0 ? n / wall : 0)
      for (j = 1; j <= k; j++) {
	p = names[j]
	# The median, by a sort of the phase values (few).
	m = c[p]
	for (x = 1; x <= m; x++) a[x] = v[p, x]
	for (x = 2; x <= m; x++)
	  for (y = x; y > 1 && a[y - 1] > a[y]; y--) {
	    t = a[y]; a[y] = a[y - 1]; a[y - 1] = t }
	printf "  %-8s sum %10.1f  median %8.1f  max %8.1f\n", p, sum[p],
	  a[int ((m + 1) / 2)], max[p] } }' "$out/phases-$1.txt"
}

# timed RUN CMD...: CMD with every launcher's phases in
# OUTDIR/phases-RUN.txt, then RUN's summary.
timed ()
{
  name=$1; shift
  rm -f "$out/phases-$name.txt"
  start=$(date +%s.%N)
  NVPTX_RPC_PHASES=$out/phases-$name.txt "$@"
  end=$(date +%s.%N)
  summary "$name" "$(echo "$start $end" | awk '{ print $2 - $1 }')"
}

hellos ()
{
  for i in $(seq 10); do "$run" "$gpu/hello.nvptx"; done > /dev/null
}
idles ()
{
  seq "$1" | xargs -P "$1" -I{} "$run" "$gpu/idle.nvptx" 1 > /dev/null
}
replay ()
{
  # Its own count: from its programs' start, past the server's.
  TORTURE_JOBS=$2 TORTURE_SAMPLE=${PHASES_SAMPLE:-128} \
    "$here/torture-replay.sh" "$1" "$torture" "$out/$3" | tail -1
  # Each result and status, not the first line of stderr.
  cut -d: -f1-3 "$out/$3/torture-$1-run.sum" | sort > "$out/$3.sum"
}

# same RUN: whether torture run RUN gave the one-at-a-time run's results.
same ()
{
  if cmp -s "$out/torture-1-plain.sum" "$out/$1.sum"; then
    echo "PASS: $1: results as one at a time"
  else
    echo "FAIL: $1: results differ from one at a time"
    diff "$out/torture-1-plain.sum" "$out/$1.sum" | head
  fi
}

export NVPTX_RPC_WARM=0
timed hello-plain hellos
timed torture-1-plain replay ours 1 torture-1-plain
timed torture-16-plain replay ours 16 torture-16-plain
same torture-16-plain
timed idle-1 idles 1
timed idle-16-plain idles 16

# torture-replay.sh starts a server of its own for its warm run.
for w in ${PHASES_WORKERS:-4}; do
  export WARM_WORKERS=$w
  timed torture-16-warm-$w replay warm 16 torture-16-warm-$w
  same torture-16-warm-$w
  warm_server_start "$run" "$out/serve-$w.log"
  export NVPTX_RPC_WARM=1
  timed hello-warm-$w hellos
  timed idle-16-warm-$w idles 16
  kill "$warm_server"
  wait "$warm_server"
  export NVPTX_RPC_WARM=0
done
