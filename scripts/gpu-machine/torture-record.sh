#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Compile GCC 12's gcc.c-torture/execute here, ours or stock, exactly as
# gcc-torture-parallel.sh does, but keep the programs instead of running
# them: torture-replay.sh runs them on a GPU machine, whose time then goes
# to running alone.
# Usage: scripts/gpu-machine/torture-record.sh ours|stock OUTDIR [OPTION]
# Writes OUTDIR/torture-KIND.tar.xz (the programs, each with its launcher
# options in NAME.options) and
# OUTDIR/torture-KIND-compile.sum (DejaGnu's compile results; its
# "execution test" lines mean nothing).
set -eu
kind=$1 option=${3:--O2}
out=$(mkdir -p "$2" && cd "$2" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
trap 'exit 143' TERM INT HUP
mkdir "$work/programs"
LAUNCHER=$here/record-program RECORD_DIR=$work/programs \
  "$here/gcc-torture-parallel.sh" "$kind" "$work/runs" "$option" \
  "$(nproc)" > /dev/null
cat "$work"/runs/slice*/gcc.sum > "$out/torture-$kind-compile.sum"
tar -C "$work" -cJf "$out/torture-$kind.tar.xz" programs
echo "$kind: $(ls "$work/programs" | grep -vc '\.options$') programs kept"
