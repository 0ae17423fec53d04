#!/bin/sh
# The GPU runs that docs/gpu-results.md and docs/testing.md record, on a
# GPU machine, from a tree where "make check" built the test programs and
# scripts/pack-device.sh filled .carry/ (unpacked here first, if present).
# Usage: scripts/h200-campaign.sh OUTDIR PART...
#   suite          our DejaGnu GPU suite and the benchmark
#   newlib         newlib's own testsuite, ours then stock
#   torture        gcc.c-torture/execute at -O2, ours and stock side by
#                  side, 8 slices each, compiled there
#   torture-replay the same tests compiled here by scripts/torture-record.sh
#                  (.carry/torture-*.tar.xz), only run there, ours then
#                  stock, and compared (scripts/torture-compare.sh)
# Each PART prints to OUTDIR/PART.txt and packs its .sum and .log files
# into OUTDIR/PART.tar.xz.  A part is stopped after $PART_SECONDS
# (default 540, inside a device call's 10 minutes), keeping what it has
# logged.
set -u
[ $# -ge 2 ] || { echo "usage: $0 OUTDIR PART..." >&2; exit 2; }
out=$(mkdir -p "$1" && cd "$1" && pwd) || exit; shift
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
# The suite needs only the packages; the other parts need the toolchain
# and the newlib trees.
if [ -d .carry ]; then
  for f in .carry/*.deb; do dpkg -x "$f" /; done
  [ ! -f .carry/tc.tar.xz ] || tar -C / -xJf .carry/tc.tar.xz
  [ ! -f .carry/newlib-trees.tar.xz ] || tar -xJf .carry/newlib-trees.tar.xz
  export GCC_TARBALL=$top/.carry/gcc-12-testsuite.tar.xz
fi
export PATH=/opt/nvptx-none-gcc12/bin:$PATH
# A hung program of our own GPU suite fails after two minutes, not five.
export NVPTX_RPC_TIMEOUT=${NVPTX_RPC_TIMEOUT:-120}
limit=${PART_SECONDS:-540}

for part; do
  logs=/tmp/h200-$part
  rm -rf "$logs"; mkdir -p "$logs"
  {
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    date -u
    start=$(date +%s)
    case $part in
      suite) timeout $limit scripts/gpu-suite.sh "$logs" ;;
      newlib)
	timeout $limit sh -c 'scripts/newlib-testsuite.sh ours "$1" &&
			      scripts/newlib-testsuite.sh stock "$1"' sh "$logs" ;;
      torture)
	for kind in ours stock; do
	  timeout $limit scripts/gcc-torture-parallel.sh $kind "$logs/$kind" -O2 8 &
	done
	wait ;;
      torture-replay)
	for kind in ours stock; do
	  cp .carry/torture-$kind-compile.sum "$logs"
	  timeout $(( limit / 2 )) scripts/torture-replay.sh $kind \
	    .carry/torture-$kind.tar.xz "$logs"
	done
	scripts/torture-compare.sh "$logs" ;;
      *) echo "unknown part $part" ;;
    esac
    echo "$part took $(( $(date +%s) - start )) s"
  } 2>&1 | tee "$out/$part.txt"
  (cd "$logs" && find . -name '*.sum' -o -name '*.log' | tar -cJf "$out/$part.tar.xz" -T -)
done
