#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# The offload server in CI, without a GPU: nvptx-rpc-offload runs
# offload-main, whose "libgomp plugin" (fake-gomp-plugin.c) loads prog.so
# as a module through the stand-in driver and waits for its kernel in the
# driver, as libgomp does; libnvptx-rpc-gomp.so, preloaded, must attach
# the module and serve its calls from its thread.  Run from the build
# directory, as "make check" does.
build=$PWD
. "$(dirname "$0")/check-lib.sh"
# A server that never answers must not hang "make check".
offload="timeout -s KILL 20 $build/nvptx-rpc-offload"
NVPTX_RPC_LIBDIR=$build
export NVPTX_RPC_LIBDIR
prog=$build/testsuite/launcher/prog.so
# The host program, with the plugin it loads.
here=$build/testsuite/launcher
main="$here/offload-main $here/libgomp-plugin-nvptx.so.1"

run $offload --help
check "--help: usage on stdout, status 0" \
  test $status = 0 -a ! -s "$work/err" \
  -a -n "$(grep -e "--sandbox DIR" "$work/out")"
run $offload
expect "no program: status 127" 127 "^nvptx-rpc-offload: no program specified"
run $offload --bogus $main
expect "an unknown option: status 127" 127 "unknown option --bogus"
run $offload --timeout 5 $main "$prog" status 0
expect "--timeout is the launcher's: refused" 127 "unknown option --timeout"
run $offload --window 7 $main "$prog" status 0
expect "an invalid window: status 127, before the program runs" 127 \
  "^nvptx-rpc-offload: invalid window size"
run $offload --window
expect "an option without its argument: status 127" 127 "needs an argument"

# --- Served from the library's thread ---------------------------------------

run $offload $main "$prog" print "to stdout
" "to stderr
"
check "stdout and stderr of the GPU code are the program's" \
  test $status = 0 -a "$(cat "$work/out")" = "to stdout" \
  -a "$(cat "$work/err")" = "to stderr"
run $offload $main "$prog" status 42
check "the kernel's result reaches the host part" test $status = 42
# libgomp launches teams of threads: the program is never told it runs
# as one.
run $offload $main "$prog" threads
check "the GPU code is told to lock" is "$work/out" "locks
"
# The plugin links the image one object at a time: the objects without
# a kernel, the libraries', are held to 64 registers a thread, so that a
# kernel calling them can run 1,024 threads a block; kernels are not.
run $offload env FAKE_LIBCUDA=log-jit $main "$prog" status 0
check "JIT: an object with a kernel gets no register limit" \
  grep -q "^fake-libcuda: fake-libcuda object kernel: no register limit$" \
  "$work/err"
check "JIT: an object without one at most 64 registers" \
  grep -q "^fake-libcuda: fake-libcuda object library: at most 64 registers$" \
  "$work/err"
# The lookups of GCC's plugin, which GCC 12's and GCC 14's share for the
# entry points the hook wraps (docs/offload.md, "GCC 14's libgomp"): each
# name it asks for them by comes back wrapped, cuLinkAddData both the
# unversioned and the _v2, and nothing else does.
wrapped ()
{
  sed -n 's/^fake-gomp-plugin: \(.*\): libnvptx-rpc-gomp\.so$/\1/p' \
    "$work/err" | LC_ALL=C sort | tr '\n' ' '
}
hooked="cuCtxDestroy_v2 cuLinkAddData cuLinkAddData_v2 cuModuleLoadData \
cuModuleUnload "
run $offload env FAKE_GOMP_PLUGIN=log-lookups $main "$prog" status 0
check "lookups: the four entry points wrapped, by each name" \
  test $status = 0 -a "$(wrapped)" = "$hooked"
check "lookups: the others are the driver's" \
  test -z "$(grep '^fake-gomp-plugin: ' "$work/err" \
	     | grep -v -e ': libnvptx-rpc-gomp\.so$' -e ': libcuda\.so\.1$')" \
  -a -n "$(grep '^fake-gomp-plugin: cuLinkCreate_v2: libcuda\.so\.1$' \
	   "$work/err")"
