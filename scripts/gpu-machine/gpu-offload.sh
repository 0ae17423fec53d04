#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# The offloading programs "make check" built (testsuite/offload/*.omp,
# openacc/*.acc) on the GPU, with the libgomp and nvptx plugin of the
# compiler that built them (GOMP_LIBDIR, or the libgomp1 and
# libgomp-plugin-nvptx1 .deb files in $GPU_PACK/gomp/, default
# .gpu-pack/gomp/: Debian 12's or 13's): under this tree's
# nvptx-rpc-offload, without it, and against the host fallback; any
# that fails, again under CUDA's compute-sanitizer where there is one.
# Each program checks itself.
# Usage: scripts/gpu-machine/gpu-offload.sh [WORKDIR]
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
work=${1:-$(mktemp -d)}
mkdir -p "$work"
. "$here/gomp-libdir.sh"
gomp_libdir "$work"
export NVPTX_RPC_LIBDIR=$top
offload=$top/nvptx-rpc-offload
programs=$top/testsuite/offload
cd "$work"

# run CMD...: CMD, then its status and wall time.
run ()
{
  start=$(date +%s%N)
  timeout 60 "$@"
  status=$?
  echo "[status $status, $(( ($(date +%s%N) - start) / 1000000 )) ms]"
}

for p in hello.omp fileio.omp stdio.omp prototypes.omp parallel.omp error.omp \
	 calls.omp openacc/fileio.acc openacc/gangs.acc openacc/async.acc; do
  echo "=== $p under nvptx-rpc-offload"
  run "$offload" "$programs/$p" 2>&1
done
echo "=== stdin.omp under nvptx-rpc-offload"
echo "41 words" | run "$offload" "$programs/stdin.omp" 2>&1
echo "=== fileio.omp --trace --window 64"
run "$offload" --trace --window 64 "$programs/fileio.omp" 2>&1 | tail -12
echo "=== hello.omp, stdout a file"
run "$offload" "$programs/hello.omp" > hello.out 2>&1
cat hello.out
for p in hello.omp fileio.omp openacc/fileio.acc; do
  echo "=== $p without the runner (stock: CUDA printf, calls fail)"
  run "$programs/$p" 2>&1 | tail -5
done

# parallel and gangs are left out: the host runs other counts of threads.
echo "=== against the host fallback: stdout (sorted), stderr, status"
for p in hello.omp fileio.omp stdio.omp stdin.omp openacc/fileio.acc \
	 openacc/async.acc; do
  echo "41 words" | timeout 60 "$offload" "$programs/$p" > gpu.out 2> gpu.err
  gpu=$?
  echo "41 words" | OMP_TARGET_OFFLOAD=DISABLED ACC_DEVICE_TYPE=host \
    timeout 60 "$programs/$p" > host.out 2> host.err
  host=$?
  sort gpu.out > gpu.sorted
  sort host.out > host.sorted
  if [ $gpu = $host ] && cmp -s gpu.sorted host.sorted \
     && cmp -s gpu.err host.err; then
    echo "same: $p (status $gpu, $(wc -l < gpu.out) lines)"
  else
    echo "DIFFERENT: $p (status $gpu against $host)"
    diff gpu.sorted host.sorted | head -5
    diff gpu.err host.err | head -5
  fi
done

sanitizer=$(command -v compute-sanitizer \
	    || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null)
[ -n "$sanitizer" ] || exit 0
echo "=== failures again under compute-sanitizer"
for p in hello.omp fileio.omp stdio.omp parallel.omp calls.omp \
	 openacc/fileio.acc openacc/gangs.acc openacc/async.acc; do
  timeout 60 "$offload" "$programs/$p" > /dev/null 2>&1 && continue
  echo "--- $p"
  timeout 120 "$sanitizer" --print-limit 40 "$offload" "$programs/$p" 2>&1 \
    | grep -E "Invalid|isaligned|overflow|^=========     at|Device Frame" \
    | head -30
done
