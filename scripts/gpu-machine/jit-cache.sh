#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# What a second run of the same program saves, on a GPU machine, from a
# tree where "make check" built the test programs: each PROGRAM run
# plain (not through a warm server) 3 times with CUDA's JIT cache off
# (CUDA_CACHE_DISABLE=1), then 3 times with an empty cache of its own
# (CUDA_CACHE_PATH), the first filling it; wall seconds of each run and
# each program's PTX size.  Every run must exit 0.
# Usage: scripts/gpu-machine/jit-cache.sh OUTDIR [PROGRAM...]
# (default: hello.nvptx, posix-lib.nvptx and formats.nvptx of
# testsuite/gpu/).
set -u
out=$(mkdir -p "$1" && cd "$1" && pwd) || exit 2; shift
top=$(cd "$(dirname "$0")/../.." && pwd)
run=$top/nvptx-none-run
[ $# -gt 0 ] || set -- "$top"/testsuite/gpu/hello.nvptx \
  "$top"/testsuite/gpu/posix-lib.nvptx "$top"/testsuite/gpu/formats.nvptx
status=0

# timed LABEL PROGRAM VAR=VALUE...: one run, with those variables, from
# a directory of its own, stdin empty.
timed ()
{
  label=$1 prog=$2; shift 2
  d=$(mktemp -d "$out/run.XXXXXX")
  start=$(date +%s.%N)
  (cd "$d" && env NVPTX_RPC_WARM=0 "$@" "$run" "$prog" < /dev/null \
     > out 2>&1)
  rc=$?
  end=$(date +%s.%N)
  echo "$start $end" | awk -v l="$label" -v rc=$rc \
    '{ printf " %s %.3f%s", l, $2 - $1, rc ? " (status " rc ")" : "" }'
  [ $rc -eq 0 ] || status=1
  rm -rf "$d"
}

for prog; do
  printf '%s, %d bytes:' "${prog##*/}" "$(wc -c < "$prog")"
  for i in 1 2 3; do timed off "$prog" CUDA_CACHE_DISABLE=1; done
  cache=$(mktemp -d "$out/cache.XXXXXX")
  for i in 1 2 3; do
    timed cache$i "$prog" CUDA_CACHE_PATH="$cache" CUDA_CACHE_DISABLE=0
  done
  echo " (cache: $(du -sk "$cache" | cut -f1) KiB)"
  rm -rf "$cache"
done
exit $status
