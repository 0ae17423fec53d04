#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Set everything up on a fresh Debian 12 or 13 machine and run the demo:
# Debian packages and the nvptx-none toolchain (cached, see
# bootstrap-toolchain.sh), then configure, build and install nvptx-rpc
# into the toolchain's prefix.  Safe to run again: it redoes only what is
# missing or stale.
# The toolchain: $NVPTX_TOOLCHAIN, one of bootstrap-toolchain.sh's table
# (gcc12, gcc13, gcc14, gcc15, gcc16), in /opt/nvptx-none-$NVPTX_TOOLCHAIN;
# by default the distribution's own GCC: gcc14 on Debian 13, gcc16 on
# Debian testing and unstable, else gcc12.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
codename=$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-}")
case $codename in
  trixie) default=gcc14 ;;
  forky | sid) default=gcc16 ;;
  *) default=gcc12 ;;
esac
NVPTX_TOOLCHAIN=${NVPTX_TOOLCHAIN:-$default}
export NVPTX_TOOLCHAIN
prefix=${NVPTX_PREFIX:-/opt/nvptx-none-$NVPTX_TOOLCHAIN}

start=$(date +%s)
say () { echo "setup: [$(( $(date +%s) - start )) s] $*"; }

say "toolchain $NVPTX_TOOLCHAIN (built once: 15 to 25 min on 2 idle cores, over an hour on busy ones; then seconds)"
"$top/scripts/bootstrap-toolchain.sh" "$prefix"

# clang and its libFuzzer runtime (not a dependency of clang), for "make
# fuzz" and the fuzzing in "make check"; dpkg-dev (dpkg-source) and g++,
# for the nvptx-tools series check; GCC's offload compiler for nvptx and
# libgomp's plugin, for OpenMP target regions (docs/offload.md) and their
# tests; autoconf2.69, which newlib's build files need, for the newlib
# series check and, with gcc14, for newlib 4.5.0's build; git, for the licence check and the patch series.  "make
# check" skips what lacks them.  Not from Debian's main archive, so not
# here: ptxas and nvlink (CUDA toolkit), with which "make check"
# verifies PTX.
# Debian 13's and testing's names: clang's runtime, GCC 14's and 16's
# offload compilers.
if [ "$codename" = trixie ]; then
  clang_rt=libclang-rt-dev offload=gcc-14-offload-nvptx
elif [ "$codename" = forky ] || [ "$codename" = sid ]; then
  clang_rt=libclang-rt-dev offload=gcc-16-offload-nvptx
else
  clang_rt=libclang-rt-14-dev offload=gcc-12-offload-nvptx
fi
missing=
for p in clang $clang_rt dpkg-dev g++ $offload \
	 libgomp-plugin-nvptx1 autoconf2.69 git; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' \
    || missing="$missing $p"
done
if [ -n "$missing" ]; then
  SUDO=; [ "$(id -u)" -eq 0 ] || SUDO=sudo
  { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
      $SUDO apt-get install -y -qq --no-install-recommends $missing; } \
    || echo "setup: could not install$missing: make check skips what needs it"
fi
cd "$top"
say "configure"
[ -x configure ] || autoreconf -fi
# Configured anew for another toolchain's prefix.
[ -f Makefile ] && [ "$(sed -n 's/^nvptx_prefix = //p' Makefile)" = "$prefix" ] \
  || ./configure --with-nvptx-prefix="$prefix"
say "make: the launcher, the newlib patch, newlib"
make -j"$(nproc)"
say "make install into $prefix"
make install
say "the demo"

# The demo: a program that writes a file and reads it back, built with
# the installed toolchain exactly as a user would.
export PATH="$prefix/bin:$PATH"
demo=$(mktemp -d)
cat > "$demo/demo.c" <<'DEMO'
#include <stdio.h>
int
main (void)
{
  char line[64];
  FILE *f = fopen ("demo.txt", "w");
  fprintf (f, "written on the GPU\n");
  fclose (f);
  f = fopen ("demo.txt", "r");
  fgets (line, sizeof line, f);
  printf ("read back: %s", line);
  return 0;
}
DEMO
nvptx-none-gcc -O2 -mmainkernel "$demo/demo.c" -o "$demo/demo"
echo "demo: built $demo/demo with $(command -v nvptx-none-gcc)"
cd "$demo"
if nvptx-none-run ./demo; then
  echo "demo: ran on the GPU; demo.txt holds: $(cat demo.txt)"
else
  echo "demo: no GPU here (above: the launcher's message); on a GPU machine run"
  echo "      PATH=$prefix/bin:\$PATH nvptx-none-run $demo/demo"
fi

# The same program as an OpenMP target region, built with Debian's
# offload compiler against the installed device library, run by
# nvptx-rpc-offload (docs/offload.md).  Without a GPU, libgomp runs the
# region on the host instead.
cat > "$demo/demo-omp.c" <<'DEMO'
#include <stdio.h>
int
main (void)
{
#pragma omp target
  {
    char line[64];
    FILE *f = fopen ("demo-omp.txt", "w");
    fprintf (f, "written in a target region\n");
    fclose (f);
    f = fopen ("demo-omp.txt", "r");
    fgets (line, sizeof line, f);
    printf ("read back: %s", line);
  }
  return 0;
}
DEMO
if gcc -O2 -fopenmp -foffload=nvptx-none \
     -foffload-options=nvptx-none="-Wa,--no-verify -B$prefix/nvptx-none/lib/offload/" \
     "$demo/demo-omp.c" -o "$demo/demo-omp" 2> "$demo/demo-omp.log"; then
  echo "demo: built $demo/demo-omp, an OpenMP program; run by nvptx-rpc-offload:"
  nvptx-rpc-offload ./demo-omp
else
  echo "demo: the OpenMP demo did not build:"
  tail -5 "$demo/demo-omp.log"
fi
say "done"
