#!/bin/sh
# Fill .carry/ (git-ignored: add "/.carry/" to .git/info/exclude) with what
# a bare GPU machine needs to run this tree's GPU suites:
#   *.deb                  dejagnu, expect, tcl and nvptx-tools
#   tc.tar.xz              the installed toolchain prefix (gcc, patched
#                          newlib, launcher, board file)
#   newlib-trees.tar.xz    what scripts/newlib-testsuite.sh uses of the two
#                          newlib builds (ours, stock): libraries, headers,
#                          the testsuite sources, and the stamps that
#                          scripts/gpu-board.sh checks
#   gcc-12-testsuite.tar.xz  the parts of GCC's testsuite that
#                          scripts/gcc-torture.sh runs
#   torture-{ours,stock}.tar.xz, -compile.sum  GCC's torture tests compiled
#                          here (scripts/torture-record.sh), for the
#                          campaign's torture-replay part; 10 minutes here
# There, from the tree's root:
#   for f in .carry/*.deb; do dpkg -x $f /; done
#   tar -C / -xJf .carry/tc.tar.xz; tar -xJf .carry/newlib-trees.tar.xz
#   export GCC_TARBALL=.carry/gcc-12-testsuite.tar.xz
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
prefix=${NVPTX_PREFIX:-/opt/nvptx-none-gcc12}
gcc_tarball=$(echo ${GCC_TARBALL:-/usr/src/gcc-12/gcc-12*-dfsg.tar.xz})
mkdir -p "$top/.carry"
cd "$top/.carry"
apt-get download dejagnu expect tcl-expect tcl8.6 libtcl8.6 nvptx-tools
tar -C / -cJf tc.tar.xz "${prefix#/}"

cd "$top"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Build the stock newlib, if not yet built.
scripts/gpu-board.sh stock "$work" > /dev/null
set --
for b in newlib-build newlib-build-stock; do
  set -- "$@" $b/obj/nvptx-none/newlib/libc.a $b/obj/nvptx-none/newlib/libm.a \
    $b/obj/nvptx-none/newlib/targ-include $b/newlib-salsa/newlib/testsuite \
    $b/newlib-salsa/newlib/libc/include
done
tar -cJf .carry/newlib-trees.tar.xz newlib-build/stamp newlib-build-stock/stamp "$@"

scripts/unpack-gcc-testsuite.sh "$gcc_tarball" "$work"
(cd "$work" && tar -cJf "$top/.carry/gcc-12-testsuite.tar.xz" gcc-12*)

export GCC_TARBALL=$top/.carry/gcc-12-testsuite.tar.xz
PATH=$prefix/bin:$PATH scripts/torture-record.sh ours .carry
PATH=$prefix/bin:$PATH scripts/torture-record.sh stock .carry
ls -l "$top/.carry"