# GCC 14's plugin: four more lookups, passed through (a name the driver
# lacks stays unanswered), and, for a region that may call back to the
# host, a wait that polls the stream.
run $offload env FAKE_GOMP_PLUGIN=gcc14,log-lookups $main "$prog" status 42
check "GCC 14's lookups: the same four wrapped, the new ones not" \
  test $status = 42 -a "$(wrapped)" = "$hooked" \
  -a -n "$(grep '^fake-gomp-plugin: cuMemHostAlloc: libcuda\.so\.1$' \
	   "$work/err")" \
  -a -n "$(grep '^fake-gomp-plugin: cuMemcpy3D_v2: none$' "$work/err")"
in=$work/input
printf 'line one\nline two\n' > "$in"
run $offload env FAKE_GOMP_PLUGIN=gcc14 $main "$prog" echo
check "GCC 14's polling wait: stdin and stdout served" is "$work/out" \
  "line one
line two
"
# On a driver without cuLinkAddData_v2 the plugin calls the unversioned
# cuLinkAddData: the libraries are held to 64 registers all the same.
run $offload env FAKE_GOMP_PLUGIN=unversioned FAKE_LIBCUDA=log-jit \
  $main "$prog" status 0
check "unversioned cuLinkAddData: the libraries at most 64 registers" \
  grep -q "^fake-libcuda: fake-libcuda object library: at most 64 registers$" \
  "$work/err"
check "unversioned cuLinkAddData: kernels not limited" \
  grep -q "^fake-libcuda: fake-libcuda object kernel: no register limit$" \
  "$work/err"
in=$work/input
printf 'line one\nline two\n' > "$in"
run $offload $main "$prog" echo
check "stdin reaches the GPU code" is "$work/out" "line one
line two
"
run $offload $main "$prog" create "$work/made" "made on the GPU"
check "a file created, written and closed" is "$work/made" "made on the GPU"
run $offload --window 64 $main "$prog" cat "$work/made"
check "--window 64: a file read back" is "$work/out" "made on the GPU"
run $offload $main "$prog" cat "$work/missing"
expect "open of a missing file: ENOENT, as the GPU code sees it" 1 \
  "missing: No such file or directory"
run $offload --trace $main "$prog" create "$work/traced" x
expect "--trace: each call on stderr" 0 \
  '^\[gpu\] open\(".*/traced", O_WRONLY\|O_CREAT\|O_TRUNC, 0666\) = 3$'
run $offload $main "$prog" dma "$work/dma"
check "large transfers by DMA, both ways" test $status = 0
mkdir "$work/box"
run $offload --sandbox "$work/box" $main "$prog" cat "$work/made"
expect "--sandbox: a file outside refused" 1 "Permission denied"
run $offload --read-only $main "$prog" create "$work/box/no" x
expect "--read-only: a file creation refused" 1 "Read-only file system"
run env OFFLOAD_TEST=value $offload --no-env --env A=1 --env OFFLOAD_TEST \
  $main "$prog" env
check "--no-env --env A=1 --env NAME: exactly those" \
  is "$work/out" "A=1
OFFLOAD_TEST=value
"

# --- Only libgomp's plugin, only modules with nvptx-rpc ---------------------

run $main "$prog" stock
check "without the runner: no mailbox, calls fail with ENOSYS" test $status = 0
run env FAKE_LIBCUDA=no-rpc $offload $main "$prog" stock
check "a module built without nvptx-rpc: left as it is" test $status = 0
cp "$here/libgomp-plugin-nvptx.so.1" "$work/libother.so"
run $offload env FAKE_GOMP_PLUGIN=log-lookups "$here/offload-main" \
  "$work/libother.so" "$prog" stock
check "lookups by anyone but libgomp's plugin: not redirected" \
  test $status = 0 -a -z "$(wrapped)"

report gomp-hook-check
