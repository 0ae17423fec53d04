#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Write DIR/gpu-sim.exp, a DejaGnu board for one side of a comparison:
#   ours:  this tree's launcher, this tree's patched newlib (newlib-build)
#   stock: the stock launcher ($STOCK_RUN or /usr/bin/nvptx-none-run) and
#          pristine newlib (newlib-build-stock, built on first use from
#          $NEWLIB_TARBALL, by default the toolchain's own: the tarball
#          in $NVPTX_PREFIX/src, else Debian's in /usr/src/newlib, 3.3.0
#          on Debian 12, 4.5.0 on Debian 13)
# $LAUNCHER, if set, replaces either launcher.
# The board is the installed nvptx-rpc-sim.exp ($BOARD, by default the one
# in $NVPTX_PREFIX, else /opt/nvptx-none-gcc12), with that launcher and
# that newlib's headers and libraries, not whatever libc the toolchain
# prefix holds, and giving the launcher OPTIONS, if any.  DejaGnu keeps
# the first value set for each board entry, so these come before the
# installed board.
# $NEWLIB_BUILD and $NEWLIB_STOCK_BUILD, if set, replace the two newlib
# builds (ours: newlib-build; stock: newlib-build-stock), for a build of
# another tree or one carried from another machine.
# Prints the newlib build directory used.
# Usage: scripts/gpu-machine/gpu-board.sh ours|stock DIR [OPTIONS]
set -eu
[ $# -ge 2 ] || { echo "usage: $0 ours|stock DIR [OPTIONS]" >&2; exit 2; }
kind=$1 dir=$2 options=${3:-}
top=$(cd "$(dirname "$0")/../.." && pwd)
prefix=${NVPTX_PREFIX:-/opt/nvptx-none-gcc12}
tarball=${NEWLIB_TARBALL:-$(ls "$prefix"/src/newlib-*.tar.xz \
			      /usr/src/newlib/newlib-*.tar.xz 2> /dev/null \
			    | head -1)}

case $kind in
  ours)
    build=${NEWLIB_BUILD:-$top/newlib-build}
    launcher=${LAUNCHER:-$top/nvptx-none-run}
    [ -f "$build/stamp" ] \
      || { echo "$0: build the tree first (make)" >&2; exit 1; } ;;
  stock)
    build=${NEWLIB_STOCK_BUILD:-$top/newlib-build-stock}
    launcher=${LAUNCHER:-${STOCK_RUN:-/usr/bin/nvptx-none-run}}
    if [ ! -f "$build/stamp" ]; then
      rm -rf "$build"
      mkdir -p "$build/obj"
      tar -C "$build" -xf "$tarball"
      src=$(cd "$build" && ls -d newlib-*/ | head -1)
      # The toolchain's bin only: its nvptx-none/bin holds an "as" for nvptx.
      # Not --enable-newlib-io-c99-formats, as ours: pristine newlib's scanf
      # then needs alloca, which nvptx lacks.
      (cd "$build/obj" && export PATH="$prefix/bin:$PATH" \
       && "../$src/configure" --target=nvptx-none \
	 --disable-multilib --enable-newlib-io-long-long \
	 CFLAGS_FOR_TARGET=-O2 > configure.log 2>&1 \
       && make all-target-newlib > make.log 2>&1) \
	|| { echo "$0: stock newlib failed to build: see $build/obj/*.log" >&2
	     exit 1; }
      touch "$build/stamp"
    fi ;;
  *) echo "usage: $0 ours|stock DIR" >&2; exit 2 ;;
esac
board=${BOARD:-$prefix/share/dejagnu/baseboards/nvptx-rpc-sim.exp}
[ -f "$board" ] || { echo "$0: no board $board (make install)" >&2; exit 1; }
board=$(cd "$(dirname "$board")" && pwd)/$(basename "$board")
objdir=$build/obj/nvptx-none/newlib
# newlib-salsa (3.3.0) or newlib-4.5.0.DATE.
src=$build/$(cd "$build" && ls -d newlib-*/ | head -1)
{
  echo "set_board_info sim \"$launcher\""
  [ -z "$options" ] || echo "set_board_info sim,options \"$options\""
  echo "set_board_info ldflags \"-mmainkernel -L$objdir\""
  echo "set_board_info cflags \"-isystem $objdir/targ-include -isystem ${src}newlib/libc/include\""
  echo "source \"$board\""
} > "$dir/gpu-sim.exp"
echo "$build"
