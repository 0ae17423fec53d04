#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# The opcode table of docs/protocol.md against the opcode list it
# documents, NVPTX_RPC_OPCODES in include/nvptx-rpc.h: each opcode in
# exactly one row (a row may name several, "STAT, LSTAT"), and no row
# naming an opcode the list lacks.  The table is kept by hand; this is
# what keeps it from drifting.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

sed -n 's/^  OP (\([A-Z0-9_]*\),.*/\1/p' "$top/include/nvptx-rpc.h" \
  | sort > "$tmp/list"
awk '/^\| opcode \| args/ { table = 1; next }
     table && !/^\|/ { exit }
     table && /^\| [A-Z]/ { print $2 }' FS='|' "$top/docs/protocol.md" \
  | tr ',' '\n' | tr -d ' `' | sed '/^$/d' | sort > "$tmp/rows"
sort -u "$tmp/rows" > "$tmp/table"
if [ ! -s "$tmp/list" ] || [ ! -s "$tmp/table" ]; then
  echo "FAIL: no opcodes found (list $(wc -l < "$tmp/list"), table" \
       "$(wc -l < "$tmp/table"))"
  exit 1
fi
status=0
for op in $(comm -23 "$tmp/list" "$tmp/table"); do
  echo "FAIL: $op is in NVPTX_RPC_OPCODES, not in docs/protocol.md's table"
  status=1
done
for op in $(comm -13 "$tmp/list" "$tmp/table"); do
  echo "FAIL: docs/protocol.md's table has $op, NVPTX_RPC_OPCODES does not"
  status=1
done
for op in $(uniq -d "$tmp/rows"); do
  echo "FAIL: $op has more than one row in docs/protocol.md's table"
  status=1
done
[ $status != 0 ] \
  || echo "PASS: $(wc -l < "$tmp/list") opcodes, each in one row of docs/protocol.md"
exit $status
