#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Build GCC's own libgomp execute tests (GCC $GCC_MAJOR's, default 12)
# that run code on the GPU twice, with Debian's stock nvptx newlib and
# with ours, for libgomp-run.sh to run on a GPU machine.  The C tests of
# libgomp.c, libgomp.c-c++-common, libgomp.oacc-c and
# libgomp.oacc-c-c++-common, with the flags their .exp
# files give for the nvidia device, at -O2 (OpenACC: not also at -O0);
# OpenMP tests only when they have offloaded code (a target construct or
# an omp_target_* call): the others never run on the GPU.
# Usage: scripts/gpu-machine/libgomp-build.sh OUTDIR
# Writes:
#   OUTDIR/{stock,ours}/SUITE/TEST  the programs, stripped
#   OUTDIR/{stock,ours}/probe/{omp,acc}  an OpenMP and an OpenACC region
#                     that exit nonzero unless they ran on a GPU
#   OUTDIR/tests.list "SUITE/TEST run" or "SUITE/TEST shouldfail" (exit
#                     status nonzero), "xfail" after it where GCC expects
#                     the run to fail; tests that built on one side at least
#   OUTDIR/expect/SUITE/TEST.env     NAME=VALUE lines for the run
#   OUTDIR/expect/SUITE/TEST.output  the pattern the output must match, a
#                     Perl regexp (dg-output: Tcl's syntax is Perl's there)
#   OUTDIR/skipped.list  "SUITE/TEST: why", each test not built
#   OUTDIR/compile-failures.list  "SUITE/TEST KIND: first error", the logs
#                     in OUTDIR/compile-logs/KIND/
#   OUTDIR.tar.xz
# $GCC_MAJOR: the GCC (gcc-N, with Debian's gcc-N-offload-nvptx for the
#   stock side), default 12.
# $GCC_TARBALL: that GCC's source (default Debian's gcc-N tarball).
# $OURS_OMP_LIBDIR, $OURS_ACC_LIBDIR: newlib build directories whose
#   offload/ holds our device library for OpenMP (offload/mgomp/) and for
#   OpenACC (default this tree's newlib-build-mgomp and newlib-build-oacc).
# $LIBGOMP_TESTS: only the tests matching one of these globs (SUITE/TEST).
# $JOBS: compiles at once (default: the number of CPUs).
set -eu
[ $# -eq 1 ] || { echo "usage: $0 OUTDIR" >&2; exit 2; }
out=$(mkdir -p "$1" && cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
major=${GCC_MAJOR:-12}
cc=gcc-$major
lib=obj/nvptx-none/newlib
omp_lib=${OURS_OMP_LIBDIR:-$top/newlib-build-mgomp/$lib}
acc_lib=${OURS_ACC_LIBDIR:-$top/newlib-build-oacc/$lib}
# Both -B, as "make install" puts both libraries under one directory:
# mkoffload links OpenMP code from mgomp/ beneath the first, OpenACC code
# from the second.  --no-verify: CUDA 13's ptxas refuses GCC 12's sm_35.
stock_opts=-Wa,--no-verify
ours_opts="-Wa,--no-verify -B$omp_lib/offload/ -B$acc_lib/offload/"

for d in "$omp_lib/offload/mgomp" "$acc_lib/offload"; do
  [ -f "$d/libc.a" ] || { echo "$0: no $d/libc.a" >&2; exit 1; }
done
gcc_tarball=$(echo ${GCC_TARBALL:-/usr/src/gcc-$major/gcc-$major*-dfsg.tar.xz})
jobs=${JOBS:-$(nproc)}
command -v tclsh > /dev/null \
  || { echo "$0: no tclsh, which reads the tests' directives (Debian: tcl)" >&2
       exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rm -rf "$out"/stock "$out"/ours "$out"/expect "$out"/compile-logs

# libgomp's testsuite, and what its tests include from elsewhere: the
# libgomp/ and include/ directories (-I, as libgomp.exp gives) and two
# tests of gcc/testsuite.
tar -C "$work" -xf "$gcc_tarball" --wildcards "gcc-$major*/libgomp/testsuite/*" \
  "gcc-$major*/libgomp/*.h" "gcc-$major*/include/gomp-constants.h" \
  "gcc-$major*/gcc/testsuite/c-c++-common/goacc/*"
src=$(echo "$work"/gcc-$major*/libgomp/testsuite)

# The test directives (dg-*), which are Tcl lists: read by tclsh.  Writes
# WORK/plan ("SUITE/TEST<TAB>compiler arguments, quoted for sh"),
# WORK/outcome (tests.list's lines), WORK/cfail ("SUITE/TEST DIRECTIVE"
# where a directive expects the compile to fail), OUTDIR/skipped.list and
# OUTDIR/expect/.
cat > "$work/select.tcl" <<'EOF'
lassign $argv src out work globs
set triplet x86_64-pc-linux-gnu
# Effective targets as on the GPU machine: x86_64 GNU/Linux, offloading
# to nvptx only, an NVIDIA GPU that OpenACC tests use as the nvidia device
# (openacc_nvidia_accel_selected, in those suites only), a CPU with AVX.
# Those a test may require and that are false give a reason.
array set et {
  c 1  c++ 0  lp64 1  ia32 0  alias 1  fpic 1  shared 1  lto 1  tls 1
  tls_runtime 1  size32plus 1  sync_int_long 1  large_long_double 1
  weak_undefined 1  __float128 1  vect_simd_clones 1
  avx_runtime 1  sse2_runtime 1  offloading_enabled 1
  offload_target_nvptx 1  offload_target_amdgcn 0
  offload_device 1  offload_device_nonshared_as 1  offload_device_nvptx 1
  offload_device_shared_as 0  offload_device_intel_mic 0
  offload_device_any_intel_mic 0  openacc_host_selected 0
  openacc_radeon_accel_selected 0  run_expensive_tests 0
  openacc_cuda 0  openacc_cudart 0  openacc_cublas 0
}
array set why {
  openacc_cuda "CUDA's headers and libcuda to build (not here)"
  openacc_cudart "CUDA's runtime to build (not here)"
  openacc_cublas "cuBLAS to build (not here)"
  offload_target_amdgcn "offloading to AMD GCN"
  offload_device_shared_as "a device sharing the host's memory"
  offload_device_intel_mic "an Intel MIC device"
  openacc_host_selected "OpenACC's host device"
  openacc_radeon_accel_selected "an AMD GPU"
}

proc is {name} {
  global et triplet
  if {[info exists et($name)]} { return $et($name) }
  if {[regexp {^[^-]+-[^-]+-} $name]} { return [string match $name $triplet] }
  return 0
}
# A selector: NAME..., or an expression of ! && || over selectors.
proc sel {s} {
  if {[llength $s] == 2 && [lindex $s 0] eq "!"} {
    return [expr {![sel [lindex $s 1]]}]
  }
  if {[llength $s] == 3 && [lindex $s 1] in {&& ||}} {
    set a [sel [lindex $s 0]]
    set b [sel [lindex $s 2]]
    return [expr {[lindex $s 1] eq "&&" ? $a && $b : $a || $b}]
  }
  foreach t $s {
    if {[llength $t] > 1 ? [sel $t] : [is [lindex $t 0]]} { return 1 }
  }
  return 0
}
# { target S } applies when S holds, { xfail S } always (expected to fail).
proc applies {s} {
  expr {[lindex $s 0] ne "target" || [sel [lrange $s 1 end]]}
}
proc xfails {s} {
  expr {[lindex $s 0] eq "xfail" && [sel [lrange $s 1 end]]}
}
# dg-skip-if and dg-xfail-run-if: MSG SELECTOR ?INCLUDE? ?EXCLUDE?, the
# options matched against the test's as DejaGnu does.
proc hits {alternatives flags} {
  foreach alt $alternatives {
    set n 0
    foreach o $alt { if {[string match "* $o *" " x $flags "]} { incr n } }
    if {$n == [llength $alt]} { return $n }
  }
  return 0
}
proc conditional {a flags} {
  if {![sel [lindex $a 1]]} { return 0 }
  set incl [expr {[llength $a] > 2 ? [lindex $a 2] : "*"}]
  set i [expr {[llength $incl] ? [hits $incl $flags] : 1}]
  expr {$i && ![hits [lindex $a 3] $flags]}
}
proc slurp {f} { set h [open $f]; set t [read $h]; close $h; return $t }
# F's text and that of the files it includes with "...", for the offload
# check.
proc text {f dirs} {
  set t [slurp $f]
  foreach {- inc} [regexp -all -inline {#include\s+"([^"]+)"} $t] {
    foreach d [concat [file dirname $f] $dirs] {
      if {[file exists $d/$inc]} { append t [text $d/$inc $dirs]; break }
    }
  }
  return $t
}
# OpenMP: a target construct, or a call that reaches the devices.
proc offloads {f srcs} {
  global src
  set t [text $f [list $src/.. $src/../../include]]
  foreach s $srcs { append t [text $s {}] }
  expr {[regexp {omp\s+(declare\s+)?target\M|omp_target_\w+\s*\(} $t]
	|| [regexp {omp_get_num_devices|omp_get_initial_device} $t]}
}
proc shquote {w} { return '[string map {' '\\''} $w]' }

# plan F ACC (1 for OpenACC): "run", the test's compiler arguments,
# outcome, xfail, environment, output pattern and the directive by which
# its compile should fail; or "skip REASON".
proc plan {f acc} {
  global src
  set do run; set dosel {}; set opts -O2; set add {}; set srcs {}
  set env {}; set output {}; set outcome run; set xfail 0; set checks {}
  set cfail {}
  if {$acc} { lappend env ACC_DEVICE_TYPE=nvidia; set opts {} }
  foreach line [split [slurp $f] \n] {
    if {![regexp {\{[ \t]+dg-[-a-z]+[ \t]+.*[ \t]+\}} $line d]
	|| [catch {lindex $d 0} d]} continue
    set a [lrange $d 1 end]
    switch -- [lindex $d 0] {
      dg-do { set do [lindex $a 0]; set dosel [lindex $a 1] }
      dg-options {
	if {[applies [lindex $a 1]]} { set opts [lindex $a 0] }
      }
      dg-additional-options {
	if {[applies [lindex $a 1]]} { lappend add {*}[lindex $a 0] }
      }
      dg-additional-sources {
	foreach s [lindex $a 0] { lappend srcs [file dirname $f]/$s }
      }
      dg-set-target-env-var { lappend env [lindex $a 0]=[lindex $a 1] }
      dg-output {
	set s [lindex $a 1]
	if {[applies $s] && ![xfails $s]} { append output [lindex $a 0] }
      }
      dg-shouldfail {
	if {[llength $a] < 2 || [sel [lindex $a 1]]} { set outcome shouldfail }
      }
      dg-skip-if - dg-require-effective-target - dg-xfail-run-if
      - dg-xfail-if { lappend checks [lindex $d 0] $a }
      dg-error - dg-excess-errors {
	set s [lindex $a [expr {[lindex $d 0] eq "dg-error" ? 2 : 1}]]
	if {[applies $s]} { set cfail [lindex $d 0] }
      }
    }
  }
  if {$do ne "run"} { return [list skip "dg-do $do"] }
  if {![applies $dosel]} { return [list skip "dg-do run [list $dosel]"] }
  if {[xfails $dosel]} { set xfail 1 }
  set incs [list -I$src/.. -I$src/../../include]
  if {$acc} {
    set flags [list -fopenacc -I$src/libgomp.oacc-c-c++-common \
		 -DACC_DEVICE_TYPE_nvidia=1 -DACC_MEM_SHARED=0 \
		 -foffload=nvptx-none -O2 {*}$opts {*}$add]
  } else {
    set flags [list -fopenmp -foffload=nvptx-none {*}$opts {*}$add]
  }
  foreach {cmd a} $checks {
    switch -- $cmd {
      dg-skip-if {
	if {[conditional $a $flags]} { return [list skip "dg-skip-if $a"] }
      }
      dg-require-effective-target {
	set n [lindex $a 0]
	if {[applies [lindex $a 1]] && ![is $n]} {
	  global why et
	  if {[info exists why($n)]} { set n "$n: $why($n)" } \
	  elseif {![info exists et($n)]} { set n "$n (unknown)" }
	  return [list skip "needs $n"]
	}
      }
      dg-xfail-run-if { if {[conditional $a $flags]} { set xfail 1 } }
      dg-xfail-if { if {[conditional $a $flags]} { set cfail dg-xfail-if } }
    }
  }
  if {!$acc && ![offloads $f $srcs]} { return [list skip "no offloaded code"] }
  list run [concat $incs $flags [list $f] $srcs] $outcome $xfail $env \
    $output $cfail
}

set planf [open $work/plan w]
set outcomef [open $work/outcome w]
set skipf [open $out/skipped.list w]
set cfailf [open $work/cfail w]
foreach suite {libgomp.c libgomp.c-c++-common libgomp.oacc-c
	       libgomp.oacc-c-c++-common} {
  set acc [string match libgomp.oacc* $suite]
  set et(openacc_nvidia_accel_selected) $acc
  foreach f [lsort [glob $src/$suite/*.c]] {
    set name $suite/[file rootname [file tail $f]]
    set wanted 0
    foreach g $globs { if {[string match $g $name]} { set wanted 1 } }
    if {!$wanted} continue
    set p [plan $f $acc]
    if {[lindex $p 0] eq "skip"} {
      puts $skipf "$name: [lindex $p 1]"
      continue
    }
    lassign $p - args outcome xfail vars output cfail
    if {$cfail ne ""} { puts $cfailf "$name $cfail" }
    puts $planf "$name\t[join [lmap w $args {shquote $w}]]"
    puts $outcomef "$name $outcome[expr {$xfail ? { xfail} : {}}]"
    file mkdir [file dirname $out/expect/$name]
    if {[llength $vars]} {
      set h [open $out/expect/$name.env w]
      puts $h [join $vars \n]
      close $h
    }
    if {$output ne ""} {
      set h [open $out/expect/$name.output w]
      puts -nonewline $h $output
      close $h
    }
  }
}
close $planf; close $outcomef; close $skipf; close $cfailf
EOF
tclsh "$work/select.tcl" "$src" "$out" "$work" "${LIBGOMP_TESTS:-*}"

# The probes: a region that fails on the host, for each model.
mkdir -p "$work/probe"
cat > "$work/probe/omp.c" <<'EOF'
#include <omp.h>
int
main (void)
{
  int host = 1;
#pragma omp target map(from: host)
  host = omp_is_initial_device ();
  return host;
}
EOF
cat > "$work/probe/acc.c" <<'EOF'
#include <openacc.h>
int
main (void)
{
  int gpu = 0;
#pragma acc parallel copyout(gpu)
  gpu = acc_on_device (acc_device_nvidia);
  return !gpu;
}
EOF
printf "probe/omp\t-fopenmp -foffload=nvptx-none -O2 '%s'\n" \
  "$work/probe/omp.c" >> "$work/plan"
printf "probe/acc\t-fopenacc -foffload=nvptx-none -O2 '%s'\n" \
  "$work/probe/acc.c" >> "$work/plan"

echo "$(grep -c . "$work/outcome") tests to build, $(grep -c . \
  "$out/skipped.list") skipped; compiling with $jobs jobs"

# One compile, KIND and a line of the plan, in a directory of its own
# (tests may ask for dumps); the log kept when it fails.
cat > "$work/compile.sh" <<'EOF'
kind=$1 line=$2
name=${line%%	*}
dir=$work/tmp/$kind/$name
mkdir -p "$dir" "$out/$kind/${name%/*}"
eval "set -- ${line#*	}"
if [ $kind = ours ]; then opts=$ours_opts; else opts=$stock_opts; fi
cd "$dir"
# The program is written here first: dumps go beside it.  Debian's gcc
# links --as-needed, which drops libgomp from a program whose host code
# calls nothing in it but the offload tables' registration (declare-2).
if timeout 300 $cc "$@" -Wl,--no-as-needed -lm \
     -foffload-options=nvptx-none="$opts" -o prog > log 2>&1; then
  mv prog "$out/$kind/$name"
else
  mkdir -p "$out/compile-logs/$kind/${name%/*}"
  cp log "$out/compile-logs/$kind/$name.log"
fi
cd / && rm -rf "$dir"
EOF
export work out cc stock_opts ours_opts
while IFS= read -r line; do
  printf 'stock\n%s\nours\n%s\n' "$line" "$line"
done < "$work/plan" \
  | xargs -d '\n' -n 2 -P "$jobs" sh "$work/compile.sh"

# Strip, but keep the symbols of a program whose offload tables strip
# would lose.
for f in "$out"/stock/*/* "$out"/ours/*/*; do
  objdump -h "$f" | grep -q 'gnu\.offload_' || { strip "$f"; continue; }
  cp "$f" "$work/unstripped"
  strip "$f" || cp "$work/unstripped" "$f"
  objdump -h "$f" | grep -q 'gnu\.offload_' || cp "$work/unstripped" "$f"
done

# tests.list: the tests built on one side at least.
while read -r name rest; do
  [ ! -f "$out/stock/$name" ] && [ ! -f "$out/ours/$name" ] \
    || echo "$name $rest"
done < "$work/outcome" > "$out/tests.list"
(cd "$out/compile-logs" 2> /dev/null && find . -name '*.log' | sort) \
  | while read -r log; do
      kind=${log#./}; kind=${kind%%/*}
      name=${log#./$kind/}; name=${name%.log}
      why=$(grep "^$name " "$work/cfail" | cut -d' ' -f2)
      echo "$name $kind${why:+ (expected: $why)}: $(grep -m1 -E \
	'error|undefined|Killed' "$out/compile-logs/$log" \
	|| tail -1 "$out/compile-logs/$log")"
    done | sed "s|$work/[^/]*/||" | sort > "$out/compile-failures.list"

for kind in stock ours; do
  echo "$kind: $(ls "$out/$kind"/libgomp.*/* 2> /dev/null | wc -l) built," \
    "$(grep -c " ${kind}[ :]" "$out/compile-failures.list") failed to compile"
done
echo "built on one side only:"
awk '{ n[$1]++; line[NR] = $0; name[NR] = $1 }
     END { for (i = 1; i <= NR; i++)
	     if (n[name[i]] == 1) print "  " line[i] }' \
  "$out/compile-failures.list"
(cd "$out/.." && tar -cf - "$(basename "$out")") | xz -9 > "$out.tar.xz"
echo "$out.tar.xz: $(du -k "$out.tar.xz" | cut -f1) KiB"
