#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# The DejaGnu board that "make install" installs (nvptx-rpc-sim.exp, built
# from boards/nvptx-rpc-sim.exp.in; $BOARD), checked without a GPU: the
# launcher it names is replaced by fake-run, and board.sim/load.exp checks
# how the board loads programs.  (A board that failed every program went
# unnoticed once: it set needs_status_wrapper, which DejaGnu reads as
# "set" whatever the value.)
: "${BOARD:?}"
srcdir=$(cd "$(dirname "$0")" && pwd)
board=$(cd "$(dirname "$BOARD")" && pwd)/$(basename "$BOARD")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# DejaGnu keeps the first value set for each board entry.
printf 'set_board_info sim "%s"\nsource "%s"\n' \
  "$srcdir/board.sim/fake-run" "$board" > "$work/nvptx-rpc-sim.exp"
echo "lappend boards_dir $work" > "$work/site.exp"
# Without the user's CUDA_CACHE_MAXSIZE and NVPTX_RPC_WARM: load.exp
# checks the board's; then with NVPTX_RPC_WARM=0, which must win.
ok=true
for warm in "" 0; do
  (cd "$work" && unset CUDA_CACHE_MAXSIZE NVPTX_RPC_WARM BOARD_CHECK_WARM \
   && if [ -n "$warm" ]; then
	export NVPTX_RPC_WARM=$warm BOARD_CHECK_WARM=$warm
      fi \
   && DEJAGNU=$work/site.exp runtest --tool board \
   --srcdir "$srcdir" --target_board=nvptx-rpc-sim > /dev/null 2>&1)
  grep -E '^(PASS|FAIL|UNRESOLVED|ERROR)' "$work/board.sum"
  # All nine checks, and nothing else, passed.
  [ "$(grep -c "^PASS" "$work/board.sum")" = 9 ] \
    && ! grep -qE '^(FAIL|UNRESOLVED|ERROR)' "$work/board.sum" || ok=false
done
$ok
