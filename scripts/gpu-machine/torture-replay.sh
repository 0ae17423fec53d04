#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Run the programs torture-record.sh kept, through KIND's launcher
# (ours: this tree's; warm: this tree's through a warm server of its
# workers, started for the run; stock: $STOCK_RUN or
# /usr/bin/nvptx-none-run), as DejaGnu's sim_load runs them: PASS if the
# program exits 0.  $TORTURE_JOBS run at once (default 16), each with the
# launcher options it was recorded with and for at most 300 s, the
# board's limit; $TORTURE_SAMPLE: only the first N programs by name.
# Usage: scripts/gpu-machine/torture-replay.sh ours|warm|stock TARBALL
#          OUTDIR [DONE]
# Writes OUTDIR/torture-KIND-run.sum: "PASS: NAME" or "FAIL: NAME: status
# N: first line of stderr", sorted, and prints the totals and the
# programs a second.  warm runs the programs recorded as ours.  The
# programs that DONE, the .sum of an earlier run cut short, lists are not
# run again.
set -eu
kind=$1 tarball=$2 done_sum=${4:-}
out=$(mkdir -p "$3" && cd "$3" && pwd)
[ -z "$done_sum" ] \
  || done_sum=$(cd "$(dirname "$done_sum")" && pwd)/$(basename "$done_sum")
top=$(cd "$(dirname "$0")/../.." && pwd)
case $kind in
  ours|warm) launcher=$top/nvptx-none-run ;;
  stock) launcher=${STOCK_RUN:-/usr/bin/nvptx-none-run} ;;
  *) echo "usage: $0 ours|warm|stock TARBALL OUTDIR [DONE]" >&2; exit 2 ;;
esac
[ -x "$launcher" ] || { echo "$0: no launcher $launcher" >&2; exit 1; }
work=$(mktemp -d)
results=$out/results-$kind
# On exit, also when the run is cut short: the .sum of whatever finished,
# and its totals.
summarize ()
{
  # The server ends on SIGTERM with status 143, which is no failure here.
  [ -z "${warm_server:-}" ] \
    || { kill "$warm_server"; wait "$warm_server" || :; }
  cat "$results"/*.result 2> /dev/null | sort > "$out/torture-$kind-run.sum"
  rm -rf "$work"
  ran=$(wc -l < "$out/torture-$kind-run.sum")
  seconds=$(awk -v a="${start:-0}" -v b="$(date +%s.%N)" \
	     'BEGIN { printf "%.1f", (a > 0 ? b - a : 0) }')
  echo "$kind: $(grep -c '^PASS' "$out/torture-$kind-run.sum") PASS," \
    "$(grep -c '^FAIL' "$out/torture-$kind-run.sum") FAIL; $ran programs" \
    "in $seconds s, $(awk -v n="$ran" -v s="$seconds" \
		       'BEGIN { printf "%.1f", (s > 0 ? n / s : 0) }') programs/s"
}
trap 'rm -rf "$work"' EXIT
trap 'exit 143' TERM INT HUP
tar -C "$work" -xJf "$tarball"
ls "$work"/programs/*.options > /dev/null 2>&1 \
  || { echo "$0: $tarball has no .options files: record it again" >&2
       exit 1; }
trap summarize EXIT
rm -rf "$results"; mkdir "$results"
cd "$work/programs"
[ -z "$done_sum" ] \
  || sed 's/^[A-Z]*: \([^:]*\).*/\1/' "$done_sum" | while read -r name; do
       rm -f "./$name" "./$name.options"
     done
if [ $kind = warm ]; then
  . "$top/scripts/gpu-machine/warm-server.sh"
  warm_server_start "$launcher" "$out/serve.log"
  export NVPTX_RPC_WARM=1
else
  export NVPTX_RPC_WARM=0
fi
start=$(date +%s.%N)
# timeout --foreground: a limit around this script reaches the launchers.
ls | grep -v '\.options$' | head -n "${TORTURE_SAMPLE:-1000000}" \
  | xargs -P "${TORTURE_JOBS:-16}" -I {} sh -c '
  timeout --foreground 300 "$1" $(cat "$2.options") "./$2" > /dev/null \
    2> "$3/$2.err" < /dev/null
  status=$?
  if [ $status = 0 ]; then echo "PASS: $2"
  else echo "FAIL: $2: status $status: $(head -1 "$3/$2.err")"; fi \
    > "$3/$2.result"' sh "$launcher" {} "$results"
