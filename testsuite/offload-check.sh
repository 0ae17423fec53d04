#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# The OpenMP test programs' offload images (testsuite/offload, linked
# with the mgomp build of our newlib): their PTX verified with ptxas and
# linked with nvlink, as the CUDA driver's JIT will, by verify-ptx.sh.
# The link fails on any call whose PTX prototype differs from the
# library's definition (an int write against glibc's ssize_t one).
# Also, no call of __nvptx_vprintf may be left to the master lane alone,
# as GCC leaves calls of CUDA's vprintf (offload/device-libgomp.sh):
# error.ptx reaches libgomp's error.o.
# Usage: offload-check.sh [NAME.ptx...]; default $OFFLOAD_PTX, which
# "make check" leaves empty, for a skip, without GCC's offload compiler
# for nvptx (Debian's gcc-12-offload-nvptx).
[ $# -gt 0 ] || set -- $OFFLOAD_PTX
if [ $# -eq 0 ]; then
  echo "SKIP: no offload compiler for nvptx-none (gcc-12-offload-nvptx)"
  exit 77
fi
if grep -E -l '@[^;]*call[^;]*__nvptx_vprintf' "$@"; then
  echo "FAIL: __nvptx_vprintf called by the master lane only (above)"
  exit 1
fi
exec "$(dirname "$0")/verify-ptx.sh" "$@"
