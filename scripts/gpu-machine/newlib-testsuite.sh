#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# newlib's own DejaGnu testsuite (3.3.0's, or 4.5.0's with GCC 14) on
# this machine's GPU, ours or stock (see gpu-board.sh).
# Usage: scripts/gpu-machine/newlib-testsuite.sh ours|stock OUTDIR
# Runs runtest the way newlib's "make check" does, without needing the
# build tree's Makefiles: only each build's libraries and headers, which
# pack-device.sh packs for a GPU machine.  Writes
# OUTDIR/newlib-KIND/newlib.sum and .log and prints a table per test
# directory.  Needs nvptx-none-gcc and runtest on PATH.
set -eu
# Plain runs unless the caller says otherwise: the board would have
# them go through the warm launcher.
NVPTX_RPC_WARM=${NVPTX_RPC_WARM:-0}
export NVPTX_RPC_WARM
kind=$1
out=$(mkdir -p "$2/newlib-$1" && cd "$2/newlib-$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
build=$("$here/gpu-board.sh" "$kind" "$out")
src=$build/$(cd "$build" && ls -d newlib-*/ | head -1)
# Its version from its folder's name: newlib-salsa is Debian's 3.3.0.
version=${src#"$build/newlib-"}
version=${version%/}
[ "$version" != salsa ] || version=3.3.0
# What newlib's Makefile writes into its site.exp.
cat > "$out/site.exp" <<EOS
set tool newlib
set tool_version $version
set srcdir ${src}newlib/testsuite
set objdir $build/obj/nvptx-none/newlib
set tmpdir $out
set host_triplet x86_64-pc-linux-gnu
set target_triplet nvptx-unknown-none
set target_alias nvptx-none
lappend boards_dir $out
EOS
(cd "$out" && DEJAGNU=$out/site.exp runtest --tool newlib \
   --srcdir "${src}newlib/testsuite" --target_board=gpu-sim \
   > runtest.out 2>&1) || true

# Per directory: execution (and output) results, and how many tests did
# not compile or link.
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
	     nolink[d] }' "$out/newlib.sum" | sort
