#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# The launcher itself (nvptx-tools-run-patch/launcher/run*.c) in CI, without a GPU:
# nvptx-none-run loads the stand-in driver testsuite/launcher/libcuda.so.1
# (fake-libcuda.c) through LD_LIBRARY_PATH, and runs prog.so (prog.c) as
# its kernel; each check looks at the launcher's exit status, its stdout
# and stderr, and the files left behind.  README says how it works.
# Run from the build directory, as "make check" does.
build=$PWD
# The launcher under test: ours, or $NVPTX_RUN.  NVPTX_RUN_FLAVOR=
# nvptx-tools: nvptx-tools' nvptx-run with the patch series applied
# (nvptx-tools-check.sh), whose own messages, version and handling of
# bad options the checks then allow for (docs/upstreaming.md).
nvptx=${NVPTX_RUN:-$build/nvptx-none-run}
if [ "${NVPTX_RUN_FLAVOR:-}" = nvptx-tools ]; then
  nvptx_tools=true
  version="^nvptx-none-run \(nvptx-tools\) "
  no_gpu="^nvptx-run: cuInit failed: "
  no_driver="^nvptx-run: couldn't initialize CUDA Driver"
else
  nvptx_tools=false
  version="^nvptx-none-run \(nvptx-rpc\) "
  no_gpu="^nvptx-run: no CUDA device: cuInit failed: "
  no_driver="^nvptx-run: cannot load libcuda.so.1: "
fi
. "$(dirname "$0")/check-lib.sh"
# A kernel that never ends, under a launcher whose --timeout fails, must
# not hang "make check": killed after 20 s, status 137.
guard="timeout -s KILL 20"

# --- Options and usage -----------------------------------------------------

run "$nvptx" --help
check "--help: usage on stdout, status 0" \
  test $status = 0 -a -s "$work/out" -a ! -s "$work/err"
check "--help lists --sandbox" grep -q -e "--sandbox DIR" "$work/out"
run "$nvptx" --version
check "--version: status 0" grep -E -q "$version" "$work/out"
run "$nvptx" --bogus "$prog" status 0
if $nvptx_tools; then
  # nvptx-tools 0.20220610 goes on to run the program.
  check "unknown option: named on stderr" grep -q "unrecognized option" \
    "$work/err"
else
  expect "unknown option: usage on stderr, status 1" 1 "^Usage: nvptx-none-run"
fi
run "$nvptx" --window
if $nvptx_tools; then
  check "option without its argument: named on stderr" \
    grep -q "requires an argument" "$work/err"
else
  expect "option without its argument: status 1" 1 "requires an argument"
fi
run "$nvptx"
expect "no program file: status 127" 127 "^nvptx-run: no program file specified$"
run "$nvptx" "$work/missing"
expect "missing program file: status 127" 127 "^nvptx-run: program file not found$"
run "$nvptx" "$work"
if $nvptx_tools; then
  # nvptx-run reads it as an empty program, which the JIT refuses.
  expect "a directory as the program file: status 127" 127 "^nvptx-run: "
else
  expect "a directory as the program file: status 127" 127 \
    "^nvptx-run: cannot read program file: Is a directory$"
fi
echo "not a program" > "$work/text"
run "$nvptx" "$work/text"
expect "not a program: the JIT's log and status 127" 127 \
  "^nvptx-run: cuLinkAddData failed: .*CUDA_ERROR_INVALID_PTX"
check "not a program: the driver's log printed" grep -q "^fake-libcuda: " \
  "$work/err"

while read -r option value message; do
  run "$nvptx" "$option" "$value" "$prog" status 0
  expect "$option '$value': $message, status 127" 127 \
    "^nvptx-run: $message"
done <<EOF
--window 7 invalid window size
--window 63 invalid window size
--window 1020 invalid window size
--window 1048584 invalid window size
--window 1k invalid window size
--lanes 0 invalid lane count
--lanes 33 invalid lane count
-L 99 invalid lane count
-O 9 invalid optimization level
-O 42 invalid optimization level
-S 0 invalid stack size
-S -8 invalid stack size
-H 0 invalid heap size
--timeout x invalid timeout
--timeout 0 invalid timeout
--timeout -1 invalid timeout
--env =x invalid --env setting
EOF
run "$nvptx" -O9 "$prog" status 0
expect "-O9: invalid optimization level, status 127" 127 \
  "invalid optimization level"
