#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Build an offloading test program as a user would, against a device
# library build tree, keeping its offload image's PTX for offload-check.sh.
# Usage: build.sh 'CC CFLAGS' PROGRAM LIBDIR MODEL SOURCE
#   PROGRAM  NAME.omp or NAME.acc, written with NAME.ptx beside it
#   LIBDIR   the newlib build directory whose offload/ holds the library
#            (offload/mgomp for OpenMP), absolute
#   MODEL    -fopenmp or -fopenacc
set -e
cc=$1 program=$2 libdir=$3 model=$4 source=$5
cd "$(dirname "$program")"
name=$(basename "$program")
$cc $model \
  -foffload-options=nvptx-none="-Wa,--no-verify -B$libdir/offload/ -save-temps" \
  "$source" -o "$name"
# mkoffload's -save-temps leaves the image's PTX as NAME.xnvptx-none.mkoffload.
mv "$name.xnvptx-none.mkoffload" "${name%.*}.ptx"
rm -f "$name".xnvptx-none.*
