#!/bin/sh
# gcc.c-torture/execute in 16 slices run side by side (a GPU machine has
# 16 cores and a device call has 10 minutes), then one summary.
# Usage: scripts/gcc-torture-parallel.sh ours|stock OUTDIR [OPTION]
# Writes OUTDIR/sliceN/gcc.sum for each slice and prints the totals.
kind=$1 out=$2 option=${3:--O2}
here=$(cd "$(dirname "$0")" && pwd)
tarball=$(echo ${GCC_TARBALL:-/usr/src/gcc-12/gcc-12*-dfsg.tar.xz})
# Build the stock newlib, if that is the one asked for, before the slices
# would each try to.
board=$(mktemp -d)
"$here/gpu-board.sh" "$kind" "$board" > /dev/null || exit
rm -rf "$board"
# The slices: the test files' names, dealt out in turn.  (Glob patterns
# proved unreliable: some made runtest run every test.)
names=$(tar -tf "$tarball" --wildcards \
	  'gcc-12*/gcc/testsuite/gcc.c-torture/execute/*.c' \
	| grep -E '/execute/[^/]+\.c$' | sed 's|.*/||')
for n in $(seq 16); do
  slice=$(echo "$names" | awk -v n="$n" '(NR - 1) % 16 == n - 1' | tr '\n' ' ')
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
