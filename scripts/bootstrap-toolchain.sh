#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Build a standalone nvptx-none GCC (C only) + newlib from Debian's source
# packages into PREFIX.  Idempotent: a toolchain that passes the checks
# below is reused in seconds; a partial or stale one is removed and rebuilt.
#
# Usage: [NVPTX_TOOLCHAIN=gcc12|gcc14] scripts/bootstrap-toolchain.sh [PREFIX]
#   gcc12 (the default): GCC 12.2 + newlib 3.3.0 from Debian 12's packages;
#     PREFIX defaults to $NVPTX_PREFIX, else /opt/nvptx-none-gcc12.
#   gcc14: GCC 14.2 + newlib 4.5.0 from Debian 13's packages (gcc-14-source,
#     newlib-source 4.5.0.20241231), with nvptx-tools 0.20240810; on
#     another release than Debian 13 these are fetched from Debian 13
#     through a private apt source list (the machine's own is not touched)
#     and nvptx-tools is built into PREFIX; PREFIX defaults to
#     $NVPTX_PREFIX, else /opt/nvptx-none-gcc14.
# Each stage prints its elapsed time and its log; a failing one prints the
# end of its log.  The traps this recipe avoids are in the comments below.

set -eu

TOOLCHAIN=${NVPTX_TOOLCHAIN:-gcc12}
# Bump RECIPE when a recipe changes: a prefix built by another recipe, or
# another version of it, is rebuilt.
case $TOOLCHAIN in
  gcc12)
    PREFIX=${1:-${NVPTX_PREFIX:-/opt/nvptx-none-gcc12}}
    RECIPE=6
    GCC_TAR='/usr/src/gcc-12/gcc-12*-dfsg.tar.xz'
    GFDL_DIFF=/usr/src/gcc-12/debian/patches/gcc-gfdl-build.diff
    NEWLIB_TAR='/usr/src/newlib/newlib-*.tar.xz'
    NEWLIB_DIR=newlib-salsa
    MINUTES=15
    ;;
  gcc14)
    PREFIX=${1:-${NVPTX_PREFIX:-/opt/nvptx-none-gcc14}}
    RECIPE=gcc14-1
    GCC_TAR='/usr/src/gcc-14/gcc-14*-dfsg.tar.xz'
    GFDL_DIFF=/usr/src/gcc-14/debian/patches/gcc-gfdl-build.diff
    NEWLIB_TAR='/usr/src/newlib/newlib-4.5.0*.tar.xz'
    NEWLIB_DIR='newlib-4.5.0*'
    MINUTES=20
    ;;
  *)
    echo "bootstrap: NVPTX_TOOLCHAIN is gcc12 or gcc14, not $TOOLCHAIN" >&2
    exit 2
    ;;
esac
STAMP=$PREFIX/.nvptx-rpc-toolchain
WORK=${NVPTX_BUILD_DIR:-${TMPDIR:-/tmp}/nvptx-toolchain-build$(
  [ "$TOOLCHAIN" = gcc12 ] || echo "-$TOOLCHAIN")}
JOBS=$(nproc 2>/dev/null || echo 2)

# Everything the build needs, checked on a minimal Debian 12
# (debootstrap --variant=minbase, docs/testing.md): g++ for GCC itself,
# which is C++.
PACKAGES="dejagnu texinfo flex bison libgmp-dev libmpfr-dev libmpc-dev autoconf
  automake patch xz-utils make gcc g++"
# Where the source packages' files are: / when they are installed from the
# machine's own release, else a folder they are unpacked into (SRCROOT).
SRCROOT=
# The nvptx-tools binaries (as, ld, ar, ranlib) the toolchain calls.
NVPTX_BIN=
# Debian 13's nvptx-tools 0.20240810, whose Debian source package answers
# 404 except for its upstream tarball, fetched with apt-helper and this hash.
NVPTX_TOOLS_ORIG=nvptx-tools_0.20240810.orig.tar.xz
NVPTX_TOOLS_SHA256=420c3aed08135cef84e5ca6de51408327267c5c0baff0f1c31a90920f97ba229
TRIXIE_DEBS="gcc-14-source newlib-source"
codename=$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-}")
if [ "$TOOLCHAIN" = gcc12 ]; then
  PACKAGES="gcc-12-source newlib-source nvptx-tools $PACKAGES"
elif [ "$codename" = trixie ]; then
  PACKAGES="$TRIXIE_DEBS nvptx-tools $PACKAGES"
else
  # Debian 12's nvptx-tools (0.20220610) stays for the checks of this tree;
  # the toolchain uses the 0.20240810 built into PREFIX.
  SRCROOT=$WORK/trixie
  NVPTX_BIN=$PREFIX/bin/
  PACKAGES="nvptx-tools $PACKAGES"
fi

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

# The mirror of the machine's own Debian sources, for Debian 13's packages.
debian_mirror ()
{
  { sed -n 's/^URIs:[[:space:]]*//p' /etc/apt/sources.list.d/*.sources 2>/dev/null
    sed -n 's/^deb[[:space:]]\{1,\}\(\[[^]]*\][[:space:]]*\)\{0,1\}\([^[:space:]]*\).*/\2/p' \
      /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null
  } | tr ' ' '\n' | grep -m1 '/debian/*$' || echo http://deb.debian.org/debian
}