for option in --window -O --timeout --env; do
  run "$nvptx" $option "" "$prog" status 0
  expect "$option '': status 127" 127 "^nvptx-run: invalid"
done
run "$nvptx" -S 65536 -H 1048576 -L 32 -O0 -g -G --window 64 --timeout 60 \
  --stack-size=8192 --heap-size=4096 --lanes=1 --optlevel=4 --lineinfo \
  --debuginfo "$prog" status 5
check "every valid option accepted" test $status = 5 -a ! -s "$work/err"

# --- The program's status, arguments and standard streams -----------------

for value in 0 3 255; do
  run "$nvptx" "$prog" status $value
  check "main's return $value: the launcher's status" test $status = $value
done
run "$nvptx" "$prog" args -x --window 7 "" "a b"
check "arguments after the program pass through, argv[argc] is NULL" \
  is "$work/out" "args
-x
--window
7

a b
"
check "arguments: status 0" test $status = 0

run "$nvptx" "$prog" print "to stdout" "to stderr"
check "write (1) reaches the launcher's stdout" is "$work/out" "to stdout"
check "write (2) reaches the launcher's stderr" is "$work/err" "to stderr"

# Every byte value, and more than a window.
awk 'BEGIN { for (i = 0; i < 70001; i++) printf "%c", i % 251 + 1 }' \
  > "$work/bytes"
printf '\0\0\0' >> "$work/bytes"
in=$work/bytes run "$nvptx" "$prog" echo
check "stdin reaches read (0), every byte" cmp -s "$work/out" "$work/bytes"
run "$nvptx" "$prog" echo
check "an empty stdin: EOF, status 0" test $status = 0 -a ! -s "$work/out"

"$nvptx" "$prog" std-fds <&- >&- 2>&-
status=$?
check "fds 0, 1 and 2 closed: the program sees /dev/null" test $status = 0

{ "$nvptx" "$prog" epipe 2> "$work/err"; echo $? > "$work/status"; } | true
status=$(cat "$work/status")
check "stdout a pipe without reader: EPIPE, the program's status" \
  test "$status" = 0

run "$nvptx" "$prog" kill
check "kill (getpid (), SIGTERM): the launcher ends by SIGTERM" \
  test $status = 143
check "kill: output before the signal kept" \
  is "$work/out" "written before the signal
"

# --- --timeout --------------------------------------------------------------

start=$(now)
run $guard "$nvptx" --timeout 1 "$prog" spin
elapsed=$(($(now) - start))
expect "--timeout 1 on a kernel that never ends: status 124" 124 \
  "^nvptx-run: the GPU program ran longer than 1 s$"
check "--timeout 1: ended within 3 s ($elapsed ms)" test $elapsed -lt 3000
check "--timeout: output before it kept" is "$work/out" "spinning
"
run $guard env NVPTX_RPC_TIMEOUT=1 "$nvptx" "$prog" spin
expect "NVPTX_RPC_TIMEOUT=1: status 124" 124 "ran longer than 1 s"
start=$(now)
run $guard env NVPTX_RPC_TIMEOUT=100 "$nvptx" --timeout 0.5 "$prog" spin
elapsed=$(($(now) - start))
expect "--timeout 0.5 over NVPTX_RPC_TIMEOUT=100: status 124" 124 \
  "ran longer than 0.5 s"
check "--timeout 0.5: ended within 2.5 s ($elapsed ms)" test $elapsed -lt 2500
# A program waiting for a lock another process holds: the server waits
# for it in a thread, and must still end the program on time; and takes
# it when it comes.
if command -v flock > /dev/null; then
  : > "$work/locked"
  flock -o "$work/locked" sleep 30 & holder=$!
  until flock -n "$work/locked" true 2> /dev/null; [ $? = 1 ]; do
    sleep 0.05
  done
  start=$(now)
  run $guard "$nvptx" --timeout 1 "$prog" flock "$work/locked"
  elapsed=$(($(now) - start))
  expect "--timeout 1, waiting for a lock: status 124" 124 \
    "ran longer than 1 s"
  check "--timeout 1, waiting for a lock: ended within 3 s ($elapsed ms)" \
    test $elapsed -lt 3000
  kill $holder; wait $holder 2> /dev/null
  flock -o "$work/locked" sleep 0.5 & holder=$!
  until flock -n "$work/locked" true 2> /dev/null; [ $? = 1 ]; do
    sleep 0.05
  done
  run $guard "$nvptx" --timeout 20 --trace "$prog" flock "$work/locked"
  check "a lock released by its holder: taken, status 0 ($status)" \
    test $status = 0
  check "a lock released by its holder: the program ran on" \
    is "$work/out" "locked
