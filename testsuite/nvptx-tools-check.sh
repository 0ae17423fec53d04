#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# The launcher's patch series against Debian 12's nvptx-tools (see
# docs/upstreaming.md), checked without a GPU: Debian's source package,
# unpacked afresh, the series applied without fuzz, nvptx-none-run built
# by nvptx-tools' own configure and Makefile, then smoke tests of it.
# SKIP (77) where the source package cannot be had.
#
# Environment:
#   NVPTX_TOOLS_WORK   where to work (default ./nvptx-tools-build); the
#                      source package is kept in its download/, so that
#                      it is fetched once
#   NVPTX_TOOLS_LAUNCHER_TESTS
#                      further tests of the patched launcher: each is run
#                      with NVPTX_RUN set to it and NVPTX_RUN_FLAVOR to
#                      nvptx-tools; 0 passes, 77 skips, else fails
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
work=${NVPTX_TOOLS_WORK:-nvptx-tools-build}
mkdir -p "$work"
work=$(cd "$work" && pwd)
download=$work/download
# The version the series in nvptx-tools-run-patch/patches/ is made for.
series=0.20220610
package=nvptx-tools=0.20220610-1

skip () { echo "SKIP: $*"; exit 77; }
fail () { echo "FAIL: $*"; exit 1; }

command -v dpkg-source > /dev/null || skip "no dpkg-source (dpkg-dev)"
command -v g++ > /dev/null || skip "no g++, which nvptx-tools needs"

# apt-get source wants deb-src lines, which a Debian machine often lacks:
# then use a private copy of the machine's own deb sources as deb-src,
# with a private package list, leaving the machine's apt as it is.
fetch_source ()
{
  command -v apt-get > /dev/null || skip "no apt-get"
  mkdir -p "$download"
  (cd "$download" && apt-get source --download-only -q "$package") \
    > "$work/download.log" 2>&1 && return
  apt=$work/apt
  rm -rf "$apt"
  mkdir -p "$apt/sources.list.d" "$apt/lists/partial"
  sed -n 's/^deb \(.*\)/deb-src \1/p' /etc/apt/sources.list \
    > "$apt/sources.list" 2> /dev/null
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    sed 's/^Types:.*/Types: deb-src/' "$f" \
      > "$apt/sources.list.d/$(basename "$f")"
  done
  for f in /etc/apt/sources.list.d/*.list; do
    [ -f "$f" ] || continue
    sed -n 's/^deb \(.*\)/deb-src \1/p' "$f" \
      > "$apt/sources.list.d/$(basename "$f")"
  done
  set -- -o Dir::Etc::SourceList="$apt/sources.list" \
	 -o Dir::Etc::SourceParts="$apt/sources.list.d" \
	 -o Dir::State::Lists="$apt/lists" -o Debug::NoLocking=1
  { apt-get "$@" update -q \
      && (cd "$download" && apt-get "$@" source --download-only -q \
	    "$package"); } >> "$work/download.log" 2>&1 \
    || { tail -3 "$work/download.log"
	 rm -f "$download"/*
	 skip "cannot download Debian's source package $package"; }
}

[ -n "$(ls "$download"/nvptx-tools_*.dsc 2> /dev/null)" ] || fetch_source
dsc=$(ls "$download"/nvptx-tools_*.dsc | head -n 1)

src=$work/src
obj=$work/obj
rm -rf "$src" "$obj" "$work/series"
dpkg-source -x "$dsc" "$src" > "$work/unpack.log" 2>&1 \
  || { cat "$work/unpack.log"; fail "dpkg-source -x $dsc"; }
sh "$top/nvptx-tools-run-patch/mkseries.sh" "$series" "$work/series" \
  || fail "mkseries.sh $series"
for p in $(cat "$work/series/series"); do
  patch -d "$src" -p1 -F0 -s < "$work/series/$p" || fail "$p does not apply"
done
echo "PASS: the series applies to $(basename "$dsc" .dsc)"

# nvptx-tools' own configure and Makefile, out of the source tree; its
# default cuda.h (include/cuda/cuda.h), as Debian builds it.  Only
# nvptx-none-run and the libiberty it links.
mkdir -p "$obj"
(cd "$obj" && "$src/configure" > configure.log 2>&1) \
  || { tail -20 "$obj/configure.log"; fail "configure"; }
(cd "$obj" && make nvptx-none-run > make.log 2>&1) \
  || { tail -40 "$obj/make.log"; fail "make nvptx-none-run"; }
run=$obj/nvptx-none-run
echo "PASS: nvptx-none-run builds"

status=0
# expect NAME STATUS PATTERN COMMAND...: COMMAND exits with STATUS, and
# its stdout and stderr together match the extended regex PATTERN.
expect ()
{
  name=$1 want=$2 pattern=$3
  shift 3
  out=$("$@" 2>&1)
  got=$?
  if [ "$got" -eq "$want" ] && printf '%s\n' "$out" | grep -Eq "$pattern"
  then
    echo "PASS: $name"
  else
    echo "FAIL: $name: status $got (expected $want), output:"
    printf '%s\n' "$out" | sed 's/^/  /'
    status=1
  fi
}

help=$("$run" --help)
for option in -S,\ --stack-size -L,\ --lanes --window --trace --timeout \
	      --sandbox --read-only --env --no-env --help --version; do
  printf '%s\n' "$help" | grep -q "^  $option " \
    || { echo "FAIL: --help lacks $option"; status=1; }
done
expect "--help lists the options" 0 'Report bugs to' "$run" --help
expect "--version" 0 '^nvptx-none-run ' "$run" --version
expect "no program" 127 '^nvptx-run: no program file specified$' "$run"
expect "missing program" 127 '^nvptx-run: program file not found$' \
  "$run" "$work/none"
expect "--window 12" 127 '^nvptx-run: invalid window size$' \
  "$run" --window 12 "$work/none"
expect "--timeout 0" 127 '^nvptx-run: invalid timeout$' \
  "$run" --timeout 0 "$work/none"
expect "NVPTX_RPC_TIMEOUT=x" 127 '^nvptx-run: invalid timeout$' \
  env NVPTX_RPC_TIMEOUT=x "$run" "$work/none"
expect "--env =x" 127 '^nvptx-run: invalid --env setting: =x$' \
  "$run" --env =x "$work/none"

# Without a GPU the program does not start: no libcuda.so.1 at all, or
# one that finds no device.  Options after the program name are its own.
program=$work/program.ptx
printf '.version 6.0\n.target sm_70\n.address_size 64\n' > "$program"
expect "no GPU" 127 \
  '^nvptx-run: (couldn.t initialize CUDA Driver|cuInit failed: .*)$' \
  "$run" --window 4096 --trace --timeout 5 --read-only --env HOME --no-env \
  "$program" --window 12

# The same launcher tests as nvptx-rpc's own launcher's, where given.
for t in ${NVPTX_TOOLS_LAUNCHER_TESTS:-}; do
  NVPTX_RUN=$run NVPTX_RUN_FLAVOR=nvptx-tools "$t"
  case $? in
    0) echo "PASS: $t" ;;
    77) echo "SKIP: $t" ;;
    *) echo "FAIL: $t"; status=1 ;;
  esac
done
exit $status
