#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Run the libgomp tests that libgomp-build.sh built, on a GPU machine:
# each test's stock program as it is, and its program with our device
# library under this tree's nvptx-rpc-offload, with the libgomp and nvptx
# plugin of the GCC that built them ($GOMP_LIBDIR, or the libgomp1 and
# libgomp-plugin-nvptx1 .deb files in $GPU_PACK/gomp/, default
# .gpu-pack/gomp/).
# Usage: scripts/gpu-machine/libgomp-run.sh PACKDIR OUTDIR
# PACKDIR is libgomp-build.sh's OUTDIR, unpacked.  $JOBS programs run at
# once (default 8), each for $LIBGOMP_TIMEOUT seconds at most (default
# 300, DejaGnu's own limit for a test program: for-3, for-5, for-9 and
# for-11 take 50-70 s with either library while 8 or more run at once,
# so a 60 s limit decided them by chance), in a directory of its own.  A
# test passes if it exits 0 (shouldfail tests: nonzero, but not by the
# time limit) and its output matches its dg-output pattern.  Writes
# OUTDIR/logs/KIND/SUITE/TEST.log (stdout and stderr), OUTDIR/libgomp.sum
# ("PASS: KIND SUITE/TEST: status N, S s" or "FAIL: KIND SUITE/TEST:
# status N[, why], S s", S the seconds it ran)
# and prints the totals and the lists; exits 1 if a test that passes
# stock fails ours, else 0.  Also on TERM: what finished is summarized.
# $NVPTX_RPC_LIBDIR: where nvptx-rpc-offload and its libraries are
# (default this tree's root).  $LIBGOMP_ON_HOST=1 runs the regions on
# the host instead (OMP_TARGET_OFFLOAD=DISABLED, ACC_DEVICE_TYPE=host):
# a check of this script on a machine without a GPU.
set -u
[ $# -eq 2 ] || { echo "usage: $0 PACKDIR OUTDIR" >&2; exit 2; }
pack=$(cd "$1" && pwd) || exit 2
out=$(mkdir -p "$2" && cd "$2" && pwd) || exit 2
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
export NVPTX_RPC_LIBDIR=${NVPTX_RPC_LIBDIR:-$top}
offload=$NVPTX_RPC_LIBDIR/nvptx-rpc-offload
host=${LIBGOMP_ON_HOST:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. "$here/gomp-libdir.sh"
gomp_libdir "$work"
# Room in CUDA's JIT cache for every image, for a second run.
export CUDA_CACHE_MAXSIZE=${CUDA_CACHE_MAXSIZE:-2147483648}
[ -x "$offload" ] || { echo "$0: no $offload" >&2; exit 2; }

# One run: KIND (stock or ours), SUITE/TEST, and its expected outcome
# (run or shouldfail); its result in OUTDIR/results/KIND/SUITE/TEST,
# with its wall time.
cat > "$work/run-one.sh" <<'EOF'
kind=$1 name=$2 outcome=$3
log=$out/logs/$kind/$name.log
result=$out/results/$kind/$name
mkdir -p "${log%/*}" "${result%/*}"
exe=$pack/$kind/$name
[ -f "$exe" ] || { echo "fail not built" > "$result"; exit; }
dir=$(mktemp -d "$work/run.XXXXXX")
start=$(date +%s%N)
# The shell's word of a program killed by a signal ("Aborted") goes to
# the log too.
{
  (
    cd "$dir"
    [ ! -f "$pack/expect/$name.env" ] \
      || while IFS= read -r v; do export "$v"; done < "$pack/expect/$name.env"
    [ -z "$host" ] || export OMP_TARGET_OFFLOAD=DISABLED ACC_DEVICE_TYPE=host
    if [ $kind = ours ]; then set -- "$offload" "$exe"; else set -- "$exe"; fi
    # --foreground: a limit around this script reaches the tests.
    exec timeout --foreground -k 10 "$limit" "$@" < /dev/null > "$log" 2>&1
  )
  status=$?
} 2>> "$log"
ms=$(( ($(date +%s%N) - start) / 1000000 ))
rm -rf "$dir"
verdict=pass why=
case $status:$outcome in
  124:* | 137:*) verdict=fail why=", timeout" ;;
  0:shouldfail) verdict=fail why=", should have failed" ;;
  0:* | *:shouldfail) ;;
  *) verdict=fail ;;
