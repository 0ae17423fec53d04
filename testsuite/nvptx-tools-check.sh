#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# The launcher's patch series against nvptx-tools (see
# docs/upstreaming.md), checked without a GPU on each tree it is made
# for: the tree unpacked afresh, its series applied without fuzz,
# nvptx-none-run built by nvptx-tools' own configure and Makefile, then
# smoke tests of it and the launcher tests against it.  PASS only when
# every tree passes.
#
# The trees are the snapshots in the fixtures directory: nvptx-tools of
# 2022-06-10 (472b6e7, the tree Debian 12 packages) for the 0.20220610
# series, and master of 2026-04-02 (212da2e) for the upstream series.
# Without them, Debian's source package of the first, where the
# machine's apt can fetch it; SKIP (77) where neither is there.
#
# Environment:
#   NVPTX_TOOLS_FIXTURES
#                      the snapshots' directory (default ../shared/fixtures
#                      beside the source tree)
#   NVPTX_TOOLS_WORK   where to work (default ./nvptx-tools-build); a
#                      source package is kept in its download/, so that
#                      it is fetched once
#   NVPTX_TOOLS_LAUNCHER_TESTS
#                      further tests of the patched launcher: each is run
#                      with NVPTX_RUN set to it and NVPTX_RUN_FLAVOR to
#                      nvptx-tools; 0 passes, 77 skips, else fails
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
fixtures=${NVPTX_TOOLS_FIXTURES:-$top/../shared/fixtures}
work=${NVPTX_TOOLS_WORK:-nvptx-tools-build}
mkdir -p "$work"
work=$(cd "$work" && pwd)
download=$work/download
# Each snapshot's commit, and the version of the series in
# nvptx-tools-run-patch/patches/ made for it.
trees="472b6e7:0.20220610 212da2e:upstream"
package=nvptx-tools=0.20220610-1

skip () { echo "SKIP: $*"; exit 77; }

command -v g++ > /dev/null || skip "no g++, which nvptx-tools needs"

status=0
summary=

# check_tree NAME VERSION UNPACK...: the tree NAME, which UNPACK...
# makes in $src, with the series VERSION; PASS or FAIL lines prefixed
# with NAME, and a line for it in $summary.  Fails if any check fails.
check_tree ()
{
  name=$1 version=$2
  shift 2
  dir=$work/$name
  src=$dir/src obj=$dir/obj
  start=$(date +%s)
  rm -rf "$dir"
  mkdir -p "$dir"
  "$@" > "$dir/unpack.log" 2>&1 \
    || { cat "$dir/unpack.log"; tree_fail "cannot unpack it"; return 1; }
  sh "$top/nvptx-tools-run-patch/patches/mkseries.sh" "$version" "$dir/series" \
    || { tree_fail "mkseries.sh $version"; return 1; }
  count=0
  for p in $(cat "$dir/series/series"); do
    # No fuzz, and a patch that looks applied already is a failure.
    patch -d "$src" -p1 -F0 -N -t -s -i "$dir/series/$p" \
      || { tree_fail "$p does not apply"; return 1; }
    count=$((count + 1))
  done
  echo "PASS: $name: the $version series applies ($count patches)"

  # nvptx-tools' own configure and Makefile, out of the source tree; its
  # default cuda.h (include/cuda/cuda.h), as Debian builds it.  Only
  # nvptx-none-run and the libiberty it links.
  mkdir -p "$obj"
  (cd "$obj" && "$src/configure" > configure.log 2>&1) \
    || { tail -20 "$obj/configure.log"; tree_fail "configure"; return 1; }
  (cd "$obj" && make nvptx-none-run > make.log 2>&1) \
    || { tail -40 "$obj/make.log"; tree_fail "make nvptx-none-run"
	 return 1; }
  echo "PASS: $name: nvptx-none-run builds"

  failed=0
  smoke_tests "$obj/nvptx-none-run"
  [ $failed -eq 0 ] && smoke=passed || smoke=FAILED

  # The same launcher tests as nvptx-rpc's own launcher's, where given;
  # their PASS lines in $dir/launcher.log, the rest here.
  launcher=0 launcher_failed=0
  for t in ${NVPTX_TOOLS_LAUNCHER_TESTS:-}; do
    NVPTX_RUN=$obj/nvptx-none-run NVPTX_RUN_FLAVOR=nvptx-tools "$t" \
      > "$dir/launcher.log" 2>&1
    rc=$?
    grep -v '^PASS: ' "$dir/launcher.log" | sed "s|^|$name: |"
    # The test's last line: "NAME: N passed, M failed".
    n=$(sed -n '$s/.*: \([0-9][0-9]*\) passed, [0-9][0-9]* failed$/\1/p' \
	  "$dir/launcher.log")
    launcher=$((launcher + ${n:-0}))
    case $rc in
      0) echo "PASS: $name: $t" ;;
      77) echo "SKIP: $name: $t" ;;
      *) echo "FAIL: $name: $t"; launcher_failed=1 ;;
    esac
  done
  [ $launcher_failed -eq 0 ] && [ $failed -eq 0 ] || status=1
  result="applied, built, smoke tests $smoke"
  if [ -z "${NVPTX_TOOLS_LAUNCHER_TESTS:-}" ]; then
    result="$result, no launcher tests given"
  elif [ $launcher_failed -eq 0 ]; then
    result="$result, $launcher launcher checks passed"
  else
    result="$result, launcher tests FAILED ($launcher checks passed)"
  fi
  summary="$summary
