#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# The benchmark ("make bench"), on a GPU machine: nvptx-rpc's costs against
# the floor of a mailbox exchange, the host doing the same I/O alone, and
# the stock nvptx-none-run, all in this one run.  Prints a table and
# leaves every measurement, one "name value unit" line each, in DATA
# (default bench.dat), which scripts/bench-report.sh turns into
# docs/performance.md and its plots.
# Usage: scripts/bench.sh OUR_LAUNCHER STOCK_LAUNCHER GPU_BINDIR [DATA]
# $BENCH_OFFLOAD: the nvptx-rpc-offload runner, to time OpenMP threads
# calling at once (GPU_BINDIR/../offload/calls.omp; needs libgomp and its
# nvptx plugin);
# $BENCH_DIR: where the I/O runs (default: a fresh directory in $TMPDIR);
# $BENCH_SIZES, $BENCH_STACK_SIZES, $BENCH_STDIO_SIZES,
# $BENCH_POSITIONED_SIZES (pread and pwrite): transfer sizes;
# $BENCH_REPEATS: runs of each timed program, the best and the median
# recorded (default 5); $BENCH_HELLO_REPEATS: the same for hello
# (default 30), which the driver's start-up times more than its own
# work; $BENCH_IDLE_SECONDS: how long idle.nvptx's kernel computes
# without a call while the launcher's CPU time is taken (default 3).
set -u
ours=$1 stock=$2 bindir=$3 data=${4:-bench.dat}
repeats=${BENCH_REPEATS:-5}
hello_repeats=${BENCH_HELLO_REPEATS:-30}
[ "$repeats" -ge 1 ] && [ "$hello_repeats" -ge 1 ] \
  || { echo "$0: repeats must be at least 1" >&2; exit 2; }
sizes=${BENCH_SIZES:-4096 65536 1048576 16777216 268435456 1073741824}
stack_sizes=${BENCH_STACK_SIZES:-1024 4096 16384 65536 262144}
stdio_sizes=${BENCH_STDIO_SIZES:-100 4096}
positioned_sizes=${BENCH_POSITIONED_SIZES:-65536 1048576}
dir=${BENCH_DIR:-$(mktemp -d)}
bench=$bindir/bench.nvptx
# The sizes that decide whether the client moves a write or a read of a
# stack buffer through the stage or the window, and the two windows the
# stack's transfers are timed at.
rpc_h=$(cd "$(dirname "$0")/.." && pwd)/newlib-nvptx-rpc/rpc.h
define () { sed -n "s/^#define $1 \([0-9]*\)$/\1/p" "$rpc_h"; }
direct_min=$(define NVPTX_RPC_DIRECT_MIN)
direct_read_min=$(define NVPTX_RPC_DIRECT_READ_MIN)
small_window=1024 large_window=65536
: > "$data"

# Record one measurement.
record () { echo "$1 $2 $3" >> "$data"; }

# Wall-clock seconds of RUNS runs of PROGRAM under each launcher, taken
# in turns so that a slow spell of the driver's start-up falls on both;
# each one's standard output counted in bytes.  Recorded as
# ours_NAME_seconds (the best run), ours_NAME_median (the lower median
# for an even RUNS), ours_NAME_bytes, and the same for stock.
compare ()
{
  name=$1 runs=$2; shift 2
  for launcher in ours stock; do : > "$dir/times.$launcher"; done
  for i in $(seq "$runs"); do
    for launcher in ours stock; do
      eval "run=\$$launcher"
      start=$(date +%s.%N)
      bytes=$("$run" "$@" | wc -c)
      end=$(date +%s.%N)
      echo "$start $end" | awk '{ print $2 - $1 }' >> "$dir/times.$launcher"
      eval "bytes_$launcher=\$bytes"
    done
  done
  for launcher in ours stock; do
    sort -g "$dir/times.$launcher" \
      | awk -v k="${launcher}_$name" '{ t[NR] = $1 }
	  END { printf "%s_seconds %s s\n%s_median %s s\n", k, t[1], k,
		       t[int ((NR + 1) / 2)] }' >> "$data"
    eval "record ${launcher}_${name}_bytes \$bytes_$launcher B"
  done
}

