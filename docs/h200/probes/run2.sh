#!/bin/sh
R=./nvptx-none-run
P=.carry/probe
t() { echo "== $*"; timeout 8 "$@" > /tmp/p.out 2> /tmp/p.err; echo "rc=$? stdout $(wc -l < /tmp/p.out) lines: $(head -c 100 /tmp/p.out | tr '\n' ' ')"; head -c 400 /tmp/p.err; }
for v in 1 2 3 4; do
  t $R -L 2 --trace $P/ow-v$v.nvptx
  t $R -L 32 $P/id-v$v.nvptx
done
t $R $P/tstring.nvptx
t $R -S 393216 $P/tstring.nvptx
