#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Unpack from GCC's source tarball TARBALL into DIR the parts of its
# testsuite that gcc-torture.sh runs.
# Usage: scripts/gpu-machine/unpack-gcc-testsuite.sh TARBALL DIR
set -eu
[ $# -eq 2 ] || { echo "usage: $0 TARBALL DIR" >&2; exit 2; }
tar -C "$2" -xf "$1" --wildcards \
  'gcc-12*/gcc/testsuite/gcc.c-torture/*' 'gcc-12*/gcc/testsuite/lib/*' \
  'gcc-12*/gcc/testsuite/config/*' \
  'gcc-12*/gcc/testsuite/gcc.dg/builtins-config.h'