# Fetch Debian 13's gcc-14-source and newlib-source with apt through a
# private source list, lists and cache in DIR, and unpack them into
# SRCROOT; fetch nvptx-tools' upstream tarball into DIR.
fetch_trixie ()
{
  dir=$1
  mirror=$(debian_mirror)
  mkdir -p "$dir/lists/partial" "$dir/cache/archives/partial" "$SRCROOT"
  printf 'deb [signed-by=%s] %s trixie main\n' \
    /usr/share/keyrings/debian-archive-keyring.gpg "$mirror" > "$dir/sources.list"
  set -- -o Dir::Etc::sourcelist="$dir/sources.list" -o Dir::Etc::sourceparts=- \
    -o Dir::State::Lists="$dir/lists" -o Dir::Cache="$dir/cache" \
    -o Dir::State::status=/dev/null -o APT::Sandbox::User=root
  echo "mirror: $mirror"
  apt-get "$@" update
  (cd "$dir" && apt-get "$@" download $TRIXIE_DEBS)
  for deb in "$dir"/*.deb; do dpkg-deb -x "$deb" "$SRCROOT"; done
  /usr/lib/apt/apt-helper -o APT::Sandbox::User=root download-file \
    "$mirror/pool/main/n/nvptx-tools/$NVPTX_TOOLS_ORIG" "$dir/$NVPTX_TOOLS_ORIG" \
    "SHA256:$NVPTX_TOOLS_SHA256"
}

# A prefix is good when it carries our stamp and really compiles and links a
# program with -mmainkernel against a libc.a that is not truncated.
toolchain_ok ()
{
  [ "$(cat "$STAMP" 2>/dev/null)" = "recipe $RECIPE" ] || return 1
  [ -z "$SRCROOT" ] || [ -f "$(echo "$PREFIX"/src/newlib-*.tar.xz)" ] || return 1
  t=$(mktemp -d)
  printf 'int main (void) { return 0; }\n' > "$t/t.c"
  "$PREFIX/bin/nvptx-none-gcc" -O2 -mmainkernel "$t/t.c" -o "$t/t" 2>/dev/null
  rc=$?
  rm -rf "$t"
  [ $rc -eq 0 ] || return 1
  n=$("${NVPTX_BIN}nvptx-none-ar" t "$PREFIX/nvptx-none/lib/libc.a" 2>/dev/null | wc -l)
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
  # nvptx-tools' own install makes DIR/as a link to bin/nvptx-none-as.
  rm -f "$d/as"
  printf '#!/bin/sh\nexec %snvptx-none-as --no-verify "$@"\n' "$NVPTX_BIN" > "$d/as"
  chmod +x "$d/as"
  for t in ld ar ranlib; do ln -sf "$(command -v "${NVPTX_BIN}nvptx-none-$t")" "$d/$t"; done
}

# testsuite/bootstrap-retry.sh takes the functions above and stops here.
[ -z "${BOOTSTRAP_FUNCTIONS_ONLY:-}" ] || return 0

need_packages
if toolchain_ok; then
  log "toolchain in $PREFIX is up to date"
  exit 0
fi

log "building nvptx-none $TOOLCHAIN + newlib into $PREFIX (about $MINUTES min on 2 cores)"
rm -rf "$PREFIX" "$WORK"
mkdir -p "$WORK" "$PREFIX"
cd "$WORK"
if [ -n "$SRCROOT" ]; then
  stage "fetching Debian 13's gcc-14-source, newlib-source, nvptx-tools" \
    "$WORK/fetch.log" fetch_trixie "$WORK/apt"
  stage "nvptx-tools 0.20240810 into $PREFIX" "$WORK/nvptx-tools.log" sh -c \
    'tar -xf "$1" && mkdir nvptx-tools-build && cd nvptx-tools-build &&
     ../nvptx-tools-0.20240810/configure --prefix="$2" &&
     make -j"$3" && make install' sh "$WORK/apt/$NVPTX_TOOLS_ORIG" "$PREFIX" "$JOBS"
fi
stage "unpacking gcc and newlib" "$WORK/unpack.log" sh -c \
  'tar -xf $1$2 && tar -xf $1$3' sh "$SRCROOT" "$GCC_TAR" "$NEWLIB_TAR"
GCC_SRC=$(ls -d "$WORK"/gcc-*/)
# The dfsg tarball lacks the GFDL docs; without this genhooks fails in s-tm-texi.
(cd "$GCC_SRC" && patch -p2 -s < "$SRCROOT$GFDL_DIFF")
ln -s "$(echo "$WORK"/$NEWLIB_DIR)/newlib" "$GCC_SRC/newlib"

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
make_resuming "gcc and newlib (the long part: about 12 min on 2 idle cores, an hour on busy ones)" \
  "$PWD/make.log"
# libgcc takes -g from its own LIBGCC2_DEBUG_CFLAGS, and the top-level
# make passes no command-line variables down: rebuild it directly.
stage "libgcc without debug lines" "$PWD/libgcc.log" sh -c \
  'make -C nvptx-none/libgcc clean && make -C nvptx-none/libgcc -j"$1" LIBGCC2_DEBUG_CFLAGS=' \
  sh "$JOBS"
stage install "$PWD/install.log" make install-strip
install_binutils_shims "$TOOLS"
# This tree's configure builds its newlib from the same tarball: where no
# package installs it, it is kept in the prefix.
if [ -n "$SRCROOT" ]; then
  mkdir -p "$PREFIX/src"
  cp $SRCROOT$NEWLIB_TAR "$PREFIX/src/"
fi

echo "recipe $RECIPE" > "$STAMP"
log "[$(( $(date +%s) - START )) s] checks"
toolchain_ok || { log "built toolchain fails its own check"; exit 1; }
cd / && rm -rf "$WORK"
log "[$(( $(date +%s) - START )) s] done: $PREFIX"
