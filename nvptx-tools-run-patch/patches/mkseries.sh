#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Write the launcher's change to nvptx-tools as a patch series: nvptx-run
# with the nvptx-rpc server inside, built by nvptx-tools' own configure
# and Makefile.  Each patch is in git format-patch's form, so that
# "git am OUT_DIR/*.patch" applies the series in an nvptx-tools checkout,
# and so does "patch -p1" on each, in the order of OUT_DIR/series, in an
# unpacked source.
#
# Usage: mkseries.sh VERSION OUT_DIR
#
# VERSION names a directory of patches/: 0.20220610 (Debian 12's
# nvptx-tools, whose launcher is nvptx-run.c) or upstream (nvptx-tools'
# master, whose launcher is nvptx-run.cc, with interface-libcuda.cc).
# docs/upstreaming.md says what each patch does.
#
# The first patch is made here, from this repository's sources, so that
# it never drifts from them: it adds the server (server/, as rpc-server/
# in nvptx-tools' tree), its glue to a launcher (rpc-launch.c, .h), the
# protocol
# (include/nvptx-rpc.h) and the format scanner both sides share
# (include/nvptx-rpc-format.h) as new files.  The others are the reviewed diffs
# patches/VERSION/*.diff, to nvptx-tools' own files, each a commit
# message from its Subject line on and the diff, copied as they are but
# for the number in their subject.
#
# Each patch's author and date are those of the last commit of this
# repository that changed the files it is made from (the first patch's
# sources, or the .diff), as "git log -1" gives them, so that the
# series made from one commit is the same bytes wherever it is made.
# Outside a git checkout (an unpacked release) they are those of the
# person making it: git config's user.name and user.email, and the
# current date.
set -eu
version=$1
out=$2
patches=$(cd "$(dirname "$0")" && pwd)
here=$(dirname "$patches")
top=$(dirname "$here")
diffs=$(LC_ALL=C ls "$patches/$version"/*.diff 2>/dev/null) \
  || { echo "mkseries.sh: no patches/$version/*.diff" >&2; exit 1; }
total=$(( $(echo "$diffs" | wc -l) + 1 ))
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# header FILE...: the first lines of a patch made from FILE... (relative
# to the top of this repository), as git format-patch --zero-commit
# writes them, but for the subject.
header ()
{
  author=$(cd "$top" && git log -1 --format='%an <%ae>%n%aD' -- "$@" \
	     2> /dev/null) || author=
  if [ -z "$author" ]; then
    name=$(git config user.name 2> /dev/null) || name=
    email=$(git config user.email 2> /dev/null) || email=
    if [ -z "$name" ] || [ -z "$email" ]; then
      echo "mkseries.sh: $1 has no git history here, and git config" \
	   "user.name or user.email is not set: no author for its patch" >&2
      exit 1
    fi
    author="$name <$email>
$(LC_ALL=C date -R)"
  fi
  echo "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001"
  printf '%s\n' "$author" | sed '1s/^/From: /; 2s/^/Date: /'
}

# The new files, laid out as in nvptx-tools' tree.
mkdir -p "$work/tree/include"
cp "$top/include/nvptx-rpc.h" "$top/include/nvptx-rpc-format.h" \
  "$work/tree/include/"
# The server's interface and private header, then its parts, each of
# which patches/VERSION/0003 must build.
server_files="rpc-server.h server-internal.h
$(cd "$here/server" && LC_ALL=C ls *.c)"
mkdir -p "$work/tree/rpc-server"
for f in $server_files; do
  cp "$here/server/$f" "$work/tree/rpc-server/"
  case $f in
    *.c) sed -n '/^+NVPTX_RPC_SERVER_PARTS = /,/[^\\]$/p' \
	   "$patches/$version"/0003-*.diff | grep -qw "${f%.c}" \
	   || { echo "mkseries.sh: server/$f is not in NVPTX_RPC_SERVER_PARTS" \
		     "of patches/$version/0003" >&2; exit 1; } ;;
  esac
done
launch_files="rpc-launch.h rpc-launch.c"
for f in $launch_files; do
  cp "$here/launcher/$f" "$work/tree/"
done
new="include/nvptx-rpc.h include/nvptx-rpc-format.h
$(printf 'rpc-server/%s\n' $server_files)
$launch_files"
(cd "$work/tree"
 for f in $new; do
   # 1: the files differ, as they must.
   git diff --no-index --no-color --no-ext-diff --full-index /dev/null "$f" \
     || [ $? -eq 1 ]
 done) > "$work/new.diff"

mkdir -p "$out"
rm -f "$out"/*.patch "$out/series"
first=0001-run-Add-the-nvptx-rpc-server.patch
{
  header include/nvptx-rpc.h include/nvptx-rpc-format.h \
    $(printf 'nvptx-tools-run-patch/server/%s ' $server_files) \
    $(printf 'nvptx-tools-run-patch/launcher/%s ' $launch_files)
  cat <<EOF
Subject: [PATCH 1/$total] run: Add the nvptx-rpc server

nvptx-rpc gives programs built for nvptx-none real POSIX file I/O:
newlib's system calls for nvptx post requests in a mailbox in
host-mapped memory, and the launcher serves them while the kernel runs.
This adds the launcher's side; the following patches build it and make
nvptx-run use it.

include/nvptx-rpc.h is the protocol (requests, replies, the mailbox),
the same header newlib's libc/machine/nvptx is built with, and
include/nvptx-rpc-format.h the printf format scanner both sides use to
agree on a FORMAT request's arguments.

rpc-server/ serves the requests, without CUDA: one at a time, each
checked before use, since the program is not trusted; it can confine
the program beneath a directory, refuse changes to files, and give it
an environment of the launcher's choosing.  rpc-server.h is its
interface; server-internal.h says what each of its parts serves.

rpc-launch.c is the glue between a launcher and the server: the options
(--window, --trace, --timeout, --sandbox, --read-only, --env, --no-env)
and their help, finding the program's __nvptx_rpc_link, checking its
protocol version, allocating the mapped mailbox and the page-locked DMA
staging buffers, and serving the requests until the kernel finishes,
fails, or runs past the timeout.  The launcher hands it the driver
functions it uses, however it loaded them, so that dlopen and linking
libcuda both work.

The server and the glue are C, built as C; rpc-launch.h is also C++.
They are generated from nvptx-rpc's sources; the docs/ files their
comments name are nvptx-rpc's.

EOF
  for f in $new; do
    printf '\t* %s: New file.\n' "$f"
  done
  echo ---
  (cd "$work" && git apply --stat --summary new.diff)
  echo
  cat "$work/new.diff"
} > "$out/$first"
echo "$first" > "$out/series"

n=1
for d in $diffs; do
  n=$((n + 1))
  name=$(basename "$d" .diff).patch
  head -n 1 "$d" | grep -q '^Subject: \[PATCH\] ' \
    || { echo "mkseries.sh: $d does not start with its Subject line" >&2
	 exit 1; }
  { header "nvptx-tools-run-patch/patches/$version/$(basename "$d")"
    sed "1s|^Subject: \[PATCH\]|Subject: [PATCH $n/$total]|" "$d"
  } > "$out/$name"
  echo "$name" >> "$out/series"
done