"
  check "--trace: flock" grep -qF '[gpu] flock(3, LOCK_EX) = 0' "$work/err"
  wait $holder
else
  echo "SKIP: no flock(1): waiting for a lock"
fi
# A program waiting for input that never comes: the server waits in
# the host's read, and must still end it on time.
mkfifo "$work/silent"
sleep 30 > "$work/silent" &
writer=$!
start=$(now)
in=$work/silent run $guard "$nvptx" --timeout 1 "$prog" echo
elapsed=$(($(now) - start))
kill $writer 2> /dev/null
expect "--timeout 1 while the program waits on stdin: status 124" 124 \
  "ran longer than 1 s"
check "--timeout 1 while waiting on stdin: ended within 3 s ($elapsed ms)" \
  test $elapsed -lt 3000
# Opening a FIFO that nobody else has open, for reading, then for
# writing: the open waits, and the launcher still ends it on time.
mkfifo "$work/lonely"
for how in "cat $work/lonely" "create $work/lonely text"; do
  start=$(now)
  run $guard "$nvptx" --timeout 1 "$prog" $how
  elapsed=$(($(now) - start))
  expect "--timeout 1 while opening a lone FIFO (${how%% *}): status 124" \
    124 "ran longer than 1 s"
  check "--timeout 1, lone FIFO (${how%% *}): ended within 3 s ($elapsed ms)" \
    test $elapsed -lt 3000
done
# With a peer, the bytes pass, as through a blocking open.
(sleep 0.3; printf 'through the FIFO\n' > "$work/lonely") &
run $guard "$nvptx" "$prog" cat "$work/lonely"
check "a FIFO opened for reading before its writer: the writer's bytes" \
  is "$work/out" "through the FIFO
"
cat "$work/lonely" > "$work/fifo-out" &
reader=$!
sleep 0.3
run $guard "$nvptx" "$prog" create "$work/lonely" "to a reader"
wait $reader
check "a FIFO opened for writing: its reader gets the bytes" \
  is "$work/fifo-out" "to a reader"
(sleep 0.3; exec 3> "$work/lonely") &
run $guard "$nvptx" "$prog" cat "$work/lonely"
check "a FIFO whose writer leaves without writing: end of file" \
  test $status = 0 -a ! -s "$work/out"
# A kernel that makes no call for 2 s: the launcher's wait loop sleeps,
# so its CPU time (its children's in the subshell, as "times" gives
# them) stays well below the wall time; a loop that spun or yielded
# would take about all of it.
cpu=$( ( "$nvptx" "$prog" idle 2 > "$work/out" 2> "$work/err"; times ) \
       | awk 'NR == 2 { n = split ($0, f, /[ ms]+/); ms = 0
			for (i = 1; i < n; i += 2) ms += (f[i] * 60 + f[i + 1]) * 1000
			printf "%d\n", ms }')
check "a kernel without calls for 2 s: the launcher's CPU ${cpu} ms < 500" \
  test "$cpu" -lt 500 -a "$(cat "$work/out")" = idle
run "$nvptx" --timeout 10 "$prog" status 3
check "--timeout 10, a program that ends: its status" test $status = 3
run env NVPTX_RPC_TIMEOUT=x "$nvptx" "$prog" status 0
expect "NVPTX_RPC_TIMEOUT=x: status 127" 127 "^nvptx-run: invalid timeout$"

# --- The driver and the GPU failing -----------------------------------------

run env FAKE_LIBCUDA=no-device NVPTX_RPC_WARM=0 "$nvptx" "$prog" status 0
expect "no GPU: cuInit's error, status 127" 127 \
  "${no_gpu}no CUDA-capable device is detected \(CUDA_ERROR_NO_DEVICE, 100\)$"
if ldconfig -p 2> /dev/null | grep -q "libcuda\.so\.1 "; then
  echo "SKIP: no driver: this machine has one"
else
  run env LD_LIBRARY_PATH="$work" NVPTX_RPC_WARM=0 "$nvptx" "$prog" status 0
  expect "no driver: status 127" 127 "$no_driver"
fi

run $guard env FAKE_LIBCUDA=fault=4 "$nvptx" --trace "$prog" fault \
  "$work/fault"
