#!/bin/sh
# Ad hoc H200 probes (not part of the repo).
R=./nvptx-none-run
P=.carry/probe
t() { echo "== $*"; timeout 10 "$@" > /tmp/p.out 2> /tmp/p.err; echo "rc=$? stdout $(wc -l < /tmp/p.out) lines: $(head -c 300 /tmp/p.out | tr '\n' ' ')"; head -c 1500 /tmp/p.err; }
t $R $P/one-write.nvptx
t $R -L 2 --trace $P/one-write.nvptx
t $R -L 32 --trace $P/one-write.nvptx
t $R -L 32 --trace $P/lanes-id.nvptx
t $R -L 2 --trace testsuite/gpu/lanes.nvptx
t $R -L 32 -O 0 testsuite/gpu/lanes.nvptx
t /usr/bin/nvptx-none-run -L 32 testsuite/gpu/lanes.nvptx
t /usr/bin/nvptx-none-run -L 32 $P/lanes-id.nvptx
cd /tmp && rm -f fault.out && t /work/main/nvptx-none-run --trace /work/main/testsuite/gpu/fault.nvptx; ls -la /tmp/fault.out; cat /tmp/fault.out; cd /work/main
timeout 120 compute-sanitizer --tool memcheck $R testsuite/gpu/vfprintf-wrapper.nvptx 2>&1 | head -60
