#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# residue.sh OUTDIR [OLD_LAUNCHER]: whether a program's device memory
# reaches the next program of a warm worker, and what zeroing the
# blocks free gives back costs (docs/security.md, "The warm launcher").
#
# residue.c leaves a pattern in a 64 MiB malloc, small blocks, 16 KiB of
# stack and a 1 MiB global; the next program looks for it in its own.
# Pairs run plain, through a server of one worker of OLD_LAUNCHER (an
# earlier launcher, if given) and of this tree's, at the default stack
# and at 256 KiB.  Then the cost: the run phase ($NVPTX_RPC_PHASES) of
# 10 leaves, which free 64 MiB and 1,280 small blocks, plain (free does
# not zero) and warm (it does), and 160 hellos 16 at once through each
# server with its default workers, at the default stack and at -S 24576,
# in programs a second.  Prints a line a result; OUTDIR keeps the logs.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
out=$1
old=${2:-}
nvptx=$top/nvptx-none-run
hello=$top/testsuite/gpu/hello.nvptx
prog=$out/residue.nvptx
mkdir -p "$out"
if command -v nvptx-none-gcc > /dev/null; then
  nvptx-none-gcc -O2 -Wall -mmainkernel "$here/residue.c" -o "$prog"
else
  cp "$top/.gpu-pack/residue.nvptx" "$prog"
fi
server=
trap '[ -z "$server" ] || kill -TERM $server 2> /dev/null' EXIT

# serve LAUNCHER NAME [OPTION...]: a server, its socket in a directory
# of its own, waited for.
serve ()
{
  launcher=$1 name=$2
  shift 2
  XDG_RUNTIME_DIR=$out/run-$name
  export XDG_RUNTIME_DIR
  mkdir -p -m 700 "$XDG_RUNTIME_DIR"
  "$launcher" --serve "$@" 2> "$out/$name-server.err" &
  server=$!
  for i in $(seq 300); do
    grep -q "ready at" "$out/$name-server.err" 2> /dev/null && return
    sleep 0.1
  done
  echo "$name: the server did not start"
  cat "$out/$name-server.err"
}
unserve ()
{
  kill -TERM $server
  wait $server
  server=
}

# pair LAUNCHER NAME [OPTION...]: leave, then look, through LAUNCHER.
pair ()
{
  launcher=$1 name=$2
  shift 2
  "$launcher" "$@" "$prog" leave > "$out/$name-leave.txt" 2>&1
  "$launcher" "$@" "$prog" look > "$out/$name-look.txt" 2>&1
  status=$?
  echo "$name: leave $(tail -1 "$out/$name-leave.txt"); look status $status"
  sed 's/^/  /' "$out/$name-look.txt"
}

echo "== what the next program finds"
NVPTX_RPC_WARM=0 pair "$nvptx" plain
if [ -n "$old" ]; then
  serve "$old" old --workers 1
  pair "$old" warm-old-1
  pair "$old" warm-old-2
  pair "$old" warm-old-256k -S 262144
  unserve
fi
serve "$nvptx" new --workers 1
pair "$nvptx" warm-new-1
pair "$nvptx" warm-new-2
pair "$nvptx" warm-new-256k -S 262144
grep "warm server" "$out/new-server.err"

# The run phase's milliseconds in FILE's lines: min, median, max.
run_ms ()
{
  sed 's/.* run \([0-9.]*\) .*/\1/' "$1" | sort -n | awk '{ a[NR] = $1 }
    END { print "min " a[1] ", median " a[int((NR + 1) / 2)] ", max " a[NR] }'
}
echo "== what zeroing freed blocks costs: leave's run phase, ms (10 each)"
rm -f "$out/phases-leave-plain" "$out/phases-leave-warm"
for i in $(seq 10); do
  NVPTX_RPC_WARM=0 NVPTX_RPC_PHASES=$out/phases-leave-plain "$nvptx" \
    "$prog" leave > /dev/null
  NVPTX_RPC_PHASES=$out/phases-leave-warm "$nvptx" "$prog" leave > /dev/null
done
echo "plain (no zeroing): $(run_ms "$out/phases-leave-plain")"
echo "warm (free zeroes): $(run_ms "$out/phases-leave-warm")"
echo "warm runs that kept their worker: $(grep -c ' release ' \
  "$out/phases-leave-warm") of 10"
unserve

echo "== 160 hellos 16 at once, programs a second"
for kind in old new; do
  launcher=$nvptx
  if [ $kind = old ]; then
    [ -n "$old" ] || continue
    launcher=$old
  fi
  serve "$launcher" rate-$kind
  for stack in default 24576; do
    opt=
    [ $stack = default ] || opt="-S $stack"
    start=$(date +%s.%N)
    seq 160 | xargs -P 16 -I{} sh -c \
      "'$launcher' $opt '$hello' > '$out/rate-$kind-$stack-{}.out' 2>&1"
    end=$(date +%s.%N)
    printed=$(cat "$out"/rate-$kind-$stack-*.out | grep -c "Hello")
    echo "$kind, stack $stack: $(echo "$start $end" \
      | awk '{ printf "%.1f", 160 / ($2 - $1) }')/s, $printed of 160 printed"
  done
  unserve
done
