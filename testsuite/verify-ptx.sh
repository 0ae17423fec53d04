#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Verify every PTX chunk of each linked nvptx program with ptxas, as the
# CUDA JIT will see them: the program's code and every libc member; then
# link the chunks with nvlink, as the launcher's cuLink* calls do (which
# check, for one, that a variable's declarations and its definition agree
# on its size).  Also refuse a function named vfprintf: under the driver's
# JIT a program calling it faulted, and renamed it worked (newlib's
# stdio.h gives it another PTX name).
# Each program goes through $PTX_PREPARE (testsuite/host/ptx-prepare,
# from "make check") when set: the PTX the launcher links, its .const
# data moved to .global when it passes the constant bank.
# Usage: verify-ptx.sh [PROGRAM...]; default $PTX_PROGRAMS.  $PTX_ARCH
# (default sm_90, the H200's) is what ptxas compiles for.  $PTXAS and
# $NVLINK name the tools ("make check" passes configure's, empty where it
# found none), by default those on PATH.  Without them (they come with
# the CUDA toolkit) only the vfprintf check runs, and a pass is a SKIP.
arch=${PTX_ARCH:-sm_90}
[ $# -gt 0 ] || set -- $PTX_PROGRAMS
ptxas=${PTXAS-$(command -v ptxas)}
nvlink=${NVLINK-$(command -v nvlink)}
[ -n "$ptxas" ] && [ -n "$nvlink" ] || ptxas= nvlink=
status=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for prog; do
  rm -f "$tmp"/chunk*
  prepared=$prog
  if [ -n "${PTX_PREPARE-}" ]; then
    prepared=$tmp/prepared
    "$PTX_PREPARE" "$prog" > "$prepared" \
      || { echo "FAIL: $prog: ptx-prepare"; status=1; continue; }
  fi
  perl -e 'local $/ = "\0"; my $n = 0;
	   while (<STDIN>) { chomp; next unless /\S/;
	     open my $f, ">", sprintf ("%s/chunk%04d.ptx", $ARGV[0], $n++) or die;
	     print $f $_; close $f }' "$tmp" < "$prepared"
  bad=0
  for c in "$tmp"/chunk*.ptx; do
    [ -n "$ptxas" ] || break
    "$ptxas" -arch="$arch" -c "$c" -o "${c%.ptx}.cubin" > "$tmp/log" 2>&1 \
      || { bad=1; sed "s|$c|$prog: $(basename "$c")|" "$tmp/log"; }
  done
  [ $bad = 1 ] || [ -z "$nvlink" ] \
    || "$nvlink" -arch="$arch" "$tmp"/chunk*.cubin -o /dev/null \
    > "$tmp/log" 2>&1 || { bad=1; sed "s|^|$prog: |" "$tmp/log"; }
  if grep -h -E '\.func .*[) ]vfprintf \(|call(\.uni)? +(\([^)]*\), *)?vfprintf,' \
       "$tmp"/chunk*.ptx > "$tmp/log"; then
    bad=1
    echo "$prog: a function named vfprintf (use the patched newlib's stdio.h):"
    head -3 "$tmp/log"
  fi
  n=$(ls "$tmp"/chunk*.ptx | wc -l)
  if [ $bad = 1 ]; then echo "FAIL: $prog"; status=1
  elif [ -n "$ptxas" ]; then echo "PASS: $prog ($n PTX chunks verified and linked for $arch)"
  fi
done
if [ $status = 0 ] && [ -z "$ptxas" ]; then
  echo "SKIP: no ptxas and nvlink (CUDA toolkit): PTX not verified"
  exit 77
fi
exit $status
