#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# By hand, not in "make check" (Debian's packages are not reliably
# reachable from CI): libnvptx-rpc-gomp.so against libgomp's real nvptx
# plugins, Debian 12's (GCC 12) and Debian 13's (GCC 14), where
# gomp-hook-check.sh has a stand-in.  No GPU: plugin-driver.c has each
# plugin open the device, load an image and unload it, as libgomp does,
# against the stand-in driver (fake-libcuda.c, with plugin-stubs.c for
# the entry points the plugin requires beyond the launcher's).  Checked:
# the objects without a kernel are held to 64 registers and the module
# is attached (its __nvptx_rpc_link has a mailbox) under nvptx-rpc-offload,
# and not without it; the same on a driver without cuLinkAddData_v2,
# where the plugin calls the unversioned cuLinkAddData.
#
# The packages (the plugin and libgomp1 of each release, and Debian 13's
# libc6: GCC 14's plugin needs glibc 2.38 and libgomp 14) are unpacked
# into DIR, fetched through a private source list naming the machine's
# mirror; the machine's apt sources stay as they are.  GCC 14's plugin
# runs under Debian 13's dynamic loader and glibc, GCC 12's under the
# machine's (2.34 or later).
#
# Usage, from the build directory after the launcher tests' programs are
# built (make testsuite/launcher/prog.so libnvptx-rpc-gomp.so
# nvptx-rpc-offload):
#   sh SRCDIR/testsuite/launcher/gomp-plugins-check.sh [DIR]
# (DIR defaults to /tmp/gomp-plugins).
set -u
build=$PWD
here=$(cd "$(dirname "$0")" && pwd)
srcdir=$(cd "$here/../.." && pwd)
dir=${1:-/tmp/gomp-plugins}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
. "$here/check-lib.sh"

mirror=$(sed -n 's/^URIs: *\([^ ]*\).*/\1/p' \
	   /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)
[ -n "$mirror" ] || mirror=http://deb.debian.org/debian
# fetch SUITE PACKAGE...: each PACKAGE of SUITE unpacked into DIR/SUITE.
fetch ()
{
  suite=$1
  shift
  apt=$dir/apt-$suite
  mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/deb"
  echo "deb $mirror $suite main" > "$apt/sources.list"
  set -- -o Dir::Etc::sourcelist="$apt/sources.list" \
    -o Dir::Etc::sourceparts=- -o Dir::State::Lists="$apt/lists" \
    -o Dir::Cache="$apt/cache" "$@"
  if [ ! -d "$dir/$suite" ]; then
    apt-get -q "$@" update > /dev/null 2>&1 || return 1
    (cd "$apt/deb" && apt-get -q "$@" download \
       $(for p in $packages; do echo "$p/$suite"; done) > /dev/null 2>&1) \
      || return 1
    for deb in "$apt"/deb/*.deb; do
      dpkg -x "$deb" "$dir/$suite.tmp" || return 1
    done
    mv "$dir/$suite.tmp" "$dir/$suite"
  fi
}
packages="libgomp-plugin-nvptx1 libgomp1"
fetch bookworm || { echo "$0: Debian 12's packages not fetched" >&2; exit 1; }
packages="libgomp-plugin-nvptx1 libgomp1 libc6"
fetch trixie || { echo "$0: Debian 13's packages not fetched" >&2; exit 1; }

# The stand-in driver, twice: as CI builds it, and without the _v2 link
# entry points (the plugin then calls cuLinkCreate and cuLinkAddData).
cuda_cppflags=$(sed -n 's/^CUDA_CPPFLAGS = //p' "$build/Makefile" \
		  | sed "s|\$(top_srcdir)|$srcdir|g")
mkdir -p "$dir/driver/full" "$dir/driver/unversioned"
printf '{ local: cuLinkAddData_v2; cuLinkCreate_v2; };\n' \
  > "$dir/driver/unversioned.map"
${CC:-gcc} -std=gnu11 -O2 -fPIC -w -I"$srcdir/include" $cuda_cppflags \
  -DcuDeviceGetAttribute=fake_libcuda_device_attribute \
  -c "$here/fake-libcuda.c" -o "$dir/driver/fake-libcuda.o" || exit 1
${CC:-gcc} -std=gnu11 -O2 -fPIC -Wall -c "$here/plugin-stubs.c" \
  -o "$dir/driver/plugin-stubs.o" || exit 1
for kind in full unversioned; do
  map=
  [ $kind = full ] || map=-Wl,--version-script=$dir/driver/unversioned.map
  ${CC:-gcc} -shared -pthread -Wl,-soname,libcuda.so.1 $map \
    "$dir/driver/fake-libcuda.o" "$dir/driver/plugin-stubs.o" \
    -o "$dir/driver/$kind/libcuda.so.1" || exit 1
done
${CC:-gcc} -std=gnu11 -O2 -Wall -I"$srcdir/include" \
  "$here/plugin-driver.c" -o "$dir/driver/plugin-driver" -ldl || exit 1

lib=usr/lib/x86_64-linux-gnu
prog=$build/testsuite/launcher/prog.so
offload="timeout -s KILL 20 $build/nvptx-rpc-offload"
NVPTX_RPC_LIBDIR=$build
export NVPTX_RPC_LIBDIR

# plugin RELEASE KIND: the command that runs the driver on RELEASE's
# plugin, the driver's KIND of stand-in first on the library path.
plugin ()
{
  path=$dir/driver/$2:$dir/$1/$lib
  case $1 in
    bookworm)
      echo env LD_LIBRARY_PATH=$path "$dir/driver/plugin-driver" ;;
    trixie)
      echo "$dir/trixie/usr/lib64/ld-linux-x86-64.so.2" \
	--library-path "$path" "$dir/driver/plugin-driver" ;;
  esac
  echo "$dir/$1/$lib/libgomp-plugin-nvptx.so.1 $prog"
}

# has TEXT: a line of the last run's stdout or stderr is TEXT.
has ()
{
  grep -q -x -F -e "$1" "$work/out" "$work/err"
}

# steps MAILBOX: the driver's stdout when every step succeeds, the
# module's mailbox MAILBOX (yes, no), less its last newline (as $(...)
# gives it).
steps ()
{
  printf 'devices: 1\ninit_device: 1\nload_image: 2\nmailbox: %s\n' "$1"
  printf 'unload_image: 1\nfini_device: 1\n'
}

library="fake-libcuda: fake-libcuda object library"
kernel="fake-libcuda: fake-libcuda object kernel"
for release in bookworm trixie; do
  gcc=12
  [ $release = bookworm ] || gcc=14
  run env FAKE_LIBCUDA=log-jit $(plugin $release full)
  check "GCC $gcc's plugin, without the runner: loaded, not attached" \
    is "$work/out" "$(steps no)
"
  check "GCC $gcc's plugin, without the runner: no register limit" \
    has "$library: no register limit"
  for kind in full unversioned; do
    run $offload env FAKE_LIBCUDA=log-jit $(plugin $release $kind)
    check "GCC $gcc's plugin, $kind driver: the module attached" \
      is "$work/out" "$(steps yes)
"
    check "GCC $gcc's plugin, $kind driver: libraries 64 registers" \
      has "$library: at most 64 registers"
    check "GCC $gcc's plugin, $kind driver: kernels not limited" \
      has "$kernel: no register limit"
  done
done
report gomp-plugins-check
