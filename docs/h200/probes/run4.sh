#!/bin/sh
R=./nvptx-none-run
P=.carry/probe
t() { echo "== $*"; timeout 8 "$@" > /tmp/p.out 2> /tmp/p.err; echo "rc=$? stdout $(wc -l < /tmp/p.out) lines, $(sort -u /tmp/p.out | wc -l) distinct: $(head -c 64 /tmp/p.out | tr '\n' ' ')"; head -c 300 /tmp/p.err; }
for v in 5 6 7 8 9 10 11 12 13; do
  [ -f $P/ow-v$v.nvptx ] && t $R -L 2 $P/ow-v$v.nvptx
  t $R -L 32 $P/id-v$v.nvptx
  t $R -L 32 $P/lanes-v$v.nvptx
done
for p in memcpy-1 multi-ix; do
  t $R $P/$p.nvptx
  t $R -S 24576 $P/$p.nvptx
  t /usr/bin/nvptx-none-run -S 24576 $P/$p.nvptx
done
for p in tstring memcpy-1 multi-ix; do
  t $P/run-probe -S 24576 $P/$p.nvptx
done
t $P/run-probe testsuite/gpu/hello.nvptx
t $P/run-probe -S 24576 $P/memcpy-1-stock.nvptx
# The vfprintf wrapper past the sanitizer's strlen false positive.
t $R $P/vfw-bytewise.nvptx
timeout 120 compute-sanitizer --tool memcheck $R $P/vfw-bytewise.nvptx 2>&1 | head -40
