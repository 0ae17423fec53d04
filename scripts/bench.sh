#!/bin/sh
# Benchmark, not a test: our launcher against the stock nvptx-none-run on
# the same GPU, same binaries, same run.  Prints a table.
# Usage: scripts/bench.sh OUR_LAUNCHER STOCK_LAUNCHER GPU_BINDIR [REPEATS]
ours=$1 stock=$2 bindir=$3 repeats=${4:-3}

# Best wall-clock seconds of REPEATS runs of a command, stdout counted.
best ()
{
  best_s= bytes=
  for i in $(seq "$repeats"); do
    start=$(date +%s.%N)
    bytes=$("$@" | wc -c)
    end=$(date +%s.%N)
    best_s=$(awk -v a="$start" -v b="$end" -v best="$best_s" \
      'BEGIN { s = b - a; print (best == "" || s < best) ? s : best }')
  done
  printf '%8.2f s %10s B' "$best_s" "$bytes"
}

printf '%-36s | %-22s | %-22s\n' benchmark "nvptx-rpc launcher" "stock nvptx-none-run"
printf '%-36s-+-%-22s-+-%-22s\n' ------------------------------------ \
  ---------------------- ----------------------
for spec in "hello:hello" "printf flood, 400000 lines:flood 400000" \
	    "100000 one-byte write():write1 100000"; do
  name=${spec%%:*}; set -- ${spec#*:}; prog=$1; shift
  printf '%-36s | %s | %s\n' "$name" \
    "$(best "$ours" "$bindir/$prog.nvptx" "$@")" \
    "$(best "$stock" "$bindir/$prog.nvptx" "$@")"
done
