#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# The table of newlib's series in docs/upstreaming.md against the series
# it describes, newlib-nvptx-rpc/patches/master/series: a row for each
# commit, in order, whose subject is the commit's (its NAME.msg's first
# line, else its diff's).  The table is kept by hand; it has drifted
# before.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
patches=$top/newlib-nvptx-rpc/patches
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Each commit's subject, in the series' order: the first line of its
# message, which is its .msg file if the line names one (mkseries.sh).
grep -v '^#' "$patches/master/series" | while read -r first rest; do
  case $first in
    *.msg) grep -v '^#' "$patches/master/$first" | head -1 ;;
    *)
      f=$patches/master/$first
      [ -f "$f" ] || f=$patches/$first
      head -1 "$f" ;;
  esac
done | awk '{ print NR "\t" $0 }' > "$tmp/series"
# The table's rows: "| N | `subject` | ... |".
sed -n 's/^| \([0-9][0-9]*\) | `\(.*\)` | .*|$/\1\t\2/p' \
  "$top/docs/upstreaming.md" > "$tmp/table"
if [ ! -s "$tmp/series" ] || [ ! -s "$tmp/table" ]; then
  echo "FAIL: no commits found (series $(wc -l < "$tmp/series"), table" \
       "$(wc -l < "$tmp/table"))"
  exit 1
fi
if diff "$tmp/series" "$tmp/table" > "$tmp/diff"; then
  echo "PASS: $(wc -l < "$tmp/series") commits, each in its row of docs/upstreaming.md"
else
  echo "FAIL: docs/upstreaming.md's table differs from the series (<: series, >: table)"
  cat "$tmp/diff"
  exit 1
fi