expect "a GPU fault with a request pending: status 127" 127 \
  "^nvptx-run: the GPU program failed: an illegal memory access was encountered \(CUDA_ERROR_ILLEGAL_ADDRESS, 700\)$"
check "GPU fault: output before it kept" is "$work/out" \
  "written before the fault
"
check "GPU fault: a file written before it kept" is "$work/fault" "kept
"
# The pending request may be served or not: the launcher asks the driver
# only every so many idle polls, and a GPU's request posted before its
# fault may be served too.
check "GPU fault: the requests before it served" \
  test "$(grep '^\[gpu\] ' "$work/err" | grep -vc '^\[gpu\] getpid(')" = 3

run env FAKE_LIBCUDA=link-version=2 "$nvptx" "$prog" status 0
expect "a program of protocol 2: status 127" 127 \
  "^nvptx-run: program speaks nvptx-rpc protocol 2, this launcher speaks [0-9]+; rebuild the program or use a matching launcher$"

run env FAKE_LIBCUDA=no-rpc "$nvptx" --trace "$prog" stock
check "a program without nvptx-rpc: no mailbox, no server, status 0" \
  test $status = 0 -a ! -s "$work/err"
run env FAKE_LIBCUDA=no-rpc "$nvptx" "$prog" status 9
check "a program without nvptx-rpc: its status" test $status = 9

# --- The device -----------------------------------------------------------

# The driver's own checks run plain: a warm server (warm-check.sh) has
# its driver and device from its start.
if ! $nvptx_tools; then
  NVPTX_RPC_WARM=0
  export NVPTX_RPC_WARM
  run env FAKE_LIBCUDA=devices=2,log-device "$nvptx" "$prog" status 0
  check "no --device: device 0" is "$work/err" "fake-libcuda: context on device 0
"
  run env FAKE_LIBCUDA=devices=2,log-device "$nvptx" --device 1 "$prog" \
    status 4
  check "--device 1: the context on device 1, the program's status" \
    test $status = 4 -a "$(cat "$work/err")" = \
      "fake-libcuda: context on device 1"
  run env FAKE_LIBCUDA=devices=2,log-device NVPTX_RPC_DEVICE=1 "$nvptx" \
    "$prog" status 0
  check "NVPTX_RPC_DEVICE=1: device 1" is "$work/err" \
    "fake-libcuda: context on device 1
"
  run env FAKE_LIBCUDA=devices=2,log-device NVPTX_RPC_DEVICE=1 "$nvptx" \
    --device 0 "$prog" status 0
  check "--device 0 over NVPTX_RPC_DEVICE=1: device 0" is "$work/err" \
    "fake-libcuda: context on device 0
"
  run env FAKE_LIBCUDA=devices=2 "$nvptx" --device 2 "$prog" status 0
  expect "--device 2 of 2: status 127" 127 \
    "^nvptx-run: no CUDA device 2: the host has 2$"
  for value in x -1 1x ""; do
    run "$nvptx" --device "$value" "$prog" status 0
    expect "--device '$value': status 127" 127 "^nvptx-run: invalid device$"
  done
  run env NVPTX_RPC_DEVICE=x "$nvptx" "$prog" status 0
  expect "NVPTX_RPC_DEVICE=x: status 127" 127 "^nvptx-run: invalid device$"
  run "$nvptx" --help
  check "--help lists --device" grep -q -e "--device N" "$work/out"
  unset NVPTX_RPC_WARM
fi

# --- One thread or more -------------------------------------------------------

# A kernel of one lane is one thread, which need not lock; -L launches
# lanes that each run the program, and must.
run "$nvptx" "$prog" threads
check "one lane: the program is told it runs as one thread" \
  is "$work/out" "one thread
"
run "$nvptx" -L 2 "$prog" threads
check "-L 2: the program is told to lock" is "$work/out" "locks
"

# --- The program's name -------------------------------------------------------

# Set by this tree's launcher, not by the nvptx-tools series'.
if ! $nvptx_tools; then
  run "$nvptx" "$prog" progname
  check "program_invocation_name: argv[0], and its last component" \
    is "$work/out" "${prog##*/} $prog
"
fi

# --- --trace and --window -----------------------------------------------------

run "$nvptx" --trace "$prog" create "$work/traced" hello
check "--trace: open" grep -qF \
  "[gpu] open(\"$work/traced\", O_WRONLY|O_CREAT|O_TRUNC, 0666) = 3" \
  "$work/err"