esac
# dg-output: Tcl's regexp syntax, where "." matches a newline too.
[ $verdict = fail ] || [ ! -f "$pack/expect/$name.output" ] \
  || perl -0777 -e 'open P, "<", shift; $p = <P>; $_ = <STDIN>;
		    exit (/$p/s ? 0 : 1)' "$pack/expect/$name.output" < "$log" \
  || { verdict=fail why=", output does not match"; }
echo "$verdict status $status$why, $((ms / 1000)).$((ms % 1000 / 100)) s" \
  > "$result"
EOF
limit=${LIBGOMP_TIMEOUT:-300}
export pack out work offload host limit

# OUTDIR/libgomp.sum, the totals and the lists, from the results so far.
summarize ()
{
  trap - EXIT
  while read -r name outcome xfail; do
    echo "$name ${xfail:--}|$(cat "$out/results/stock/$name" 2> /dev/null)|$(
      cat "$out/results/ours/$name" 2> /dev/null)"
  done < "$pack/tests.list" | awk -F'|' -v sum="$out/libgomp.sum" '
    # A result is "pass DETAIL" or "fail DETAIL"; none: not run.
    function verdict(kind, r) {
      v = r == "" ? "NOTRUN" : toupper(substr(r, 1, index(r, " ") - 1))
      why = substr(r, index(r, " ") + 1)
      n[kind, v]++
      print v ": " kind " " name (v == "NOTRUN" ? "" : ": " why) > sum
      return v
    }
    { split($1, t, " "); name = t[1]
      s = verdict("stock", $2); sw = why
      o = verdict("ours", $3); ow = why
      line = "  " name ": stock " (s == "NOTRUN" ? "not run" : sw) \
	     ", ours " (o == "NOTRUN" ? "not run" : ow) \
	     (t[2] == "xfail" ? " (GCC expects it to fail)" : "") "\n"
      if (s == "PASS" && o == "FAIL") reg = reg line
      if (s == "FAIL" && o == "PASS") better = better line
      if (s == "FAIL" && o == "FAIL") both = both line }
    END {
      for (k = 1; k <= 2; k++) {
	kind = k == 1 ? "stock" : "ours"
	printf "%s: %d pass, %d fail, %d not run\n", kind, n[kind, "PASS"],
	  n[kind, "FAIL"], n[kind, "NOTRUN"]
      }
      printf "=== stock pass, ours fail (regressions):\n%s", reg
      printf "=== ours pass, stock fail:\n%s", better
      printf "=== both fail:\n%s", both
      exit reg != "" }'
  status=$?
  rm -rf "$work"
  exit $status
}

jobs=${JOBS:-8}
# The GPU must be in use: else every test would pass on the host.
if [ -z "$host" ]; then
  for p in omp acc; do
    ACC_DEVICE_TYPE=nvidia timeout 60 "$pack/stock/probe/$p" > /dev/null 2>&1 \
      || { echo "$0: the stock $p probe did not run on the GPU" \
	     "(libgomp in $GOMP_LIBDIR, its plugin, libcuda.so.1?)" >&2
	   exit 2; }
    ACC_DEVICE_TYPE=nvidia timeout 60 "$offload" "$pack/ours/probe/$p" \
      > /dev/null 2>&1 || echo "the ours $p probe did not run on the GPU"
  done
fi
rm -rf "$out/logs" "$out/results"
trap summarize EXIT
trap 'exit 143' TERM INT HUP
echo "$(grep -c . "$pack/tests.list") tests, $jobs programs at once"
# A test's two runs one after the other: a run cut short has both
# results of the tests it reached.
while read -r name outcome xfail; do
  printf '%s\n' "stock $name $outcome" "ours $name $outcome"
done < "$pack/tests.list" | xargs -P "$jobs" -L 1 sh "$work/run-one.sh"
