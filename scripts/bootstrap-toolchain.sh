#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Build a standalone nvptx-none GCC 12 (C only) + newlib 3.3.0 from Debian 12's
# source packages into PREFIX.  Idempotent: a toolchain that passes the checks
# below is reused in seconds; a partial or stale one is removed and rebuilt.
#
# Usage: scripts/bootstrap-toolchain.sh [PREFIX]
#   PREFIX defaults to $NVPTX_PREFIX, else /opt/nvptx-none-gcc12.
# Each stage prints its elapsed time and its log; a failing one prints the
# end of its log.  The traps this recipe avoids are in the comments below.

set -eu

PREFIX=${1:-${NVPTX_PREFIX:-/opt/nvptx-none-gcc12}}
# Bump when the recipe changes: a prefix built by another recipe is rebuilt.
RECIPE=6
STAMP=$PREFIX/.nvptx-rpc-toolchain
WORK=${NVPTX_BUILD_DIR:-${TMPDIR:-/tmp}/nvptx-toolchain-build}
JOBS=$(nproc 2>/dev/null || echo 2)

# Everything the build needs, checked on a minimal Debian 12
# (debootstrap --variant=minbase, docs/testing.md): g++ for GCC itself,
# which is C++.
PACKAGES="gcc-12-source newlib-source nvptx-tools dejagnu texinfo flex bison
  libgmp-dev libmpfr-dev libmpc-dev autoconf automake patch xz-utils make gcc
  g++"

log () { echo "bootstrap: $*" >&2; }

START=$(date +%s)
# Run stage NAME, the command that follows, with its output in LOG.
stage ()
{
  name=$1 logfile=$2
  shift 2
  log "[$(( $(date +%s) - START )) s] $name (log: $logfile)"
  "$@" > "$logfile" 2>&1 && return 0
  log "$name failed after $(( $(date +%s) - START )) s; the end of $logfile:"
  tail -40 "$logfile" >&2
  exit 1
}

# Run make (or $MAKE) with ARGS in parallel as stage NAME, output in LOG.
# GCC's makefiles do not name every generated header as a prerequisite of
# the objects that include it, so a parallel make can compile one before
# the generator has written it (gcc/optabs-libfuncs.h, missing when
# bb-reorder.o is compiled).  A failed compiler leaves no object behind,
# so after such a failure a serial make resumes where the parallel one
# stopped and finishes the build, at the cost of parallelism for the rest;
# a real error fails the serial make too, and is reported with its log.
make_resuming ()
{
  name=$1 logfile=$2
  shift 2
  log "[$(( $(date +%s) - START )) s] $name (log: $logfile)"
  ${MAKE:-make} -j"$JOBS" "$@" > "$logfile" 2>&1 && return 0
  log "$name: make -j$JOBS failed after $(( $(date +%s) - START )) s; the end of $logfile:"
  tail -15 "$logfile" >&2
  log "GCC's parallel build can race on its generated headers: resuming serially (make -j1)"
  stage "$name, resumed with make -j1" "$logfile.serial" ${MAKE:-make} -j1 "$@"
}

