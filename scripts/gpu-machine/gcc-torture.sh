#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# GCC 12's gcc.c-torture/execute against the installed nvptx-none-gcc, on
# this machine's GPU, ours or stock (see gpu-board.sh), at one
# optimization level (the way contrib/test_installed tests an installed
# compiler).
# Usage: scripts/gpu-machine/gcc-torture.sh ours|stock OUTDIR [OPTION [TESTS]]
#   OPTION: the one torture option (default -O2)
#   TESTS: an execute.exp pattern, e.g. "2000*" (default: all)
# $LAUNCH_OPTIONS, if set, go to the launcher.
# Writes OUTDIR/gcc.sum and gcc.log.  Needs nvptx-none-gcc and runtest on
# PATH.  The tests come from $GCC_TARBALL, by default Debian's gcc-12
# source tarball (pack-device.sh packs a copy holding just the testsuite
# for a GPU machine).
set -eu
# Plain runs unless the caller says otherwise: the board would have
# them go through the warm launcher.
NVPTX_RPC_WARM=${NVPTX_RPC_WARM:-0}
export NVPTX_RPC_WARM
kind=$1
out=$(mkdir -p "$2" && cd "$2" && pwd)
option=${3:--O2}
tests=${4:-}
here=$(cd "$(dirname "$0")" && pwd)
tarball=$(echo ${GCC_TARBALL:-/usr/src/gcc-12/gcc-12*-dfsg.tar.xz})
gcc=$(command -v nvptx-none-gcc)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
trap 'exit 143' TERM INT HUP	# (dash skips the EXIT trap on a signal)

"$here/unpack-gcc-testsuite.sh" "$tarball" "$work"
srcdir=$(echo "$work"/gcc-12*/gcc/testsuite)

"$here/gpu-board.sh" "$kind" "$work" "${LAUNCH_OPTIONS:-}" > /dev/null
cat > "$work/site.exp" <<EOS
set rootme "$work"
set srcdir "$srcdir"
set host_triplet x86_64-pc-linux-gnu
set build_triplet x86_64-pc-linux-gnu
set target_triplet nvptx-unknown-none
set target_alias nvptx-none
set GCC_UNDER_TEST "$gcc"
set TORTURE_OPTIONS [list { $option }]
set tmpdir "$work"
lappend boards_dir "$work"
EOS
cd "$work"
# The .sum and .log grow in OUTDIR as tests finish: a run cut short keeps
# its results so far.
DEJAGNU=$work/site.exp runtest --tool gcc --target_board=gpu-sim \
  --srcdir "$srcdir" --outdir "$out" "execute.exp${tests:+=$tests}" \
  > "$out/runtest.out" 2>&1 || true
grep -E '^# of' "$out/gcc.sum"