check "--trace: write" grep -qF '[gpu] write(3, "hello", 5) = 5' "$work/err"
check "--trace: close" grep -qF '[gpu] close(3) = 0' "$work/err"
check "--trace: the file" is "$work/traced" hello
run "$nvptx" "$prog" create "$work/untraced" hello
check "no --trace: nothing on stderr" test $status = 0 -a ! -s "$work/err"

for window in 64 72 1024 65536 1048576; do
  run "$nvptx" --window $window "$prog" cat "$work/bytes"
  check "--window $window: a 70004-byte file read whole" \
    cmp -s "$work/out" "$work/bytes"
done
run "$nvptx" --window 64 --trace "$prog" cat "$work/bytes"
check "--window 64: reads of 64 bytes" \
  grep -q '^\[gpu\] read(3, ".*, 64) = 64$' "$work/err"

# --- DMA: the launcher's copies on its second stream ---------------------------

for window in 64 1024; do
  run "$nvptx" --window $window --trace "$prog" dma "$work/dma"
  check "DMA (window $window): 1052897 bytes out and back, by the program" \
    test $status = 0
  check "DMA (window $window): the write by DMA" grep -q \
    '^\[gpu\] write(3, 0x[0-9a-f]* (direct), 1052897) = 1052897$' "$work/err"
  check "DMA (window $window): the read by DMA" grep -q \
    '^\[gpu\] read(3, 0x[0-9a-f]* (direct), 1052897) = 1052897$' "$work/err"
  check "DMA (window $window): the heap by the copy kernel" grep -q \
    '^\[gpu\] read(3, 0x[0-9a-f]* (direct), 100000) = 100000$' "$work/err"
  check "DMA (window $window): the file's size" \
    test "$(wc -c < "$work/dma")" = 1052897
done
# The staging buffers come with the first direct transfer; without them,
# the transfers go through the window.
run env FAKE_LIBCUDA=no-staging "$nvptx" "$prog" status 0
check "no direct transfer: no staging buffer asked for" \
  test $status = 0 -a ! -s "$work/err"
run env FAKE_LIBCUDA=no-staging "$nvptx" --trace "$prog" dma "$work/dma"
check "no staging buffers: the transfers all the same" test $status = 0
check "no staging buffers: the driver said no, asked once of 3 transfers" \
  test "$(grep -c "^fake-libcuda: cuMemHostAlloc of 4194304 bytes refused$" \
	  "$work/err")" = 1
check "no staging buffers: the write refused (EFAULT)" grep -q \
  '^\[gpu\] write(3, 0x[0-9a-f]* (direct), 1052897) = -1 EFAULT ' "$work/err"
check "no staging buffers: the write through the window" grep -q \
  '^\[gpu\] write(3, ".*, 1024) = 1024$' "$work/err"
check "no staging buffers: the file's size" \
  test "$(wc -c < "$work/dma")" = 1052897

# --- Confinement: --sandbox, --read-only, --env, --no-env -------------------

mkdir "$work/box"
echo inside > "$work/box/inside"
echo outside > "$work/outside"
run "$nvptx" --sandbox "$work/box" "$prog" cat "$work/outside"
if grep -q "needs openat2" "$work/err"; then
  echo "SKIP: --sandbox: no openat2 here"
else
  expect "--sandbox: a file outside refused (EACCES)" 1 \
    "^$work/outside: Permission denied$"
  run "$nvptx" --sandbox "$work/box" "$prog" cat "$work/box/inside"
  check "--sandbox: a file inside read" is "$work/out" "inside
"
  run "$nvptx" --sandbox "$work/box" "$prog" create "$work/box/new" made
  check "--sandbox: a file inside created" is "$work/box/new" made
  run "$nvptx" --sandbox "$work/box" "$prog" create "$work/new" made
  check "--sandbox: a file outside not created" \
    test $status = 1 -a ! -e "$work/new"
fi
run "$nvptx" --sandbox "$work/missing" "$prog" status 0
expect "--sandbox with a missing directory: status 127" 127 \
  "^nvptx-run: cannot use $work/missing as the sandbox: No such file or directory$"
run "$nvptx" --sandbox "$work/outside" "$prog" status 0
expect "--sandbox with a file: status 127" 127 \
  "^nvptx-run: cannot use $work/outside as the sandbox: "