need_packages ()
{
  missing=
  for p in $PACKAGES; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' \
      || missing="$missing $p"
  done
  [ -z "$missing" ] && return 0
  log "installing:$missing"
  SUDO=; [ "$(id -u)" -eq 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing
}

# A prefix is good when it carries our stamp and really compiles and links a
# program with -mmainkernel against a libc.a that is not truncated.
toolchain_ok ()
{
  [ "$(cat "$STAMP" 2>/dev/null)" = "recipe $RECIPE" ] || return 1
  t=$(mktemp -d)
  printf 'int main (void) { return 0; }\n' > "$t/t.c"
  "$PREFIX/bin/nvptx-none-gcc" -O2 -mmainkernel "$t/t.c" -o "$t/t" 2>/dev/null
  rc=$?
  rm -rf "$t"
  [ $rc -eq 0 ] || return 1
  n=$(nvptx-none-ar t "$PREFIX/nvptx-none/lib/libc.a" 2>/dev/null | wc -l)
  [ "$n" -ge 300 ] || return 1
  # The driver's PTX JIT rejects GCC 12's ".loc ... discriminator N".
  libgcc=$(echo "$PREFIX"/lib/gcc/nvptx-none/*/libgcc.a)
  [ -f "$libgcc" ] && ! grep -q 'discriminator' "$libgcc"
}

# nvptx-none-as runs ptxas on its output when one is on PATH, and CUDA 13's
# ptxas rejects GCC 12's default sm_30 target; verify later, explicitly.
install_binutils_shims ()
{
  d=$1
  mkdir -p "$d"
  printf '#!/bin/sh\nexec nvptx-none-as --no-verify "$@"\n' > "$d/as"
  chmod +x "$d/as"
  for t in ld ar ranlib; do ln -sf "$(command -v nvptx-none-$t)" "$d/$t"; done
}

# testsuite/bootstrap-retry.sh takes the functions above and stops here.
[ -z "${BOOTSTRAP_FUNCTIONS_ONLY:-}" ] || return 0

need_packages
if toolchain_ok; then
  log "toolchain in $PREFIX is up to date"
  exit 0
fi

log "building nvptx-none gcc 12 + newlib 3.3.0 into $PREFIX (about 15 min on 2 cores)"
rm -rf "$PREFIX" "$WORK"
mkdir -p "$WORK" "$PREFIX"
cd "$WORK"
stage "unpacking gcc 12 and newlib 3.3.0" "$WORK/unpack.log" sh -c \
  'tar -xf /usr/src/gcc-12/gcc-12*-dfsg.tar.xz && tar -xf /usr/src/newlib/newlib-*.tar.xz'
GCC_SRC=$(ls -d "$WORK"/gcc-*/)
# The dfsg tarball lacks the GFDL docs; without this genhooks fails in s-tm-texi.
(cd "$GCC_SRC" && patch -p2 -s < /usr/src/gcc-12/debian/patches/gcc-gfdl-build.diff)
ln -s "$WORK/newlib-salsa/newlib" "$GCC_SRC/newlib"

TOOLS=$PREFIX/nvptx-none/bin
install_binutils_shims "$TOOLS"

mkdir build && cd build
# No -g for the target libraries: GCC 12's debug line info for nvptx
# (".loc ... discriminator") is rejected by the driver's PTX JIT, so a
# program using libgcc's complex arithmetic or 64-bit bit counts would not
# load.  The newlib built here is pristine, and "make install" replaces it
# with this tree's, built with C99's formats, which pristine newlib's scanf
# cannot have on nvptx (it needs alloca).
stage configure "$PWD/configure.log" \
  "$GCC_SRC/configure" CFLAGS_FOR_TARGET=-O2 --target=nvptx-none \
  --prefix="$PREFIX" --with-build-time-tools="$TOOLS" --enable-languages=c \
  --disable-multilib --disable-nls --disable-lto --disable-sjlj-exceptions \
  --enable-newlib-io-long-long
make_resuming "gcc and newlib (the long part, about 12 min on 2 cores)" \
  "$PWD/make.log"
# libgcc takes -g from its own LIBGCC2_DEBUG_CFLAGS, and the top-level
# make passes no command-line variables down: rebuild it directly.
stage "libgcc without debug lines" "$PWD/libgcc.log" sh -c \
  'make -C nvptx-none/libgcc clean && make -C nvptx-none/libgcc -j"$1" LIBGCC2_DEBUG_CFLAGS=' \
  sh "$JOBS"
stage install "$PWD/install.log" make install-strip
install_binutils_shims "$TOOLS"

echo "recipe $RECIPE" > "$STAMP"
log "[$(( $(date +%s) - START )) s] checks"
toolchain_ok || { log "built toolchain fails its own check"; exit 1; }
cd / && rm -rf "$WORK"
log "[$(( $(date +%s) - START )) s] done: $PREFIX"
