#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# The newlib series (docs/upstreaming.md): written by
# newlib-nvptx-rpc/mkseries.sh from this tree's client sources, applied
# with "git am" to newlib's source (by default the snapshot of master in
# ../shared/fixtures), newlib built from it for nvptx-none with the
# toolchain's GCC; then every GPU test program is linked against that
# libc.a and its PTX, libc included, verified and linked as the CUDA
# driver will (testsuite/verify-ptx.sh).
#
# Environment: NEWLIB_SERIES_BASE, the base the series is for (master,
# or 4.5.0: newlib-nvptx-rpc/check-4.5.0.sh); NEWLIB_SERIES_SOURCE,
# newlib's source for it, a tarball or a folder (default the snapshot of
# master); NEWLIB_SERIES_WORK, the folder to build in (made afresh);
# NVPTX_CC, the toolchain's gcc; NVPTX_PROGRAM_CFLAGS and
# NVPTX_BENCH_CFLAGS, the flags Makefile.am builds the GPU test
# programs with.
set -u
srcdir=$(cd "${srcdir:-.}" && pwd)
base=${NEWLIB_SERIES_BASE:-master}
source=${NEWLIB_SERIES_SOURCE:-$srcdir/../shared/fixtures/newlib-9dc06b7ea.tar.xz}
work=${NEWLIB_SERIES_WORK:-newlib-series-build}
cc=${NVPTX_CC:-nvptx-none-gcc}
cflags=${NVPTX_PROGRAM_CFLAGS:--O2 -Wall -mmainkernel}
bench_cflags=${NVPTX_BENCH_CFLAGS:--misa=sm_70 -I$srcdir/include -I$srcdir/newlib-nvptx-rpc}

skip () { echo "SKIP: $*"; exit 77; }
fail () { echo "FAIL: $*"; exit 1; }
[ -e "$source" ] || skip "no newlib $base source ($source)"
git -C "$srcdir" rev-parse --verify -q HEAD > /dev/null \
  || skip "not a git checkout: the series takes its authors from its history"
command -v "$cc" > /dev/null || skip "$cc not found"
# newlib/Makefile.in, absent from master's snapshot and made stale by the
# series' changes to Makefile.inc files anyway, is generated as newlib's
# README-maintainer-mode says, with autoconf 2.69 (newlib's
# config/override.m4 refuses any other) and automake 1.15.1.  Debian 12
# has autoconf 2.69 (autoconf2.69) but no automake 1.15, nor has Debian
# 11; its automake 1.16.5 it is, with two differences from 1.15.1 made
# good here, in the build's copy only:
#  - 1.16 shortens the names of objects built with per-target flags
#    (libc_a-foo.o becomes a-foo.o), and newlib's Makefile.am names
#    libm's objects that libc.a takes (MATHOBJS_IN_LIBC): libc_a and
#    libm_a's _SHORTNAME keep 1.15's names;
#  - 1.16's dependency tracking needs its own macros in configure, so
#    aclocal.m4 and configure are regenerated too, from newlib's sources.
# None of it goes into the series, which changes Makefile.inc files:
# newlib's maintainers regenerate Makefile.in from them with 1.15.1.
for tool in autoconf2.69 autom4te2.69 aclocal automake; do
  command -v $tool > /dev/null \
    || skip "$tool not found (Debian: autoconf2.69, automake)"
done

start=$(date +%s)
rm -rf "$work"
mkdir -p "$work"
work=$(cd "$work" && pwd)
log=$work/log
say () { echo "$(( $(date +%s) - start ))s: $*"; }

say "series from this tree, against $source"
sh "$srcdir/newlib-nvptx-rpc/mkseries.sh" "$base" "$source" "$work/series" \
  || fail "mkseries.sh"

say "git am of $(wc -l < "$work/series/series") patches"
mkdir "$work/src"
if [ -d "$source" ]; then
  cp -R "$source/." "$work/src"
else
  tar -C "$work/src" -xf "$source" --strip-components=1
fi
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
git_src () { git -C "$work/src" -c user.name=check -c user.email=check "$@"; }
git_src init -q && git_src add -A -f && git_src commit -q -m base \
  || fail "git of the snapshot"
