#!/bin/sh
# The DejaGnu board that "make install" installs (boards/nvptx-rpc-sim.exp.in),
# checked without a GPU: the launcher it names is replaced by fake-run,
# and board.sim/load.exp checks how the board loads programs.  (A board
# that failed every program went unnoticed once: it set
# needs_status_wrapper, which DejaGnu reads as "set" whatever the value.)
srcdir=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sed "s|@bindir@/nvptx-none-run|$srcdir/board.sim/fake-run|" \
  "$srcdir/boards/nvptx-rpc-sim.exp.in" > "$work/nvptx-rpc-sim.exp"
echo "lappend boards_dir $work" > "$work/site.exp"
(cd "$work" && DEJAGNU=$work/site.exp runtest --tool board \
   --srcdir "$srcdir" --target_board=nvptx-rpc-sim > /dev/null 2>&1)
grep -E '^(PASS|FAIL|UNRESOLVED|ERROR)' "$work/board.sum"
# All three loads, and nothing else, passed.
[ "$(grep -c '^PASS' "$work/board.sum")" = 3 ] \
  && ! grep -qE '^(FAIL|UNRESOLVED|ERROR)' "$work/board.sum"
