#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: LicenseRef-Newlib-nvptx
# By hand, not in CI (Debian 13's packages are not reliably reachable
# from CI): the newlib series for 4.5.0 applied to Debian 13's
# newlib-source (4.5.0.20241231), built with the GCC 12 toolchain, and
# the GPU test programs linked and verified against it, as
# testsuite/newlib-series-check.sh does for master.  The machine's apt
# sources stay as they are: the package list and the .deb go into DIR,
# through a private source list naming the mirror the machine uses.
#
# Usage: check-4.5.0.sh [DIR]   (default /tmp/newlib-4.5.0; the
# toolchain is $NVPTX_PREFIX, default /opt/nvptx-none-gcc12)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
dir=${1:-/tmp/newlib-4.5.0}
prefix=${NVPTX_PREFIX:-/opt/nvptx-none-gcc12}
version=4.5.0.20241231-1
mkdir -p "$dir/lists/partial" "$dir/cache/archives/partial" "$dir/deb"
dir=$(cd "$dir" && pwd)

mirror=$(sed -n 's/^URIs: *\([^ ]*\).*/\1/p' \
	   /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)
[ -n "$mirror" ] || mirror=http://deb.debian.org/debian
echo "deb $mirror trixie main" > "$dir/sources.list"
apt_private ()
{
  "$@" -o Dir::Etc::sourcelist="$dir/sources.list" \
    -o Dir::Etc::sourceparts=- -o Dir::State::Lists="$dir/lists" \
    -o Dir::Cache="$dir/cache"
}
tarball=$dir/deb/usr/src/newlib/newlib-4.5.0.20241231.tar.xz
if [ ! -f "$tarball" ]; then
  apt_private apt-get -q update
  (cd "$dir" && apt_private apt-get -q download "newlib-source=$version")
  dpkg -x "$dir/newlib-source_${version}_all.deb" "$dir/deb"
fi

cd "$here/../.."
PATH=$prefix/bin:$PATH:/usr/local/cuda/bin
NEWLIB_SERIES_BASE=4.5.0 NEWLIB_SERIES_SOURCE=$tarball \
NEWLIB_SERIES_WORK=$dir/build NVPTX_CC=$prefix/bin/nvptx-none-gcc \
  srcdir=. sh testsuite/newlib-series-check.sh
