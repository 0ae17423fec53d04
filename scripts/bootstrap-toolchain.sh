#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Build a standalone nvptx-none GCC (C only) + newlib from Debian's source
# packages into PREFIX.  Idempotent: a toolchain that passes the checks
# below is reused in seconds; a partial or stale one is removed and rebuilt.
#
# Usage: [NVPTX_TOOLCHAIN=gcc12|gcc13|gcc14|gcc15|gcc16]
#          scripts/bootstrap-toolchain.sh [PREFIX]
#   PREFIX defaults to $NVPTX_PREFIX, else /opt/nvptx-none-$NVPTX_TOOLCHAIN.
#   gcc12 (the default): GCC 12.2 + newlib 3.3.0, Debian 12's packages.
#   gcc13: GCC 13.3 + newlib 4.5.0, Debian 13's packages.
#   gcc14: GCC 14.2 + newlib 4.5.0, Debian 13's packages.
#   gcc15: GCC 15.3 + newlib 4.6.0, Debian testing's (forky) packages.
#   gcc16: GCC 16.2 + newlib 4.6.0, Debian testing's (forky) packages.
# On another Debian release than the one named, the source packages are
# fetched from it through a private apt source list (the machine's own is
# not touched); the nvptx-tools of the table below are then built into
# PREFIX.  The table is the one place where the versions differ.
# Each stage prints its elapsed time and its log; a failing one prints the
# end of its log.  The traps this recipe avoids are in the comments below.

set -eu

# What differs per toolchain, one line each (GCC 17 is one more line):
#   name    NVPTX_TOOLCHAIN's value; the default PREFIX is /opt/nvptx-none-NAME.
#   suite   the Debian release whose gcc-N-source and newlib-source are built:
#           installed from the machine's own release when it is that one,
#           else fetched from it.
#   gcc     the gcc source package; its /usr/src/gcc-N/gcc-N*-dfsg.tar.xz.
#   newlib  newlib-source's version: /usr/src/newlib/newlib-VERSION*.tar.xz.
#   tools   nvptx-tools: "os", the machine's own package (Debian 12's
#           0.20220610 on Debian 12); VERSION, the package of SUITE on SUITE,
#           elsewhere Debian's nvptx-tools_VERSION.orig.tar.xz from SUITE's
#           pool, built into PREFIX; VERSION+COMMIT, built into PREFIX from
#           that .orig.tar.xz, or where Debian's pool does not serve it (it
#           answers 404 for 0.20260402, whose binary package needs glibc
#           2.38), from upstream's snapshot nvptx-tools-COMMIT.tar.xz in
#           ../shared/fixtures beside this clone (or $NVPTX_FIXTURES).
#           Each tarball's SHA-256 is pinned in SHA256S below.
#   recipe  the stamp: bump it when the line or the steps it takes change,
#           and a prefix built by another recipe, or another version of it,
#           is rebuilt.
#   min     minutes for the whole build on 2 idle cores.
#   traps   what the version needs worked around, comma-separated:
#           gfdl: the dfsg tarball lacks the GFDL docs, so genhooks fails
#             in s-tm-texi unless debian/patches/gcc-gfdl-build.diff is
#             applied (patch -p2); its path is the same in gcc-12 to gcc-16.
#           discriminator: -g makes GCC emit ".loc ... discriminator N",
#             which the driver's PTX JIT rejects, and libgcc takes -g from
#             LIBGCC2_DEBUG_CFLAGS, so it is rebuilt without it.  configure
#             finds that nvptx-none-as (which does not look at .loc)
#             "supports" discriminators in every version up to 16.
#   flags   extra configure flags, comma-separated; - for none.
# Every version's default PTX target is older than CUDA 13's ptxas accepts
# (GCC 12 to 14: .target sm_30, .version 6.0; GCC 15 and 16: sm_52,
# .version 7.3; ptxas 13 wants sm_75 or later), whence the "as" shim below.
TOOLCHAINS='
# name  suite    gcc            newlib  tools               recipe  min traps              flags
gcc12   bookworm gcc-12-source  3.3.0   os                  6        15 gfdl,discriminator -
gcc13   trixie   gcc-13-source  4.5.0   0.20260402+212da2e  gcc13-1  25 gfdl,discriminator -
gcc14   trixie   gcc-14-source  4.5.0   0.20240810          gcc14-1  20 gfdl,discriminator -
gcc15   forky    gcc-15-source  4.6.0   0.20260402+212da2e  gcc15-1  20 gfdl,discriminator -
gcc16   forky    gcc-16-source  4.6.0   0.20260402+212da2e  gcc16-1  20 gfdl,discriminator -
'
# The tarballs fetched or taken from beside the clone, as sha256sum lists
# them (Debian's from its Sources index, upstream's as the fixture is).
SHA256S='
420c3aed08135cef84e5ca6de51408327267c5c0baff0f1c31a90920f97ba229  nvptx-tools_0.20240810.orig.tar.xz
188d2c6b2ba051abcacdb44bc75c0b86ec582b994948fa5939e03d439de1c3d3  nvptx-tools_0.20260402.orig.tar.xz
317c66d04f49e5bea82d4bb9b534fb33fb4ccbd6f015c7c41751d715a7508f52  nvptx-tools-212da2e.tar.xz
'

