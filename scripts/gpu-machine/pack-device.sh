#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Fill $GPU_PACK (default .gpu-pack/, git-ignored) with what a GPU
# machine without network needs to run this tree's GPU suites, after
# "make check" built the test programs here:
#   *.deb                  dejagnu, expect, tcl and nvptx-tools
#   tc.tar.xz              the installed toolchain prefix (gcc, patched
#                          newlib, launcher, board file)
#   newlib-trees.tar.xz    what newlib-testsuite.sh uses of the two newlib
#                          builds (ours, stock): libraries, headers, the
#                          testsuite sources, and the stamps that
#                          gpu-board.sh checks
#   gcc-N-testsuite.tar.xz  the parts of GCC's testsuite that
#                          gcc-torture.sh runs
#   torture-{ours,stock}.tar.xz, -compile.sum  GCC's torture tests compiled
#                          here (torture-record.sh), for campaign.sh's
#                          torture-replay part; about 10 minutes on 2 cores
#   libgomp.tar.xz         GCC's libgomp tests compiled here, stock and
#                          ours (libgomp-build.sh), for campaign.sh's
#                          libgomp part; about 5 minutes on 2 cores
#   built.tar.xz           what "make check" built and git ignores: the
#                          launcher, the GPU and native test programs, the
#                          offload programs and libraries; for a copy of
#                          the tree's tracked files alone
# Copy the tree, .gpu-pack/ included, to the same path on the GPU
# machine; campaign.sh unpacks it there, as these commands do:
#   for f in .gpu-pack/*.deb; do dpkg -x $f /; done
#   tar -C / -xJf .gpu-pack/tc.tar.xz; tar -xJf .gpu-pack/newlib-trees.tar.xz
#   export GCC_TARBALL=$PWD/.gpu-pack/gcc-12-testsuite.tar.xz
# Usage: scripts/gpu-machine/pack-device.sh [PART...]
#   PART: debs toolchain newlib gcc-testsuite libgomp torture built
#   (default: all of them)
# $NVPTX_PREFIX: the toolchain (default /opt/nvptx-none-gcc12); $GCC_MAJOR:
# the GCC whose tests are packed (default 12; 14 in a Debian 13 tree
# configured for /opt/nvptx-none-gcc14).  The .deb files are the running
# system's own.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
pack=${GPU_PACK:-$top/.gpu-pack}
prefix=${NVPTX_PREFIX:-/opt/nvptx-none-gcc12}
major=${GCC_MAJOR:-12}
gcc_tarball=$(echo ${GCC_TARBALL:-/usr/src/gcc-$major/gcc-$major*-dfsg.tar.xz})
parts=${*:-debs toolchain newlib gcc-testsuite libgomp torture built}
want () { case " $parts " in *" $1 "*) return 0 ;; esac; return 1; }
mkdir -p "$pack"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cd "$pack"
if want debs; then
apt-get download dejagnu expect tcl-expect tcl8.6 libtcl8.6 nvptx-tools
# Debian 12's libgomp and its nvptx plugin, for gpu-offload.sh only: not
# to be unpacked into /, over the GPU machine's own libgomp.
mkdir -p gomp
(cd gomp && apt-get download libgomp1 libgomp-plugin-nvptx1)
fi
! want toolchain || tar -C / -cJf tc.tar.xz "${prefix#/}"

cd "$top"
if want newlib; then
# Build the stock newlib, if not yet built.
"$here/gpu-board.sh" stock "$work" > /dev/null
set --
for b in newlib-build newlib-build-stock; do
  # newlib-salsa/ (Debian 12's 3.3.0) or newlib-4.5.0.DATE/.
  src=$b/$(cd $b && ls -d newlib-*/ | head -1)
  set -- "$@" $b/obj/nvptx-none/newlib/libc.a $b/obj/nvptx-none/newlib/libm.a \
    $b/obj/nvptx-none/newlib/targ-include ${src}newlib/testsuite \
    ${src}newlib/libc/include
done
tar -cJf "$pack/newlib-trees.tar.xz" newlib-build/stamp \
  newlib-build-stock/stamp "$@"
fi

if want gcc-testsuite; then
"$here/unpack-gcc-testsuite.sh" "$gcc_tarball" "$work"
(cd "$work" && tar -cJf "$pack/gcc-$major-testsuite.tar.xz" gcc-$major*)
fi

if want libgomp; then
GCC_MAJOR=$major GCC_TARBALL=$gcc_tarball "$here/libgomp-build.sh" \
  "$pack/libgomp"
rm -rf "$pack/libgomp"
fi

if want torture; then
export GCC_TARBALL=$pack/gcc-$major-testsuite.tar.xz
PATH=$prefix/bin:$PATH "$here/torture-record.sh" ours "$pack"
PATH=$prefix/bin:$PATH "$here/torture-record.sh" stock "$pack"
fi

# What the suites run, by the names git ignores.
if want built; then
set -- nvptx-none-run testsuite/gpu/*.nvptx testsuite/gpu/*.native
for f in nvptx-rpc-offload libnvptx-rpc-host.so libnvptx-rpc-gomp.so \
	 testsuite/offload/*.omp testsuite/offload/openacc/*.acc; do
  [ ! -e "$f" ] || set -- "$@" "$f"
done
tar -cJf "$pack/built.tar.xz" "$@"
fi
ls -l "$pack"
