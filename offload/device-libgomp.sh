#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Copy GCC's device libgomp.a, SOURCE, to DEST with two of its calls
# into the C library pointed elsewhere (both in newlib-nvptx-rpc/):
# - write, to __nvptx_newlib_write: GCC built libgomp against newlib's
#   headers, where write returns int; the offload builds' write returns
#   ssize_t, as glibc's does, and the CUDA linker refuses an image
#   holding both prototypes, which is any image reaching libgomp's
#   affinity-fmt.o (omp_get_thread_limit does);
# - vprintf, CUDA's, which libgomp's messages call between printf calls
#   of their own (error.o), to __nvptx_vprintf, the C library's vprintf
#   (stdio.h's name for it on nvptx): under nvptx-rpc, printf comes out
#   at once and CUDA's vprintf only when the kernel ends, which would
#   tear the message apart.  In the OpenMP
#   multilib (-muniform-simt) GCC has only the warp's master lane call
#   vprintf, a system call to it; __nvptx_vprintf is code like any other,
#   which all the lanes must run (its requests wait on the whole warp),
#   so its calls lose that predicate.  Called by one lane, it hung the
#   warp: a "#pragma omp error" in a target region (GCC's libgomp test
#   error-1).
# Usage: device-libgomp.sh SOURCE DEST
set -eu
source=$1
dest=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
members=$(ar t "$source")
(cd "$work" && ar x "$source")

# rename FUNCTION NEW MEMBER: if MEMBER declares FUNCTION, whose return
# value is an int, call NEW instead: its declaration, nvptx-ld's marker
# comment and its calls alike.
rename ()
{
  if grep -q "^\.extern \.func (\.param \.u32 %value_out) $1 (" "$work/$3"
  then
    sed -i "s/\b$1\b/$2/g" "$work/$3"
  fi
}

# A call of __nvptx_vprintf under a predicate, "@ %r32 call ...".
predicate='@ *%r[0-9]+[[:space:]]+'
call='call[^;]*[ ,]__nvptx_vprintf[ ,]'
for m in $members; do
  rename write __nvptx_newlib_write "$m"
  rename vprintf __nvptx_vprintf "$m"
  sed -E -i "s/^([[:space:]]*)$predicate($call)/\1\2/" "$work/$m"
  # A form the line above missed: better no library than a hung warp.
  if grep -E -q '@[^;]*call[^;]*__nvptx_vprintf' "$work/$m"; then
    echo "$0: $m calls __nvptx_vprintf under a predicate" >&2
    exit 1
  fi
done
rm -f "$dest.tmp"
(cd "$work" && ar rcS "$dest.tmp" $members)
mv "$dest.tmp" "$dest"
