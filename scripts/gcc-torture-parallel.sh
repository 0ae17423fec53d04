#!/bin/sh
# gcc.c-torture/execute in 16 slices run side by side (a GPU machine has
# 16 cores and a device call has 10 minutes), then one summary.
# Usage: scripts/gcc-torture-parallel.sh LAUNCHER OUTDIR [OPTION]
# Writes OUTDIR/sliceN/gcc.sum for each slice and prints the totals.
launcher=$1 out=$2 option=${3:--O2}
here=$(cd "$(dirname "$0")" && pwd)
# The slices: the test files' names, dealt out in turn.  (Glob patterns
# proved unreliable: some made runtest run every test.)
names=$(tar -tf /usr/src/gcc-12/gcc-12*-dfsg.tar.xz --wildcards \
	  'gcc-12*/gcc/testsuite/gcc.c-torture/execute/*.c' \
	| grep -E '/execute/[^/]+\.c$' | sed 's|.*/||')
for n in $(seq 16); do
  slice=$(echo "$names" | awk -v n="$n" '(NR - 1) % 16 == n - 1' | tr '\n' ' ')
  "$here/gcc-torture.sh" "$launcher" "$out/slice$n" "$option" "$slice" \
    > /dev/null 2>&1 &
done
wait
cat "$out"/slice*/gcc.sum | awk '
  /^PASS: .*execution test/ { pass++ }
  /^FAIL: .*execution test/ { fail++ }
  /^FAIL: .*excess errors/ { nocompile++ }
  /^UNSUPPORTED: / { unsupported++ }
  /^UNRESOLVED: / { unresolved++ }
  END { printf "execution PASS %d, FAIL %d; did not compile %d; UNSUPPORTED %d; UNRESOLVED %d\n",
	       pass, fail, nocompile, unsupported, unresolved }'