(cd "$work/series" && sed "s|^|$work/series/|" series) > "$work/patches"
# shellcheck disable=SC2046
git_src am -q $(cat "$work/patches") > "$log" 2>&1 \
  || { cat "$log"; fail "the series does not apply to newlib $base"; }

say "newlib/Makefile.in"
(cd "$work/src/newlib" \
 && printf '%s\n' 'libc_a_SHORTNAME = libc_a' 'libm_a_SHORTNAME = libm_a' \
      >> Makefile.am \
 && AUTOCONF=autoconf2.69 AUTOM4TE=autom4te2.69 \
    aclocal -I . -I .. -I ../config \
 && autoconf2.69 \
 && AUTOCONF=autoconf2.69 AUTOM4TE=autom4te2.69 automake) > "$log" 2>&1 \
  || { cat "$log"; fail "regenerating newlib/Makefile.in"; }

say "configure and build newlib for nvptx-none"
# As Makefile.am builds newlib 3.3.0; the toolchain's bin first, whose
# nvptx-none/bin holds an "as" for nvptx.
PATH=$(dirname "$(command -v "$cc")"):$PATH
mkdir "$work/obj"
(cd "$work/obj" && "$work/src/configure" --target=nvptx-none \
   --disable-multilib --enable-newlib-io-long-long \
   --enable-newlib-io-c99-formats CFLAGS_FOR_TARGET=-O2 \
 && make configure-target-newlib \
 && make -j2 all-target-newlib) > "$log" 2>&1 \
  || { tail -40 "$log"; fail "newlib $base with the series does not build"; }
lib=$work/obj/nvptx-none/newlib
[ -f "$lib/libc.a" ] || fail "no $lib/libc.a"
# The series is what was built: a machine-directory member of each part.
for member in libc_a-rpc.o libc_a-lock.o libc_a-getreent.o libc_a-open.o \
	      libc_a-format.o libc_a-glibc-errno-location.o; do
  nvptx-none-ar t "$lib/libc.a" | grep -qx "$member" \
    || fail "libc.a has no $member"
done

say "link the GPU test programs"
mkdir "$work/gpu"
progs=
for c in "$srcdir"/testsuite/gpu/*.c; do
  name=$(basename "$c" .c)
  # Makefile.am's rules: bench.c reaches into the mailbox.
  extra=
  [ "$name" != bench ] || extra=$bench_cflags
  # shellcheck disable=SC2086
  "$cc" $cflags $extra -isystem "$lib/targ-include" \
    -isystem "$work/src/newlib/libc/include" "$c" -o "$work/gpu/$name.nvptx" \
    -L"$lib" -lm > "$log" 2>&1 \
    || { cat "$log"; fail "$name.c does not link against newlib $base"; }
  progs="$progs $work/gpu/$name.nvptx"
done
say "$(echo $progs | wc -w) programs linked"

if ! command -v ptxas > /dev/null || ! command -v nvlink > /dev/null; then
  echo "SKIP: PTX verification: ptxas or nvlink not found (CUDA toolkit)"
  echo "PASS: newlib $base with the series builds; the GPU programs link"
  exit 0
fi
say "verify the PTX"
# ptxas runs on one core: half the programs on each of two.
set -- $progs
half=$(( ($# + 1) / 2 ))
first= second=
i=0
for p; do
  i=$((i + 1))
  if [ $i -le $half ]; then first="$first $p"; else second="$second $p"; fi
done
# shellcheck disable=SC2086
sh "$srcdir/testsuite/verify-ptx.sh" $first > "$log.1" 2>&1 &
# shellcheck disable=SC2086
sh "$srcdir/testsuite/verify-ptx.sh" $second > "$log.2" 2>&1
status=$?
wait $! || status=1
grep -h -v '^PASS' "$log.1" "$log.2"
[ $status -eq 0 ] || fail "PTX verification (verify-ptx.sh)"
say "done"
echo "PASS: newlib $base with the series builds; $(echo $progs | wc -w) GPU programs link and verify"
