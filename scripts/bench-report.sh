#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Turn one recorded benchmark run into docs/performance.md's table and its
# plots: RUN_DIR holds bench.dat and bench.txt from scripts/bench.sh and
# gpu.txt (the GPU, its driver, the date).  Needs gnuplot (Debian:
# gnuplot-nox).  The table goes between the "bench:" markers of
# docs/performance.md; the plots to docs/performance-*.svg.
# Usage: scripts/bench-report.sh RUN_DIR
set -eu
run=$1
top=$(cd "$(dirname "$0")/.." && pwd)
doc=$top/docs/performance.md
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Columns for gnuplot: size, then MB/s of each path (? when not measured).
for kind in write read; do
  awk -v kind=$kind '
    { v[$1] = $2 }
    match($1, "^" kind "_(global|static|stack|stack64k)_[0-9]+$") { split($1, p, "_"); size[p[3]] = 1 }
    END {
      for (s in size) {
	printf "%s", s
	split("global static stack stack64k host_global", c, " ")
	for (i = 1; i <= 5; i++) {
	  k = (c[i] ~ /^host/ ? "host_" kind "_global_" : kind "_" c[i] "_") s
	  printf " %s", (k in v) ? v[k] : "?"
	}
	printf "\n"
      }
    }' "$run/bench.dat" | sort -n > "$work/$kind.dat"
done
floor_us=$(awk '$1 == "floor" { print $2 / 1000 }' "$run/bench.dat")

gnuplot <<EOF
set terminal svg size 960,440 font "sans,11"
set logscale x 2
set logscale y 10
set format x "%.0b %B"
set xlabel "bytes per call"
set key outside right top
set grid
set datafile missing "?"
set output "$top/docs/performance-throughput.svg"
set ylabel "MB/s"
set title "read() and write() throughput against size"
plot "$work/write.dat" u 1:2 w lp t "write, GPU heap buffer", \
     "$work/read.dat" u 1:2 w lp t "read, GPU heap buffer", \
     "$work/write.dat" u 1:3 w lp t "write, GPU static buffer", \
     "$work/read.dat" u 1:3 w lp t "read, GPU static buffer", \
     "$work/write.dat" u 1:4 w lp t "write, GPU stack buffer", \
     "$work/read.dat" u 1:4 w lp t "read, GPU stack buffer", \
     "$work/write.dat" u 1:5 w lp t "write, stack, --window 65536", \
     "$work/read.dat" u 1:5 w lp t "read, stack, --window 65536", \
     "$work/write.dat" u 1:6 w lp dt 2 t "write, host alone", \
     "$work/read.dat" u 1:6 w lp dt 2 t "read, host alone"
set output "$top/docs/performance-latency.svg"
set ylabel "microseconds per call"
set title "read() and write() time per call against size"
plot "$work/write.dat" u 1:(\$1/\$2) w lp t "write, GPU heap buffer", \
     "$work/read.dat" u 1:(\$1/\$2) w lp t "read, GPU heap buffer", \
     "$work/write.dat" u 1:(\$1/\$3) w lp t "write, GPU static buffer", \
     "$work/read.dat" u 1:(\$1/\$3) w lp t "read, GPU static buffer", \
     "$work/write.dat" u 1:(\$1/\$4) w lp t "write, GPU stack buffer", \
     "$work/read.dat" u 1:(\$1/\$4) w lp t "read, GPU stack buffer", \
     "$work/write.dat" u 1:(\$1/\$5) w lp t "write, stack, --window 65536", \
     "$work/read.dat" u 1:(\$1/\$5) w lp t "read, stack, --window 65536", \
     "$work/write.dat" u 1:(\$1/\$6) w lp dt 2 t "write, host alone", \
     "$work/read.dat" u 1:(\$1/\$6) w lp dt 2 t "read, host alone", \
     ${floor_us:-0} w l dt 3 t "bare mailbox exchange"
EOF

# The table, between the markers.
{
  sed '/^<!-- bench: begin -->$/q' "$doc"
  echo
  echo "Measured on $(head -1 "$run/gpu.txt"), $(sed -n 2p "$run/gpu.txt")."
  echo
  echo '```'
  cat "$run/bench.txt"
  echo '```'
  echo
  sed -n '/^<!-- bench: end -->$/,$p' "$doc"
} > "$work/doc"
cp "$work/doc" "$doc"