TOOLCHAIN=${NVPTX_TOOLCHAIN:-gcc12}
row=$(printf '%s\n' "$TOOLCHAINS" | awk -v n="$TOOLCHAIN" '$1 == n')
if [ -z "$row" ]; then
  names=$(printf '%s\n' "$TOOLCHAINS" | awk '/^gcc/ { printf " %s", $1 }')
  echo "bootstrap: NVPTX_TOOLCHAIN is one of$names, not $TOOLCHAIN" >&2
  exit 2
fi
read -r _ SUITE GCC_PKG NEWLIB_VER TOOLS RECIPE MINUTES TRAPS FLAGS <<EOF
$row
EOF
PREFIX=${1:-${NVPTX_PREFIX:-/opt/nvptx-none-$TOOLCHAIN}}
GCC_NAME=${GCC_PKG%-source}
GCC_MAJOR=${GCC_NAME#gcc-}
GCC_TAR="/usr/src/$GCC_NAME/$GCC_NAME*-dfsg.tar.xz"
GFDL_DIFF=/usr/src/$GCC_NAME/debian/patches/gcc-gfdl-build.diff
NEWLIB_TAR="/usr/src/newlib/newlib-$NEWLIB_VER*.tar.xz"
EXTRA_CONFIGURE=
[ "$FLAGS" = - ] || EXTRA_CONFIGURE=$(echo "$FLAGS" | tr , ' ')
has_trap () { case ",$TRAPS," in *",$1,"*) return 0 ;; esac; return 1; }

STAMP=$PREFIX/.nvptx-rpc-toolchain
WORK=${NVPTX_BUILD_DIR:-${TMPDIR:-/tmp}/nvptx-toolchain-build$(
  [ "$TOOLCHAIN" = gcc12 ] || echo "-$TOOLCHAIN")}
JOBS=$(nproc 2>/dev/null || echo 2)
FIXTURES=${NVPTX_FIXTURES:-$(cd "$(dirname "$0")/../.." && pwd)/shared/fixtures}

# Everything the build needs, checked on a minimal Debian 12
# (debootstrap --variant=minbase, docs/testing.md): g++ for GCC itself,
# which is C++.
PACKAGES="dejagnu texinfo flex bison libgmp-dev libmpfr-dev libmpc-dev autoconf
  automake patch xz-utils make gcc g++"
# Where the source packages' files are: / when they are installed from the
# machine's own release, else a folder they are unpacked into (SRCROOT).
SRCROOT=
SUITE_DEBS="$GCC_PKG newlib-source"
# The nvptx-tools binaries (as, ld, ar, ranlib) the toolchain calls: the
# machine's (NVPTX_BIN empty), or those built into PREFIX/bin.
NVPTX_BIN=
TOOLS_VERSION='' TOOLS_COMMIT=''
case $TOOLS in
  os) ;;
  *+*) TOOLS_VERSION=${TOOLS%%+*} TOOLS_COMMIT=${TOOLS#*+} ;;
  *) TOOLS_VERSION=$TOOLS ;;
esac
codename=$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-}")
if [ "$codename" = "$SUITE" ]; then
  PACKAGES="$SUITE_DEBS $PACKAGES"
else
  SRCROOT=$WORK/$SUITE