$name ($version series): $result ($(($(date +%s) - start)) s)"
}

tree_fail ()
{
  echo "FAIL: $name: $*"
  status=1
  summary="$summary
$name ($version series): FAILED: $*"
}

# smoke_tests RUN: the patched launcher RUN without a GPU: its options,
# its errors, and a program that cannot start.  $failed counts failures.
smoke_tests ()
{
  run=$1
  help=$("$run" --help)
  for option in -S,\ --stack-size -L,\ --lanes --window --trace --timeout \
		--sandbox --read-only --env --no-env --help --version; do
    printf '%s\n' "$help" | grep -q "^  $option " \
      || { echo "FAIL: $name: --help lacks $option"; failed=1; }
  done
  expect "--help lists the options" 0 'Report bugs to' "$run" --help
  expect "--version" 0 '^nvptx-none-run ' "$run" --version
  expect "no program" 127 '^nvptx-run: no program file specified$' "$run"
  expect "missing program" 127 '^nvptx-run: program file not found$' \
    "$run" "$dir/none"
  expect "--window 12" 127 '^nvptx-run: invalid window size$' \
    "$run" --window 12 "$dir/none"
  expect "--timeout 0" 127 '^nvptx-run: invalid timeout$' \
    "$run" --timeout 0 "$dir/none"
  expect "NVPTX_RPC_TIMEOUT=x" 127 '^nvptx-run: invalid timeout$' \
    env NVPTX_RPC_TIMEOUT=x "$run" "$dir/none"
  expect "--env =x" 127 '^nvptx-run: invalid --env setting: =x$' \
    "$run" --env =x "$dir/none"

  # Without a GPU the program does not start: no libcuda.so.1 at all
  # (upstream also says why), or one that finds no device.  Options after
  # the program name are its own.
  program=$dir/program.ptx
  printf '.version 6.0\n.target sm_70\n.address_size 64\n' > "$program"
  expect "no GPU" 127 \
    '^nvptx-run: (couldn.t initialize CUDA Driver(: .*)?|cuInit failed: .*)$' \
    "$run" --window 4096 --trace --timeout 5 --read-only --env HOME \
    --no-env "$program" --window 12
}

# expect NAME STATUS PATTERN COMMAND...: COMMAND exits with STATUS, and
# its stdout and stderr together match the extended regex PATTERN.
expect ()
{
  test=$1 want=$2 pattern=$3
  shift 3
  out=$("$@" 2>&1)
  got=$?
  if [ "$got" -eq "$want" ] && printf '%s\n' "$out" | grep -Eq "$pattern"
  then
    echo "PASS: $name: $test"
  else
    echo "FAIL: $name: $test: status $got (expected $want), output:"
    printf '%s\n' "$out" | sed 's/^/  /'
    failed=1
  fi
}

unpack_fixture ()
{
  mkdir "$src" && tar -xJf "$1" -C "$src" --strip-components=1
}

unpack_source_package ()
{
  dpkg-source -x "$1" "$src"
}

if ls "$fixtures"/nvptx-tools-*.tar.xz > /dev/null 2>&1; then
  for tree in $trees; do
    name=${tree%%:*} version=${tree#*:}
    tarball=$fixtures/nvptx-tools-$name.tar.xz
    if [ -f "$tarball" ]; then
      check_tree "$name" "$version" unpack_fixture "$tarball"
    else
      tree_fail "no $tarball"
    fi
  done
else
  # No snapshots: Debian's source package, where the machine's deb-src
  # lines reach it.
  none="no nvptx-tools snapshots in $fixtures"
  command -v dpkg-source > /dev/null || skip "$none, no dpkg-source"
  mkdir -p "$download"
  [ -n "$(ls "$download"/nvptx-tools_*.dsc 2> /dev/null)" ] \
    || (cd "$download" && apt-get source --download-only -q "$package") \
	 > "$work/download.log" 2>&1 \
    || { rm -f "$download"/*; skip "$none, no source package $package"; }
  dsc=$(ls "$download"/nvptx-tools_*.dsc | head -n 1)
  check_tree "$(basename "$dsc" .dsc)" 0.20220610 \
    unpack_source_package "$dsc"
fi
echo "$summary" | sed 1d
exit $status
