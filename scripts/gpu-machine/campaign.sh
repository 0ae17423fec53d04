#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# The GPU runs that docs/gpu-results.md and docs/testing.md record, on a
# GPU machine, from a tree where "make check" built the test programs.
# On a GPU machine without network, the archives that pack-device.sh
# made in $GPU_PACK (default .gpu-pack/) are unpacked first, if that
# folder is there.  $NVPTX_PREFIX: the installed toolchain (default
# /opt/nvptx-none-gcc12; /opt/nvptx-none-gcc14 for GCC 14's row).
# Usage: scripts/gpu-machine/campaign.sh OUTDIR PART...
#   suite          our DejaGnu GPU suite and the benchmark
#   newlib         newlib's own testsuite, ours then stock
#   newlib-warm    newlib-warm.sh: newlib's testsuite with stock, with
#                  ours plain and through the warm launcher, timed and
#                  compared
#   torture        gcc.c-torture/execute at -O2, ours and stock side by
#                  side, 8 slices each, compiled there
#   installed      testsuite/gpu's posix.c and formats.c built there with
#                  the installed toolchain and no extra flags, run by the
#                  installed launcher and natively: output, status, files
#   torture-replay the same tests compiled beforehand by torture-record.sh
#                  (.gpu-pack/torture-*.tar.xz), only run there, ours then
#                  stock, and compared (torture-compare.sh)
#   torture-warm   those programs 16 at once: stock, ours, and ours
#                  through the warm launcher ($TORTURE_KINDS, default
#                  all three), each timed; ours and warm must give the
#                  same results
#   torture-rates  torture-rates.sh: those programs one at a time and 16
#                  at once, stock and ours, and through the warm launcher
#                  (its JIT cache empty, then filled, and by worker
#                  count), every run compared with the serial one
#   offload        gpu-offload.sh: our OpenMP and OpenACC programs
#   libgomp        GCC's libgomp tests built beforehand by
#                  libgomp-build.sh (.gpu-pack/libgomp.tar.xz), stock and
#                  ours, by libgomp-run.sh
#   jit            jit-cache.sh: what CUDA's JIT cache saves a second
#                  run of the same program
#   phases         phases.sh: where a program's time goes, plain and
#                  warm, one and 16 at once, and whether the kernels of
#                  several processes overlap on the GPU
#   warm           warm-run.sh: hello and many programs through the warm
#                  launcher, plain and stock, and the GPU suite through it,
#                  compared with the suite part's results
#   real           real-programs-run.sh: zlib, Lua 5.4 and the SQLite 3
#                  shell from Debian 12's sources, built here by
#                  real-programs-build.sh (.gpu-pack/real-programs.tar.xz),
#                  their work run natively and on the GPU and compared
#   residue        residue.sh: whether a program's device memory reaches
#                  the next program of a warm worker, plain, through
#                  $OLD_LAUNCHER's server (an earlier one, if set) and
#                  through this tree's, and what zeroing freed blocks
#                  costs
# Each PART prints to OUTDIR/PART.txt and packs its .sum, .log, .out,
# .list, .dat (the benchmark's) and .txt files into OUTDIR/PART.tar.xz.  A
# part is stopped after $PART_SECONDS (default 540), keeping what it has
# logged.
set -u
[ $# -ge 2 ] || { echo "usage: $0 OUTDIR PART..." >&2; exit 2; }
out=$(mkdir -p "$1" && cd "$1" && pwd) || exit; shift
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
cd "$top"
pack=${GPU_PACK:-$top/.gpu-pack}
export GPU_PACK=$pack
prefix=${NVPTX_PREFIX:-/opt/nvptx-none-gcc12}
export NVPTX_PREFIX=$prefix
# The suite needs only the packages; the other parts need the toolchain
# and the newlib trees.
if [ -d "$pack" ]; then
  for f in "$pack"/*.deb; do dpkg -x "$f" /; done
  [ ! -f "$pack/tc.tar.xz" ] || tar -C / -xJf "$pack/tc.tar.xz"
  # The programs "make check" built here, for a copy of the tracked
  # files alone.
  [ ! -f "$pack/built.tar.xz" ] || tar -xJf "$pack/built.tar.xz"
  [ ! -f "$pack/newlib-trees.tar.xz" ] || tar -xJf "$pack/newlib-trees.tar.xz"
  export GCC_TARBALL=$pack/gcc-${GCC_MAJOR:-12}-testsuite.tar.xz
fi
export PATH=$prefix/bin:$PATH
# A hung program of our own GPU suite fails after two minutes, not five.
export NVPTX_RPC_TIMEOUT=${NVPTX_RPC_TIMEOUT:-120}
limit=${PART_SECONDS:-540}

for part; do
  logs=${TMPDIR:-/tmp}/campaign-$part
  rm -rf "$logs"; mkdir -p "$logs"
  {
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    date -u
    start=$(date +%s)
    case $part in
      suite) timeout $limit "$here/gpu-suite.sh" "$logs" ;;
      offload) timeout $limit "$here/gpu-offload.sh" "$logs" ;;
      libgomp)
	tar -C "$logs" -xJf "$pack/libgomp.tar.xz"
	cp "$logs"/libgomp/*.list "$logs"
	timeout $limit "$here/libgomp-run.sh" "$logs/libgomp" "$logs"
	rm -rf "$logs/libgomp" ;;
      newlib)
	timeout $limit sh -c '"$1/newlib-testsuite.sh" ours "$2" &&
			      "$1/newlib-testsuite.sh" stock "$2"' \
	  sh "$here" "$logs" ;;
      newlib-warm) timeout $limit "$here/newlib-warm.sh" "$logs" ;;
      torture)
	for kind in ours stock; do
	  timeout $limit "$here/gcc-torture-parallel.sh" $kind "$logs/$kind" \
	    -O2 8 &
	done
	wait ;;
      torture-replay)
	for kind in ours stock; do
	  cp "$pack/torture-$kind-compile.sum" "$logs"
	  timeout $(( limit / 2 )) "$here/torture-replay.sh" $kind \
	    "$pack/torture-$kind.tar.xz" "$logs"
	done
	"$here/torture-compare.sh" "$logs" ;;
      torture-warm)
	# Ours plain and through the warm server, stock: each 16 at once.
	kinds=${TORTURE_KINDS:-stock ours warm}
	for kind in $kinds; do
	  recorded=$kind
	  [ $kind != warm ] || recorded=ours
	  timeout $(( limit / $(echo $kinds | wc -w) )) \
	    "$here/torture-replay.sh" $kind \
	    "$pack/torture-$recorded.tar.xz" "$logs"
	done
	# Each test's result and status, not its first line of stderr.
	if [ ! -f "$logs/torture-ours-run.sum" ]; then :
	elif [ "$(cut -d: -f1-3 "$logs/torture-ours-run.sum")" = \
	       "$(cut -d: -f1-3 "$logs/torture-warm-run.sum")" ]
	then echo "PASS: torture through the warm server: results as plain"
	else echo "FAIL: torture through the warm server differs from plain"
	fi ;;
      torture-rates) timeout $limit "$here/torture-rates.sh" "$logs" ;;
      installed)
	for prog in posix formats; do
	  d=$logs/$prog
	  mkdir -p "$d/native" "$d/gpu"
	  # formats.c reads what gpu.exp gives it.
	  if [ $prog = formats ]; then
	    printf '18446744073709551615 -128 -9223372036854775808\n  the rest of the line  \n'
	  fi > "$d/in"
	  cc -O2 -o "$d/$prog.native" testsuite/gpu/$prog.c
	  nvptx-none-gcc -O2 -mmainkernel -o "$d/$prog.nvptx" testsuite/gpu/$prog.c
	  (cd "$d/native" && ../$prog.native < ../in > ../native.out 2>&1;
	   echo "status $?" >> ../native.out)
	  (cd "$d/gpu" && nvptx-none-run ../$prog.nvptx < ../in \
	     > ../gpu.out 2>&1; echo "status $?" >> ../gpu.out)
	  if cmp -s "$d/native.out" "$d/gpu.out" \
	     && diff -r "$d/native" "$d/gpu" > /dev/null; then
	    echo "PASS: $prog, installed toolchain: identical to native"
	  else
	    echo "FAIL: $prog, installed toolchain: differs from native"
	    diff "$d/native.out" "$d/gpu.out" | head -20
	  fi
	done ;;
      jit) timeout $limit "$here/jit-cache.sh" "$logs" ;;
      phases) timeout $limit "$here/phases.sh" "$logs" ;;
      real) timeout $limit "$here/real-programs-run.sh" "$logs" ;;
      residue)
	timeout $limit "$here/residue.sh" "$logs" "${OLD_LAUNCHER:-}" ;;
      warm)
	[ ! -f "${TMPDIR:-/tmp}/campaign-suite/nvptx-rpc.sum" ] \
	  || cp "${TMPDIR:-/tmp}/campaign-suite/nvptx-rpc.sum" "$logs/plain.sum"
	timeout $limit "$here/warm-run.sh" "$logs" ;;
      *) echo "unknown part $part" ;;
    esac
    echo "$part took $(( $(date +%s) - start )) s"
  } 2>&1 | tee "$out/$part.txt"
  (cd "$logs" && find . -name '*.sum' -o -name '*.log' -o -name '*.out' \
		       -o -name '*.list' -o -name '*.dat' -o -name '*.txt' \
	       | tar -cJf "$out/$part.tar.xz" -T -)
done
