# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Sourced by gpu-offload.sh and libgomp-run.sh.
# gomp_libdir WORK: put the libgomp and nvptx plugin the programs were
# built for first on LD_LIBRARY_PATH: $GOMP_LIBDIR, or else the libgomp1
# and libgomp-plugin-nvptx1 .deb files of $GPU_PACK/gomp/ (default
# .gpu-pack/gomp/), unpacked into WORK/gomp, not over the machine's own.
gomp_libdir ()
{
  if [ -z "${GOMP_LIBDIR:-}" ]; then
    for f in "${GPU_PACK:-$top/.gpu-pack}"/gomp/*.deb; do
      dpkg -x "$f" "$1/gomp"
    done
    GOMP_LIBDIR=$1/gomp/usr/lib/x86_64-linux-gnu
  fi
  export LD_LIBRARY_PATH=$GOMP_LIBDIR${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
}
