#!/bin/sh
# Run the DejaGnu GPU suite and the benchmark from a built tree, on a
# machine with a GPU.  Logs go to OUTDIR (default: .).
# Usage: scripts/gpu-suite.sh [OUTDIR]
out=$(cd "${1:-.}" && pwd)
top=$(cd "$(dirname "$0")/.." && pwd)
stock=$(command -v nvptx-none-run.stock || echo /usr/bin/nvptx-none-run)
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
date -u
cd "$out" && runtest --tool nvptx-rpc --srcdir "$top/testsuite" \
  NVPTX_RUN="$top/nvptx-none-run" GPU_BINDIR="$top/testsuite/gpu"
"$top/scripts/bench.sh" "$top/nvptx-none-run" "$stock" "$top/testsuite/gpu"
