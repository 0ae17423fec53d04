#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Run the DejaGnu GPU suite and the benchmark from a tree where "make
# check" has built the test programs, on a machine with a GPU.  Logs go to
# OUTDIR (default: .).  The stock launcher is $STOCK_RUN, by default
# /usr/bin/nvptx-none-run.
# Usage: scripts/gpu-machine/gpu-suite.sh [OUTDIR]
out=$(cd "${1:-.}" && pwd)
top=$(cd "$(dirname "$0")/../.." && pwd)
stock=${STOCK_RUN:-/usr/bin/nvptx-none-run}
cd "$out" && runtest --tool nvptx-rpc --srcdir "$top/testsuite" \
  NVPTX_RUN="$top/nvptx-none-run" GPU_BINDIR="$top/testsuite/gpu"
"$top/scripts/bench.sh" "$top/nvptx-none-run" "$stock" "$top/testsuite/gpu"
