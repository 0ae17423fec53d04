#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# native-compare.sh PROGRAM...: each testsuite/gpu/PROGRAM, as "make
# check" built it, run natively (PROGRAM.native) and on the GPU by this
# tree's launcher, plain (PROGRAM.nvptx), each in an empty directory:
# a PASS line when the output, the status and the files left are
# identical, else FAIL and the difference.  For a GPU machine without
# DejaGnu; gpu.exp makes the same comparison.
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for p; do
  d=$work/$p
  mkdir -p "$d/native" "$d/gpu"
  (cd "$d/native" && "$top/testsuite/gpu/$p.native" > ../native.out 2>&1
   echo "status $?" >> ../native.out)
  (cd "$d/gpu" && NVPTX_RPC_WARM=0 "$top/nvptx-none-run" \
     "$top/testsuite/gpu/$p.nvptx" > ../gpu.out 2>&1
   echo "status $?" >> ../gpu.out)
  if cmp -s "$d/native.out" "$d/gpu.out" \
     && diff -r "$d/native" "$d/gpu" > /dev/null; then
    echo "PASS: $p: on the GPU as natively, $(wc -l < "$d/gpu.out") lines"
  else
    echo "FAIL: $p: the GPU's differs from native"
    diff "$d/native.out" "$d/gpu.out" | head -20
    diff -r "$d/native" "$d/gpu" | head -5
  fi
done
