#!/bin/sh
# newlib 3.3.0's own DejaGnu testsuite on this machine's GPU, two ways:
#   ours:  newlib patched with nvptx-rpc (this tree's newlib-build) run by
#          this tree's launcher;
#   stock: pristine newlib (built here into newlib-build-stock) run by the
#          stock /usr/bin/nvptx-none-run.
# Usage: scripts/newlib-testsuite.sh ours|stock OUTDIR
# Writes OUTDIR/newlib-KIND.sum and .log, and prints a table per test
# directory.  Needs the tree built ("make") and the toolchain on PATH.
set -eu
kind=$1
out=$(mkdir -p "$2" && cd "$2" && pwd)
top=$(cd "$(dirname "$0")/.." && pwd)
tarball=${NEWLIB_TARBALL:-/usr/src/newlib/newlib-3.3.0.tar.xz}
boards=$(mktemp -d)
trap 'rm -rf "$boards"' EXIT

case $kind in
  ours)
    obj=$top/newlib-build/obj
    launcher=$top/nvptx-none-run ;;
  stock)
    obj=$top/newlib-build-stock/obj
    launcher=${STOCK_RUN:-/usr/bin/nvptx-none-run}
    if [ ! -f "$top/newlib-build-stock/stamp" ]; then
      rm -rf "$top/newlib-build-stock"
      mkdir -p "$obj"
      tar -C "$top/newlib-build-stock" -xf "$tarball"
      (cd "$obj" && ../newlib-salsa/configure --target=nvptx-none \
	 --disable-multilib --enable-newlib-io-long-long \
	 CFLAGS_FOR_TARGET=-O2 > configure.log 2>&1 \
       && make all-target-newlib > make.log 2>&1)
      touch "$top/newlib-build-stock/stamp"
    fi ;;
  *) echo "usage: $0 ours|stock OUTDIR" >&2; exit 2 ;;
esac

# The board, pointed at this launcher and at this newlib's headers and
# libraries, not at whatever libc the toolchain prefix holds.
sed "s|@bindir@/nvptx-none-run|$launcher|" \
  "$top/testsuite/boards/nvptx-rpc-sim.exp.in" > "$boards/gpu-sim.exp"
sed -i "s|^set_board_info ldflags .*|set_board_info ldflags \"-mmainkernel -L$obj/nvptx-none/newlib\"|" \
  "$boards/gpu-sim.exp"
cat >> "$boards/gpu-sim.exp" <<EOB
set_board_info cflags "-isystem $obj/nvptx-none/newlib/targ-include -isystem $obj/../newlib-salsa/newlib/libc/include"
EOB
echo "lappend boards_dir $boards" > "$boards/site.exp"
(cd "$obj" && DEJAGNU=$boards/site.exp \
   make check-target-newlib RUNTESTFLAGS=--target_board=gpu-sim \
   > "$out/newlib-$kind.make.log" 2>&1) || true
cp "$obj/nvptx-none/newlib/testsuite/newlib.sum" "$out/newlib-$kind.sum"
cp "$obj/nvptx-none/newlib/testsuite/newlib.log" "$out/newlib-$kind.log"

# Per directory: PASS/FAIL counts of execution (and output) results, and
# how many tests did not compile or link.
awk -v kind="$kind" '
  /^(PASS|FAIL|UNSUPPORTED|UNRESOLVED): / {
    split ($2, p, "/"); dir = p[1]; result = $1; sub (":", "", result)
    if ($0 ~ / compilation$/) { if (result == "FAIL") nolink[dir]++ }
    else count[dir, result]++
    dirs[dir] = 1 }
  END {
    printf "%-18s %5s %5s %5s %5s %8s   (%s)\n", "directory", "PASS", "FAIL",
	   "UNSUP", "UNRES", "no-link", kind
    for (d in dirs)
      printf "%-18s %5d %5d %5d %5d %8d\n", d, count[d, "PASS"],
	     count[d, "FAIL"], count[d, "UNSUPPORTED"], count[d, "UNRESOLVED"],
	     nolink[d] }' "$out/newlib-$kind.sum" | sort
