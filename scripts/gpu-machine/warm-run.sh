#!/bin/bash
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# The warm launcher on a GPU machine, from a tree where "make check"
# built the test programs: hello's time through a warm server
# (nvptx-none-run --serve) and plain, PROGRAMS hellos 16 at once each
# way and with the stock launcher ($STOCK_RUN or /usr/bin/nvptx-none-run,
# if there; hello prints through CUDA's printf then): programs a second,
# every output checked; and our DejaGnu GPU
# suite through the server $WARM_SUITE_RUNS times (default 1), each
# timed and its results compared with a plain run's (OUTDIR/plain.sum,
# or a plain run made and timed here).  Logs go to OUTDIR.
# Usage: scripts/gpu-machine/warm-run.sh OUTDIR [PROGRAMS]
set -u
out=$(mkdir -p "$1" && cd "$1" && pwd) || exit
programs=${2:-160}
top=$(cd "$(dirname "$0")/../.." && pwd)
run=$top/nvptx-none-run hello=$top/testsuite/gpu/hello.nvptx

# suite DIR: the GPU suite, run from DIR, timed.
suite ()
{
  start=$(date +%s.%N)
  mkdir -p "$1" && (cd "$1" && runtest --tool nvptx-rpc \
    --srcdir "$top/testsuite" NVPTX_RUN="$run" \
    GPU_BINDIR="$top/testsuite/gpu" > /dev/null 2>&1)
  echo "$start $(date +%s.%N)" | awk -v d="$1" \
    '{ printf "the GPU suite, %s: %.1f s\n", d, $2 - $1 }'
}

# many KIND [LAUNCHER]: PROGRAMS hellos, 16 at once, by LAUNCHER
# (default ours); each must print its line.
many ()
{
  start=$(date +%s.%N)
  seq "$programs" | xargs -P16 -I{} "${2:-$run}" "$hello" \
    > "$out/many-$1.out" 2>&1
  end=$(date +%s.%N)
  echo "$start $end" | awk -v n="$programs" -v k="$1" \
    '{ printf "%d hellos, 16 at once, %s: %.2f s, %.1f programs/s\n", n, k, $2 - $1, n / ($2 - $1) }'
  sort "$out/many-$1.out" | uniq -c
}

[ -f "$out/plain.sum" ] || { suite "$out/plain" && cp "$out/plain/nvptx-rpc.sum" "$out/plain.sum"; }
# hellos KIND: hello 20 times one after another, then many.
hellos ()
{
  echo "hello x20, $1 (s):"
  for i in $(seq 20); do
    /usr/bin/time -f %e "$run" "$hello" 2>&1 > /dev/null
  done | sort -n | tr '\n' ' '
  echo
  many $1
}

. "$(dirname "$0")/warm-server.sh"
warm_server_start "$run" "$out/serve.log"
cat "$out/serve.log"
export NVPTX_RPC_WARM=1
hellos warm
for i in $(seq "${WARM_SUITE_RUNS:-1}"); do
  suite "$out/warm$i"
  grep "^# of" "$out/warm$i/nvptx-rpc.sum"
  if diff <(grep -E '^[A-Z]+:' "$out/plain.sum" | sort) \
	  <(grep -E '^[A-Z]+:' "$out/warm$i/nvptx-rpc.sum" | sort); then
    echo "PASS: the GPU suite through the warm server ($i): results as plain"
  else
    echo "FAIL: the GPU suite through the warm server ($i) differs from plain"
  fi
done
kill $warm_server
wait $warm_server
echo "the server ended on SIGTERM with status $?"
# Plain runs only once the server and its workers' contexts are gone.
export NVPTX_RPC_WARM=0
hellos plain
stock=${STOCK_RUN:-/usr/bin/nvptx-none-run}
[ ! -x "$stock" ] || many stock "$stock"
