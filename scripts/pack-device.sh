#!/bin/sh
# Fill .carry/ (git-ignored: add "/.carry/" to .git/info/exclude) with what
# a bare GPU machine needs to run this tree's GPU suites: the Debian
# packages of dejagnu, expect, tcl and nvptx-tools, and the installed
# toolchain prefix (gcc, patched newlib, launcher, board file) as a tar.xz.
# There: for f in .carry/*.deb; do dpkg -x $f /; done
#        tar -C / -xJf .carry/tc.tar.xz
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
prefix=${NVPTX_PREFIX:-/opt/nvptx-none-gcc12}
mkdir -p "$top/.carry"
cd "$top/.carry"
apt-get download dejagnu expect tcl-expect tcl8.6 libtcl8.6 nvptx-tools
tar -C / -cJf tc.tar.xz "${prefix#/}"
ls -l "$top/.carry"