# The CPU seconds (user and system) that launcher RUN spends while a
# kernel computes without a call (idle.nvptx) for IDLE_SECONDS, and that
# wall time: recorded as NAME_idle_cpu and NAME_idle_wall.  Each is the
# median of three runs of IDLE_SECONDS less the median of three of
# 0.01 s, interleaved, so the driver's start-up and teardown, which are
# not the kernel-wait loop's, cancel out; the short runs' own figures
# are NAME_start_cpu and NAME_start_wall.  The shell's "times" gives its
# children's CPU, the launcher's alone in the subshell, with no
# dependence on GNU time.
idle_seconds=${BENCH_IDLE_SECONDS:-3}
launcher_cpu ()
{
  start=$(date +%s.%N)
  ( "$1" "$bindir/idle.nvptx" "$2" > /dev/null; times ) \
    | awk -v start="$start" -v end_cmd='date +%s.%N' '
	NR == 2 { n = split ($0, f, /[ ms]+/); cpu = 0
		  for (i = 1; i < n; i += 2) cpu += f[i] * 60 + f[i + 1]
		  end_cmd | getline end
		  print cpu, end - start }'
}
idle_cpu ()
{
  name=$1 run=$2
  for i in 1 2 3; do
    launcher_cpu "$run" 0.01 | sed 's/^/short /'
    launcher_cpu "$run" "$idle_seconds" | sed 's/^/long /'
  done | awk -v name="$name" '
    function median(a,   x, y, t) {
      # Three values: sort them in place.
      for (x = 1; x <= 3; x++) for (y = x + 1; y <= 3; y++)
	if (a[y] < a[x]) { t = a[x]; a[x] = a[y]; a[y] = t }
      return a[2] }
    { n[$1]++; cpu[$1, n[$1]] = $2; wall[$1, n[$1]] = $3 }
    END {
      for (k = 1; k <= 3; k++) {
	sc[k] = cpu["short", k]; sw[k] = wall["short", k]
	lc[k] = cpu["long", k]; lw[k] = wall["long", k] }
      s_cpu = median(sc); s_wall = median(sw)
      printf "%s_start_cpu %g s\n%s_start_wall %g s\n", name, s_cpu, name,
	s_wall
      printf "%s_idle_cpu %g s\n%s_idle_wall %g s\n", name,
	median(lc) - s_cpu, name, median(lw) - s_wall }' >> "$data"
}

# The GPU program's own measurements, and the host-only reference.  A
# gigabyte in GPU memory needs a heap to match.
"$ours" "$bench" calls 20000 >> "$data" || echo "bench calls failed" >&2
"$ours" "$bench" lanes 2000 >> "$data"
"$ours" -L 32 "$bench" lanes 2000 >> "$data"
"$ours" -H 2147483648 "$bench" io "$dir" global $sizes >> "$data"
"$ours" "$bench" io "$dir" static $sizes >> "$data"
"$ours" -H 2147483648 "$bench" io "$dir" positioned $positioned_sizes \
  >> "$data"
"$ours" --window $small_window "$bench" io "$dir" stack $stack_sizes \
  >> "$data"
"$ours" --window $large_window "$bench" io "$dir" stack $stack_sizes \
  | sed 's/_stack_/_stack64k_/; s/^\(sta\(ck\|ge\)\)_copy_/\164k_copy_/' \
  >> "$data"
"$bindir/bench.native" io "$dir" global $sizes | sed 's/^/host_/' >> "$data"
"$ours" "$bench" io "$dir" stdio $stdio_sizes >> "$data"
"$ours" "$bench" io "$dir" stdio1k $stdio_sizes >> "$data"
"$bindir/bench.native" io "$dir" stdio $stdio_sizes | sed 's/^/host_/' \
  >> "$data"