fi
# The machine's nvptx-tools (Debian 12's 0.20220610) stays for the checks
# of this tree even where the toolchain uses those built into PREFIX.
PACKAGES="nvptx-tools $PACKAGES"
if [ "$TOOLS" != os ] && { [ "$codename" != "$SUITE" ] || [ -n "$TOOLS_COMMIT" ]; }; then
  NVPTX_BIN=$PREFIX/bin/
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
# stopped and finishes the build, at the cost of parallelism for the rest.
# Only its outcome tells a race from a real error, which fails the serial
# make too and is reported with its log: the messages wait for it.
make_resuming ()
{
  name=$1 logfile=$2
  shift 2
  log "[$(( $(date +%s) - START )) s] $name (log: $logfile)"
  ${MAKE:-make} -j"$JOBS" "$@" > "$logfile" 2>&1 && return 0
  log "$name: make -j$JOBS failed after $(( $(date +%s) - START )) s; the end of $logfile:"
  tail -15 "$logfile" >&2
  log "[$(( $(date +%s) - START )) s] $name: resuming serially (make -j1) where it stopped (log: $logfile.serial)"
  if ${MAKE:-make} -j1 "$@" > "$logfile.serial" 2>&1; then
    log "[$(( $(date +%s) - START )) s] $name: make -j1 succeeded: make -j$JOBS's failure was a parallel-build race"
    return 0
  fi
  log "$name: make -j1 failed too after $(( $(date +%s) - START )) s: a real build error; the end of $logfile.serial:"
  tail -40 "$logfile.serial" >&2
  exit 1
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

# The mirror of the machine's own Debian sources, for other releases' packages.
debian_mirror ()
{
  { sed -n 's/^URIs:[[:space:]]*//p' /etc/apt/sources.list.d/*.sources 2>/dev/null
    sed -n 's/^deb[[:space:]]\{1,\}\(\[[^]]*\][[:space:]]*\)\{0,1\}\([^[:space:]]*\).*/\2/p' \
      /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null
  } | tr ' ' '\n' | grep -m1 '/debian/*$' || echo http://deb.debian.org/debian
}

# Fetch SUITE's gcc-N-source and newlib-source with apt through a private
# source list, lists and cache in DIR, and unpack them into SRCROOT.
# Debian testing's and unstable's Release files, as served here, are past
# their Valid-Until date; their signatures are still checked.  Run as a
# stage, which tests its status, so set -e does not apply inside: each
# step's failure is returned.
fetch_sources ()
{
  dir=$1
  mirror=$(debian_mirror)
  mkdir -p "$dir/lists/partial" "$dir/cache/archives/partial" "$SRCROOT"
  printf 'deb [signed-by=%s] %s %s main\n' \
    /usr/share/keyrings/debian-archive-keyring.gpg "$mirror" "$SUITE" > "$dir/sources.list"
  set -- -o Dir::Etc::sourcelist="$dir/sources.list" -o Dir::Etc::sourceparts=- \
    -o Dir::State::Lists="$dir/lists" -o Dir::Cache="$dir/cache" \
    -o Dir::State::status=/dev/null -o APT::Sandbox::User=root \
    -o Acquire::Check-Valid-Until=false
  echo "mirror: $mirror"
  apt-get "$@" update || return 1
  (cd "$dir" && apt-get "$@" download $SUITE_DEBS) || return 1
  for deb in "$dir"/*.deb; do dpkg-deb -x "$deb" "$SRCROOT" || return 1; done
}

# Check FILE against its hash in SHA256S.
check_sha256 ()
{
  sum=$(printf '%s\n' "$SHA256S" | awk -v f="$(basename "$1")" '$2 == f { print $1 }')
  [ -n "$sum" ] || { echo "no SHA-256 pinned for $(basename "$1")"; return 1; }
  echo "$sum  $1" | sha256sum -c -
}

# Put the nvptx-tools source tarball of TOOLS in DIR/nvptx-tools.tar.xz:
# Debian's .orig.tar.xz (whose Debian source package answers 404 except,
# sometimes, for that tarball) fetched with apt-helper and its hash, else
# upstream's snapshot beside the clone.
fetch_nvptx_tools ()
{
  dir=$1
  orig=nvptx-tools_$TOOLS_VERSION.orig.tar.xz
  mkdir -p "$dir"
  if /usr/lib/apt/apt-helper -o APT::Sandbox::User=root download-file \
       "$(debian_mirror)/pool/main/n/nvptx-tools/$orig" "$dir/$orig" \
       "SHA256:$(printf '%s\n' "$SHA256S" | awk -v f="$orig" '$2 == f { print $1 }')"; then
    echo "nvptx-tools $TOOLS_VERSION: Debian's $orig"
    mv "$dir/$orig" "$dir/nvptx-tools.tar.xz"
    return 0
  fi
  [ -n "$TOOLS_COMMIT" ] || return 1
  snapshot=$FIXTURES/nvptx-tools-$TOOLS_COMMIT.tar.xz
  [ -f "$snapshot" ] || { echo "neither Debian's $orig nor $snapshot is there"; return 1; }
  check_sha256 "$snapshot" || return 1
  echo "nvptx-tools $TOOLS_VERSION: Debian's $orig is not served; upstream's $snapshot instead"
  cp "$snapshot" "$dir/nvptx-tools.tar.xz"
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
  # The driver's PTX JIT rejects GCC's ".loc ... discriminator N".
  libgcc=$(echo "$PREFIX"/lib/gcc/nvptx-none/*/libgcc.a)
  [ -f "$libgcc" ] && ! grep -q 'discriminator' "$libgcc"
}

# nvptx-none-as verifies its output with ptxas when one is on PATH, and
# CUDA 13's rejects every GCC's default target (sm_30, sm_52: "Value 'sm_52'
# is not defined for option 'gpu-name'") under nvptx-tools 0.20220610 and
# 0.20240810.  0.20260402's verifies sm_52 code for sm_75 then, but the
# build should not depend on which ptxas or libnvJitLink it finds either:
# verify later, explicitly.
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

