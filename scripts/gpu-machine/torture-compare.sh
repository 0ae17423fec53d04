#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Ours against stock, from torture-record.sh's and torture-replay.sh's
# files in DIR: how many tests passed on both, failed on both, or passed
# on one side only (listed), and what did not compile or was UNSUPPORTED
# when compiling.
# Usage: scripts/gpu-machine/torture-compare.sh DIR
set -eu
dir=$1
export LC_ALL=C
for f in ours-run stock-run ours-compile stock-compile; do
  [ -f "$dir/torture-$f.sum" ] || { echo "$0: no $dir/torture-$f.sum" >&2; exit 1; }
done
for kind in ours stock; do
  sed 's/^\([A-Z]*\): \([^:]*\).*/\2 \1/' "$dir/torture-$kind-run.sum" \
    | sort > "$dir/.$kind.results"
done
join -a 1 -a 2 -e none -o 0,1.2,2.2 "$dir/.ours.results" "$dir/.stock.results" \
  | awk '
    { count[$2 " " $3]++ }
    $2 != $3 { differ = differ "  " $1 ": ours " $2 ", stock " $3 "\n" }
    END {
      printf "ours PASS, stock PASS: %d\n", count["PASS PASS"]
      printf "ours FAIL, stock FAIL: %d\n", count["FAIL FAIL"]
      printf "ours FAIL, stock PASS: %d\n", count["FAIL PASS"]
      printf "ours PASS, stock FAIL: %d\n", count["PASS FAIL"]
      printf "run on one side only: %d\n", count["PASS none"] + count["FAIL none"] \
	+ count["none PASS"] + count["none FAIL"]
      if (differ != "") printf "differences:\n%s", differ }'
rm -f "$dir/.ours.results" "$dir/.stock.results"
for kind in ours stock; do
  echo "$kind, compiling: $(grep -c '^FAIL: .*excess errors' "$dir/torture-$kind-compile.sum") did not compile," \
    "$(grep -c '^UNSUPPORTED' "$dir/torture-$kind-compile.sum") UNSUPPORTED," \
    "$(grep -c '^ERROR' "$dir/torture-$kind-compile.sum") ERROR"
done