if [ -n "${BENCH_OFFLOAD:-}" ]; then
  "$BENCH_OFFLOAD" "$bindir/../offload/calls.omp" > "$dir/calls.out" \
    || echo "offload calls failed" >&2
  grep '^offload_' "$dir/calls.out" >> "$data"
fi

idle_cpu ours "$ours"
idle_cpu stock "$stock"
compare hello "$hello_repeats" "$bindir/hello.nvptx"
compare flood "$repeats" "$bindir/flood.nvptx" 400000
compare write1 "$repeats" "$bindir/write1.nvptx" 100000
[ -n "${BENCH_DIR:-}" ] || rm -rf "$dir"

# The table: each figure against its reference, as a ratio.
awk -v direct_min="$direct_min" -v direct_read_min="$direct_read_min" \
    -v small_window="$small_window" -v large_window="$large_window" '
  { v[$1] = $2 }
  function row(what, a, unit, b, ref, want,   r) {
    if (!(a in v) || !(b in v)) return
    r = v[b] > 0 ? v[a] / v[b] : 0
    printf "%-40s %12.2f %-5s %12.2f  %-28s %6.2f  %s\n", what, v[a], unit,
	   v[b], ref, r, want
  }
  # Whether rpc.c moves a write (K 1) or a read (K 2) of SIZE bytes on
  # the stack through the stage, at WINDOW bytes: a write only when it
  # does not fit in the window.
  function staged(k, size, window) {
    if (k == 2)
      return size >= direct_read_min
    return size >= direct_min && size > window
  }
  END {
    printf "%-40s %12s %-5s %12s  %-28s %6s  %s\n", "figure", "nvptx-rpc", "",
	   "reference", "", "ratio", "target"
    row("empty call (lseek SEEK_CUR)", "lseek", "ns", "floor",
	"ns, bare mailbox exchange", "<= 1.5")
    row("launcher CPU while a kernel runs without calls", "ours_idle_cpu",
	"s", "ours_idle_wall", "s, wall clock", "<= 0.05")
    row("stock launcher CPU, the same kernel", "stock_idle_cpu", "s",
	"stock_idle_wall", "s, wall clock", "")
    row("bare exchange, a whole request stored", "floor_whole_request",
	"ns", "floor", "ns, bare mailbox exchange", "")
    row("bare exchange under a GPU lock", "floor_locked", "ns", "floor",
	"ns, bare mailbox exchange", "")
    row("NOP through __nvptx_rpc_call", "nop_call", "ns", "floor",
	"ns, bare mailbox exchange", "")
    row("empty call, taking the locks", "lseek_locking", "ns", "floor",
	"ns, bare mailbox exchange", "")
    row("NOP through __nvptx_rpc_call, locking", "nop_call_locking", "ns",
	"floor", "ns, bare mailbox exchange", "")
    row("one-byte write()", "write1", "ns", "floor",
	"ns, bare mailbox exchange", "")
    row("32 lanes calling at once", "lanes32", "/s", "lanes1",
	"calls/s, one lane", "")
    row(sprintf("%d OpenMP threads calling at once", v["offload_threads"]),
	"offload_calls_many", "/s", "offload_calls_one",
	"calls/s, one OpenMP thread", "")
    row("fprintf of a flood line to /dev/null", "fprintf", "ns", "snprintf",
	"ns, newlib formatting it", "")
    row("the same, taking the locks", "fprintf_locking", "ns", "snprintf",
	"ns, newlib formatting it", "")
    row("formatting a flood line (format.c)", "format", "ns", "snprintf",
	"ns, newlib formatting it", "")
    row("fprintf of a %g line to /dev/null", "fprintf_float", "ns", "snprintf",
	"ns, newlib formatting \"line %ld\"", "")
    n = split("'"$sizes"'", s, " ")
    for (i = 1; i <= n; i++)
      for (k = 1; k <= 2; k++) {
	op = k == 1 ? "write" : "read"
	row(sprintf("%s %d B, heap buffer", op, s[i]),
	    op "_global_" s[i], "MB/s", "host_" op "_global_" s[i],
	    "MB/s, host alone", i == n ? ">= 0.8" : "")
	row(sprintf("%s %d B, static buffer", op, s[i]),
	    op "_static_" s[i], "MB/s", "host_" op "_global_" s[i],
	    "MB/s, host alone", i == n ? ">= 0.8" : "")
      }
    # pread and pwrite against read and write of the same heap buffer, in
    # this run: the same transfer at an offset.
    n = split("'"$positioned_sizes"'", s, " ")
    for (i = 1; i <= n; i++)
      for (k = 1; k <= 2; k++) {
	op = k == 1 ? "write" : "read"
	row(sprintf("p%s %d B, heap buffer", op, s[i]),
	    "p" op "_global_" s[i], "MB/s", op "_global_" s[i],
	    "MB/s, " op " of it", s[i] == 1048576 ? ">= 0.8" : "")
      }
    # Stack buffers at windows of 1 KiB and 64 KiB, through the window or
    # the stage as rpc.c chooses: against the store or load limit of the
    # larger window, and against the copy alone on their path.
    n = split("'"$stack_sizes"'", s, " ")
    for (i = 1; i <= n; i++)
      for (k = 1; k <= 2; k++)
	for (w = 1; w <= 2; w++) {
	  op = k == 1 ? "write" : "read"
	  lim = (k == 1 ? "store" : "load") "_limit_" large_window
	  dir = k == 1 ? "out_" : "in_"
	  win = w == 1 ? "" : "64k"
	  what = sprintf("%s %d B, stack%s", op, s[i],
			 w == 1 ? " buffer" : ", 64 KiB window")
	  row(what, op "_stack" win "_" s[i], "MB/s", lim,
	      "MB/s, one thread to host mem", i == n && w == 1 ? ">= 0.9" : "")
	  if (staged(k, s[i], w == 1 ? small_window : large_window))
	    row(what, op "_stack" win "_" s[i], "MB/s",
		"stage" win "_copy_" dir s[i], "MB/s, the stage copy alone",
		"")
	  else
	    row(what, op "_stack" win "_" s[i], "MB/s",
		"stack" win "_copy_" dir s[i], "MB/s, the window copy alone",
		"")
	}
    # fwrite and fread through a FILE: its own buffer, against the host
    # alone and against a buffer of 1 KiB.
    n = split("'"$stdio_sizes"'", s, " ")
    for (i = 1; i <= n; i++)
      for (k = 1; k <= 2; k++) {
	op = k == 1 ? "write" : "read"
	row(sprintf("%s %d B, stdio", op, s[i]), op "_stdio_" s[i], "MB/s",
	    "host_" op "_stdio_" s[i], "MB/s, host alone", "")
	row(sprintf("%s %d B, stdio", op, s[i]), op "_stdio_" s[i], "MB/s",
	    op "_stdio1k_" s[i], "MB/s, a 1 KiB buffer", "")
      }
    row("printf flood, 400000 lines", "ours_flood_seconds", "s",
	"stock_flood_seconds", "s, stock launcher", "<= 0.33")
    row("hello", "ours_hello_seconds", "s", "stock_hello_seconds",
	"s, stock launcher", "<= 1.05")
    row("hello, the median run", "ours_hello_median", "s",
	"stock_hello_median", "s, stock launcher", "")
    row("100000 one-byte write()", "ours_write1_seconds", "s",
	"stock_write1_seconds", "s, stock launcher", "")
    if (v["ours_flood_bytes"] != v["stock_flood_bytes"])
      printf "flood: %d bytes from ours, %d from stock\n",
	     v["ours_flood_bytes"], v["stock_flood_bytes"]
  }' "$data"
