#!/bin/sh
# The OpenMP test programs' offload images (testsuite/offload, linked
# with the mgomp build of our newlib): their PTX verified with ptxas and
# linked with nvlink, as the CUDA driver's JIT will, by verify-ptx.sh.
# The link fails on any call whose PTX prototype differs from the
# library's definition (an int write against glibc's ssize_t one).
# Usage: offload-check.sh [NAME.ptx...]; default $OFFLOAD_PTX, which
# "make check" leaves empty, for a skip, without GCC's offload compiler
# for nvptx (Debian's gcc-12-offload-nvptx).
[ $# -gt 0 ] || set -- $OFFLOAD_PTX
if [ $# -eq 0 ]; then
  echo "SKIP: no offload compiler for nvptx-none (gcc-12-offload-nvptx)"
  exit 77
fi
exec "$(dirname "$0")/verify-ptx.sh" "$@"
