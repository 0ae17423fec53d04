#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Differential tests in CI: each program of testsuite/gpu that does its I/O
# with the syscalls themselves, built natively and built with the nvptx-rpc
# client (PROG.client, see runner.c), run in fresh scratch directories with
# the same stdin and arguments, at windows 64, 1024 and 65536, each
# without DMA and with it (NVPTX_RPC_DIRECT): stdout, stderr, exit status
# and every file left behind must be identical.
# (On the GPU the same comparison is testsuite/nvptx-rpc.gpu/gpu.exp's.)
native=testsuite/gpu host=testsuite/host
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
failures=0

run ()				# run DIR CMD... -> DIR.out DIR.err DIR.status
{
  dir=$1; shift
  mkdir "$dir"
  (cd "$dir" && "$@" < "$scratch/stdin" > "$dir.out" 2> "$dir.err"
   echo $? > "$dir.status")
}

for spec in "fileio" "longpath" "bigfile 8" "posix" "direct-read" \
	    "stack-io" "posix-io" "posix-fd" "posix-at" "posix-host" \
	    "posix-lib" "posix-tty" "posix-fsinfo" "posix-released" "locks" \
	    "posix-surface" "posix-threads" "posix-accounts"; do
  set -- $spec; prog=$1; shift
  hold=; [ "$prog" != locks ] || hold="$PWD/$native/locks.native --hold"
  for window in 64 1024 65536; do
    for direct in 0 1; do
      dma=; [ $direct = 0 ] || dma=", DMA"
      name="$prog $* (window $window$dma)"
      rm -rf "$scratch"/*; : > "$scratch/stdin"
      run "$scratch/native" $hold "$PWD/$native/$prog.native" "$@"
      NVPTX_RPC_WINDOW=$window NVPTX_RPC_DIRECT=$direct \
	run "$scratch/client" $hold "$PWD/$host/$prog.client" "$@"
      what=
      for part in status out err; do
	cmp -s "$scratch/native.$part" "$scratch/client.$part" \
	  || what="$what $part"
      done
      diff -r "$scratch/native" "$scratch/client" > /dev/null \
	|| what="$what files"
      if [ -z "$what" ]; then
	echo "PASS: $name: identical to native"
      else
	echo "FAIL: $name: differs in$what"
	failures=$((failures + 1))
      fi
    done
  done
done
[ $failures -eq 0 ]