run "$nvptx" --read-only "$prog" create "$work/ro" x
expect "--read-only: creating a file refused (EROFS)" 1 \
  "^$work/ro: Read-only file system$"
check "--read-only: no file made" test ! -e "$work/ro"
run "$nvptx" --read-only "$prog" cat "$work/outside"
check "--read-only: reading, and writing stdout, work" is "$work/out" "outside
"

run env LAUNCHER_TEST=value "$nvptx" "$prog" env
check "environment: the launcher's by default" \
  grep -qx "LAUNCHER_TEST=value" "$work/out"
run env LAUNCHER_TEST=value "$nvptx" --no-env "$prog" env
check "--no-env: an empty environment" test $status = 0 -a ! -s "$work/out"
run env LAUNCHER_TEST=value "$nvptx" --no-env --env A=1 --env LAUNCHER_TEST \
  "$prog" env
check "--no-env --env A=1 --env NAME: exactly those" \
  is "$work/out" "A=1
LAUNCHER_TEST=value
"
run env LAUNCHER_TEST=value "$nvptx" --env LAUNCHER_TEST=other "$prog" env
check "--env NAME=VALUE over the launcher's" \
  test "$(grep "^LAUNCHER_TEST=" "$work/out")" = LAUNCHER_TEST=other

if ! $nvptx_tools; then
  # $NVPTX_RPC_PHASES: each run's phases, one line.  A relative name is
  # the launcher's directory's: a plain run begins with the driver's
  # start, a warm one (warm-check.sh runs these through a server) with
  # reading the program.
  mkdir "$work/phases"
  ms='[0-9]+\.[0-9]'
  line="^$prog (driver|read) $ms jit $ms limits $ms run $ms stop $ms"
  line="$line stack [0-9]+( release $ms)?"
  line="$line free_mib [0-9]+( destroy $ms)?$"
  run sh -c 'cd "$1/phases" && shift && NVPTX_RPC_PHASES=times "$@"' sh \
    "$work" "$nvptx" "$prog" status 5
  check "NVPTX_RPC_PHASES: the program's status, nothing on stderr" \
    test $status = 5 -a ! -s "$work/err"
  check "NVPTX_RPC_PHASES: one line, each phase's milliseconds" \
    test "$(grep -E -c "$line" "$work/phases/times")" = 1
  run env NVPTX_RPC_PHASES="$work/missing/times" "$nvptx" "$prog" status 5
  expect "NVPTX_RPC_PHASES unwritable: said, the program's status" 5 \
    "^nvptx-run: cannot open \\\$NVPTX_RPC_PHASES: No such file or directory$"

  # Memory other processes hold (the stand-in driver's
  # $FAKE_LIBCUDA_MEMORY_TAKEN: all of it while the file is empty, else
  # the bytes it says, of the 139 GiB a run alone has).  A plain run
  # waits for it, as other launchers' programs end, until none has come
  # back for $NVPTX_RPC_MEMORY_WAIT seconds.  Plain runs only: a warm
  # worker asks its siblings instead (warm-check.sh).
  : > "$work/taken"
  (sleep 1; rm "$work/taken") &
  remover=$!
  run env NVPTX_RPC_WARM=0 FAKE_LIBCUDA_MEMORY_TAKEN="$work/taken" \
    NVPTX_RPC_PHASES="$work/phases-wait" "$nvptx" -S 262144 "$prog" status 6
  wait $remover
  check "memory taken, then given back: a plain run waits, then runs" \
    test $status = 6 -a ! -s "$work/err"
  check "... and its limits phase took the wait" \
    phase_took limits 900 "$work/phases-wait"
  : > "$work/taken"
  run env NVPTX_RPC_WARM=0 NVPTX_RPC_MEMORY_WAIT=1 \
    FAKE_LIBCUDA_MEMORY_TAKEN="$work/taken" "$nvptx" -S 262144 "$prog" status 0
  expect "memory taken past NVPTX_RPC_MEMORY_WAIT: the driver's error, 127" \
    127 "^nvptx-run: could not set stack limit: out of memory"
  # Memory coming back, not yet enough, for longer than
  # $NVPTX_RPC_MEMORY_WAIT: the wait counts from the last that came
  # back, so the run waits on, as for launchers that take the memory in
  # turn before it.
  echo $((139 << 30)) > "$work/taken"
  (for gib in 129 119 109 99 89 79; do
     sleep 0.4; echo $((gib << 30)) > "$work/taken.new"
     mv "$work/taken.new" "$work/taken"
   done; sleep 0.4; rm "$work/taken") &
  remover=$!
  run env NVPTX_RPC_WARM=0 NVPTX_RPC_MEMORY_WAIT=1 \
    FAKE_LIBCUDA_MEMORY_TAKEN="$work/taken" "$nvptx" -S 262144 "$prog" status 6
  wait $remover
  check "memory coming back past NVPTX_RPC_MEMORY_WAIT: the run waits on" \
    test $status = 6 -a ! -s "$work/err"
  # A context that takes less than the launcher reserves for one
  # (context-mib), as a GPU's does: a stack that only fits beside that
  # little is one a run alone gets, so a plain run waits for it too.
  : > "$work/taken"
  (sleep 1; rm "$work/taken") &
  remover=$!
  run env NVPTX_RPC_WARM=0 FAKE_LIBCUDA=context-mib=512 \
    FAKE_LIBCUDA_MEMORY_TAKEN="$work/taken" "$nvptx" -S 553000 "$prog" status 6
  wait $remover
  check "a stack that fits beside a small context: a plain run waits, then runs" \
    test $status = 6 -a ! -s "$work/err"
  # More than the device has (140 GiB over its threads): no wait.
  start=$(date +%s)
  run env NVPTX_RPC_WARM=0 "$nvptx" -S 556100 "$prog" status 0
  expect "a stack beyond the device: the driver's error, 127" 127 \
    "^nvptx-run: could not set stack limit: out of memory"
  check "... at once, not after the wait for memory" \
    test $(( $(date +%s) - start )) -lt 10
  # The default stack is what a run alone gets, 128 KiB (33 GiB), even
  # with 100 GiB taken; with 130 GiB taken past the wait, a share of
  # what is free, as the stock launcher gives: 9 GiB less the first
  # stack (1 KiB a thread), the heap and 128 MiB, over the threads.
  echo $((100 << 30)) > "$work/taken"
  run env NVPTX_RPC_WARM=0 FAKE_LIBCUDA_MEMORY_TAKEN="$work/taken" \
    NVPTX_RPC_PHASES="$work/phases-100g" "$nvptx" "$prog" status 0
  check "100 GiB taken: the default stack as alone, 128 KiB" \
    test $status = 0 -a -n "$(grep " stack 131072 " "$work/phases-100g")"
  echo $((130 << 30)) > "$work/taken"
  threads=$((132 * 2048))
  share=$(( ((9 << 30) - 1024 * threads - (384 << 20)) / threads / 8 * 8 ))
  run env NVPTX_RPC_WARM=0 NVPTX_RPC_MEMORY_WAIT=1 \
    FAKE_LIBCUDA_MEMORY_TAKEN="$work/taken" \
    NVPTX_RPC_PHASES="$work/phases-130g" "$nvptx" "$prog" status 0
  check "130 GiB taken past the wait: the default stack a share of what is free, $share" \
    test $status = 0 -a -n "$(grep " stack $share " "$work/phases-130g")"
  rm "$work/taken"
  # Four launchers at once on one device ($FAKE_LIBCUDA_SHARED), each
  # program's JIT 0.3 s, its module 8 GiB ($FAKE_LIBCUDA_MODULE_MEMORY)
  # and its stack 68 GiB: two stacks fit the 139 GiB, but not beside a
  # module.  Two launchers that took their stacks before their modules
  # would each wait for module memory while holding a stack: both would
  # fail after the wait.  Taken last, one stack at a time: each program
  # runs, in turn.
  mkdir "$work/device"
  pids=
  for i in 1 2 3 4; do
    env NVPTX_RPC_WARM=0 NVPTX_RPC_MEMORY_WAIT=10 FAKE_LIBCUDA=jit-ms=300 \
      FAKE_LIBCUDA_SHARED="$work/device" \
      FAKE_LIBCUDA_MODULE_MEMORY=$((8 << 30)) \
      "$nvptx" -S 270080 "$prog" idle 1 > "$work/out$i" 2>&1 &
    pids="$pids $!"
  done
  ok=0 i=0
  for pid in $pids; do
    i=$((i + 1))
    wait $pid && [ "$(cat "$work/out$i")" = idle ] && ok=$((ok + 1))
  done
  check "four launchers whose stacks fit two at a time: each runs ($ok of 4)" \
    test $ok = 4
fi

report launcher-check
