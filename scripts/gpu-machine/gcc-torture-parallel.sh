#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# gcc.c-torture/execute in SLICES slices (default 16, one per core of a
# 16-core GPU machine) run side by side, then one summary.  Each slice is
# gcc-torture.sh.
# Usage: scripts/gpu-machine/gcc-torture-parallel.sh ours|stock OUTDIR
#          [OPTION [SLICES]]
# Writes OUTDIR/sliceN/gcc.sum for each slice and prints the totals.
kind=$1 out=$2 option=${3:--O2} slices=${4:-16}
# Each launcher reserves GPU stack for every thread the GPU can host:
# by default as much as fits, up to 128 KiB a thread (33 GiB on an H200:
# 132 SMs of 2048 threads), so that a second program started meanwhile
# runs out of memory.  24 KiB a thread (6.2 GiB) lets 16 programs share
# one H200.
export LAUNCH_OPTIONS=${LAUNCH_OPTIONS:--S 24576}
here=$(cd "$(dirname "$0")" && pwd)
tarball=$(echo ${GCC_TARBALL:-/usr/src/gcc-12/gcc-12*-dfsg.tar.xz})
# Build the stock newlib, if that is the one asked for, before the slices
# would each try to.
board=$(mktemp -d)
"$here/gpu-board.sh" "$kind" "$board" > /dev/null || exit
rm -rf "$board" "$out"/slice*
# The slices: the test files' names, dealt out in turn.  (Glob patterns
# proved unreliable: some made runtest run every test.)
names=$(tar -tf "$tarball" --wildcards \
	  'gcc-12*/gcc/testsuite/gcc.c-torture/execute/*.c' \
	| grep -E '/execute/[^/]+\.c$' | sed 's|.*/||')
for n in $(seq "$slices"); do
  slice=$(echo "$names" | awk -v n="$n" -v k="$slices" '(NR - 1) % k == n - 1' | tr '\n' ' ')
  "$here/gcc-torture.sh" "$kind" "$out/slice$n" "$option" "$slice" \
    > /dev/null 2>&1 &
done
wait
cat "$out"/slice*/gcc.sum | awk -v kind="$kind" '
  /^PASS: .*execution test/ { pass++ }
  /^FAIL: .*execution test/ { fail++ }
  /^FAIL: .*excess errors/ { nocompile++ }
  /^UNSUPPORTED: / { unsupported++ }
  /^UNRESOLVED: / { unresolved++ }
  END { printf "%s: execution PASS %d, FAIL %d; did not compile %d; UNSUPPORTED %d; UNRESOLVED %d\n",
	       kind, pass, fail, nocompile, unsupported, unresolved }'