# Check the unpacked trees before they are patched and configured: a glob
# that matched no tarball or two, or a truncated one, stops here with the
# path that is missing, not in a patch or a configure run much later.
check_sources ()
{
  [ -f "$GCC_SRC/gcc/BASE-VER" ] && [ -f "$GCC_SRC/gcc/Makefile.in" ] \
    || { echo "no GCC source tree in $GCC_SRC"; return 1; }
  case $(cat "$GCC_SRC/gcc/BASE-VER") in
    "$GCC_MAJOR".*) ;;
    *) echo "$GCC_SRC is GCC $(cat "$GCC_SRC/gcc/BASE-VER"), not $GCC_MAJOR"; return 1 ;;
  esac
  # newlib 4.6's tarball, like the older ones, carries its generated
  # Makefile.in and configure: no autotools run is needed.
  [ -f "$NEWLIB_SRC/newlib/configure" ] && [ -f "$NEWLIB_SRC/newlib/Makefile.in" ] \
    || { echo "no newlib source tree in $NEWLIB_SRC"; return 1; }
  echo "GCC $(cat "$GCC_SRC/gcc/BASE-VER") in $GCC_SRC, newlib in $NEWLIB_SRC"
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
  stage "fetching $SUITE's $SUITE_DEBS" "$WORK/fetch.log" fetch_sources "$WORK/apt"
fi
if [ -n "$NVPTX_BIN" ]; then
  stage "fetching nvptx-tools $TOOLS_VERSION" "$WORK/fetch-nvptx-tools.log" \
    fetch_nvptx_tools "$WORK/apt"
  log "$(tail -1 "$WORK/fetch-nvptx-tools.log")"
  stage "nvptx-tools $TOOLS_VERSION into $PREFIX" "$WORK/nvptx-tools.log" sh -c \
    'mkdir nvptx-tools-src && tar -xf "$1" -C nvptx-tools-src &&
     mkdir nvptx-tools-build && cd nvptx-tools-build &&
     ../nvptx-tools-src/*/configure --prefix="$2" &&
     make -j"$3" && make install' sh "$WORK/apt/nvptx-tools.tar.xz" "$PREFIX" "$JOBS"
fi
stage "unpacking gcc and newlib" "$WORK/unpack.log" sh -c \
  'tar -xf $1$2 && tar -xf $1$3' sh "$SRCROOT" "$GCC_TAR" "$NEWLIB_TAR"
GCC_SRC=$(echo "$WORK"/gcc-*)
NEWLIB_SRC=$(echo "$WORK"/newlib-*)
stage "checking the source trees" "$WORK/check.log" check_sources
if has_trap gfdl; then
  # --batch: patch asks no questions on a terminal (none may be there) and
  # --forward: one that looks already applied fails rather than reverts.
  stage "applying Debian's gcc-gfdl-build.diff" "$WORK/patch.log" \
    patch --batch --forward -p2 -d "$GCC_SRC" -i "$SRCROOT$GFDL_DIFF"
fi
ln -s "$NEWLIB_SRC/newlib" "$GCC_SRC/newlib"

TOOLS=$PREFIX/nvptx-none/bin
install_binutils_shims "$TOOLS"

mkdir build && cd build
# No -g for the target libraries: GCC's debug line info for nvptx
# (".loc ... discriminator") is rejected by the driver's PTX JIT, so a
# program using libgcc's complex arithmetic or 64-bit bit counts would not
# load.  The newlib built here is pristine, and "make install" replaces it
# with this tree's, built with C99's formats, which pristine newlib's scanf
# cannot have on nvptx (it needs alloca).
stage configure "$PWD/configure.log" \
  "$GCC_SRC/configure" CFLAGS_FOR_TARGET=-O2 --target=nvptx-none \
  --prefix="$PREFIX" --with-build-time-tools="$TOOLS" --enable-languages=c \
  --disable-multilib --disable-nls --disable-lto --disable-sjlj-exceptions \
  --enable-newlib-io-long-long $EXTRA_CONFIGURE
make_resuming "gcc and newlib (the long part: most of the $MINUTES min on 2 idle cores, an hour or more on busy ones)" \
  "$PWD/make.log"
if has_trap discriminator; then
  # libgcc takes -g from its own LIBGCC2_DEBUG_CFLAGS, and the top-level
  # make passes no command-line variables down: rebuild it directly.
  stage "libgcc without debug lines" "$PWD/libgcc.log" sh -c \
    'make -C nvptx-none/libgcc clean && make -C nvptx-none/libgcc -j"$1" LIBGCC2_DEBUG_CFLAGS=' \
    sh "$JOBS"
fi
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
