#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# The warm launcher (nvptx-none-run --serve, warm-*.c) against the stand-in
# driver, without a GPU: every launcher check run through a warm server;
# the same outputs, files and statuses as plain runs; several clients at
# once; a program that faults beside one that does not; no way in for
# another user; a stale socket; a second server; the shutdown.  Run from
# the build directory, as "make check" does.
build=$PWD
nvptx=$build/nvptx-none-run
. "$(dirname "$0")/check-lib.sh"
guard="timeout -s KILL 20"
# The server's directory: $XDG_RUNTIME_DIR/nvptx-rpc, private to us.
XDG_RUNTIME_DIR=$work/runtime
mkdir -m 700 "$XDG_RUNTIME_DIR"
export XDG_RUNTIME_DIR
sock=$XDG_RUNTIME_DIR/nvptx-rpc/device-0
# Workers that leave when idle only where a check asks for it.
NVPTX_RPC_WARM_REST=0
export NVPTX_RPC_WARM_REST
# A library directory without the driver: a client that runs the
# program there all the same went through the server.
mkdir "$work/nodriver"

# start_server [NAME [OPTION...]]: a server with OPTIONs (default: 3
# workers) and the environment the call gives, its stderr in
# $work/NAME.err (default server.err), waited for; its pid in $server.
start_server ()
{
  err=$work/${1:-server}.err
  [ $# = 0 ] || shift
  [ $# != 0 ] || set -- --workers 3
  "$nvptx" --serve "$@" 2> "$err" &
  server=$!
  for i in $(seq 100); do
    grep -q "ready at" "$err" 2> /dev/null && return
    sleep 0.1
  done
  echo "server did not start:"; cat "$err"
}
start_server
check "the server says it is ready" grep -q "warm server of device 0 ready at $sock, 3 workers" "$work/server.err"
# Only the master holds the lock: a worker left behind could not keep
# the next server out.
check "the lock is the master's alone, not its workers'" test "$(
  for f in /proc/[0-9]*/fd/*; do readlink "$f"; done 2> /dev/null \
    | grep -c "^$sock.lock$")" = 1
check "its directory is the user's, mode 0700" \
  test "$(stat -c %a:%u "$XDG_RUNTIME_DIR/nvptx-rpc")" = "700:$(id -u)"
run env LD_LIBRARY_PATH="$work/nodriver" "$nvptx" "$prog" status 5
check "a client without a driver: served, the program's status" \
  test $status = 5 -a ! -s "$work/err"
run env NVPTX_RPC_PHASES="$work/phases" "$nvptx" "$prog" status 0
ms='[0-9]+\.[0-9]'
line="^$prog read $ms jit $ms limits $ms run $ms stop $ms stack 131072"
check "NVPTX_RPC_PHASES: a warm run's phases, no driver start" grep -E -q \
  "$line release $ms free_mib " "$work/phases"
# The stand-in device: 140 GiB, 1 GiB taken, and a stack limit's worth
# for each of its 132 * 2048 threads.  Each of the 3 workers may keep a
# third: 185 KiB a thread.  The default 128 KiB (33 GiB) stays; 256 KiB
# goes back, to the context's first 1 KiB a thread (264 MiB).
check "a warm worker keeps a stack within its share" \
  grep -E -q " free_mib $((139 * 1024 - 33 * 1024))$" "$work/phases"
run env NVPTX_RPC_PHASES="$work/phases-256k" "$nvptx" -S 262144 "$prog" \
  status 0
check "a warm worker gives a stack beyond its share back" \
  grep -E -q " free_mib $((139 * 1024 - 264))$" "$work/phases-256k"
# While another process holds the memory a stack needs, a plain launcher
# fails (once it has waited for it: not here), and so does a warm one,
# once its siblings have made way for it (below): the same error and
# status.
touch "$work/taken"
run env NVPTX_RPC_WARM=0 NVPTX_RPC_MEMORY_WAIT=0 \
  FAKE_LIBCUDA_MEMORY_TAKEN="$work/taken" "$nvptx" -S 262144 "$prog" status 0
expect "memory taken: a plain run fails, 127" 127 \
  "^nvptx-run: could not set stack limit: out of memory"
run env FAKE_LIBCUDA_MEMORY_TAKEN="$work/taken" "$nvptx" -S 262144 "$prog" \
  status 0
expect "memory taken: a warm run fails the same way, 127" 127 \
  "^nvptx-run: could not set stack limit: out of memory"
rm "$work/taken"
# A warm program's free zeroes what it frees, as its link offers
# (NVPTX_RPC_FEATURE_CAN_ZERO_FREED, 4): the launcher asks it to
# (..._ZERO_FREED, 8) beside DIRECT (1) and ONE_THREAD (2); a plain run
# does not.
run env FAKE_LIBCUDA=log-link "$nvptx" "$prog" status 0
check "a warm program: its free is asked to zero its blocks" \
  test "$(grep "^fake-libcuda: link" "$work/err")" = \
  "fake-libcuda: link features 0xb"
run env NVPTX_RPC_WARM=0 FAKE_LIBCUDA=log-link "$nvptx" "$prog" status 0
check "a plain run: its free is not" \
  test "$(grep "^fake-libcuda: link" "$work/err")" = \
  "fake-libcuda: link features 0x3"
run "$nvptx" --serve
expect "a second server of the device: refused, 127" 127 \
  "^nvptx-run: a warm server already serves device 0 at $sock$"

# Every launcher check, each run through the server.
sh "$(dirname "$0")/launcher-check.sh" > "$work/launcher.log" 2>&1
result=$?
grep '^FAIL' "$work/launcher.log"
check "launcher-check.sh through the server: $(tail -1 "$work/launcher.log")" \
  test $result = 0

# Plain and warm, side by side: status, stdout, stderr and files.
echo "some text" > "$work/in"
i=0
while read -r args; do
  i=$((i + 1))
  for how in plain warm; do
    # The same directory for both, as the program sees its path.
    rm -rf "$work/d$i"
    mkdir "$work/d$i"
    warm=1
    [ $how = plain ] && warm=0
    (cd "$work/d$i" && umask 027 && ulimit -f 100 \
     && NVPTX_RPC_WARM=$warm LAUNCHER_TEST=$i $guard "$nvptx" $args \
	  < "$work/in" > ../$how$i.out 2> ../$how$i.err
     echo $? > ../$how$i.status)
    (cd "$work/d$i" && ls -l | cut -c 1-10,30- \
      | sed 's/ [A-Z][a-z][a-z] .. ..:.. / /' > ../$how$i.files)
  done
  # The one difference asked for: NVPTX_RPC_WARM in the environment.
  sed -i '/^NVPTX_RPC_WARM=/d' "$work/plain$i.out" "$work/warm$i.out"
  same=true
  for f in out err status files; do
    cmp -s "$work/plain$i.$f" "$work/warm$i.$f" || same=false
  done
  check "plain and warm alike: $args" $same
done <<EOF2
$prog args a "" b
$prog echo
$prog print out err
$prog create made hello
$prog create ../outside no
$prog status 255
$prog kill
$prog env
--no-env --env LAUNCHER_TEST --env A=b $prog env
--trace --window 64 $prog create traced x
--read-only $prog create ro x
--timeout 1 $prog spin
$prog cat missing
-L 2 $prog threads
EOF2

# Several clients at once, each with its own arguments and files.
clients=
for i in 1 2 3 4 5 6; do
  (mkdir "$work/par$i" && cd "$work/par$i" \
   && "$nvptx" "$prog" create file "text $i" > out 2> err; echo $? > status) &
  clients="$clients $!"
done
wait $clients
ok=true
for i in 1 2 3 4 5 6; do
  [ "$(cat "$work/par$i/status")" = 0 ] \
    && [ "$(cat "$work/par$i/file")" = "text $i" ] \
    && [ ! -s "$work/par$i/err" ] || ok=false
done
check "6 clients at once, 3 workers: each its own file and status" $ok

# A program that faults its worker's context beside one that runs on.
(env "$nvptx" "$prog" idle 1 > "$work/calm.out" 2>&1; echo $? > "$work/calm.status") &
calm=$!
sleep 0.2
run env FAKE_LIBCUDA=fault=4 $guard "$nvptx" "$prog" fault "$work/fault"
wait $calm
expect "a GPU fault: its client gets 127 and the driver's error" 127 \
  "^nvptx-run: the GPU program failed: .*CUDA_ERROR_ILLEGAL_ADDRESS"
check "the program beside it: its output and status" \
  test "$(cat "$work/calm.out")" = idle -a "$(cat "$work/calm.status")" = 0
run "$nvptx" "$prog" status 6
check "after the fault, programs still served" test $status = 6

# A client killed while its program runs ends that program.
mkfifo "$work/never"
"$nvptx" "$prog" cat "$work/never" > /dev/null 2>&1 &
client=$!
sleep 0.3
kill -KILL $client
sleep 0.3
run "$nvptx" "$prog" status 2
check "a client killed mid-program: the others served" test $status = 2

# No other user: the directory is 0700, and a client checks it.
if [ "$(id -u)" = 0 ] && command -v setpriv > /dev/null \
   && [ -x /usr/bin/python3 ]; then
  setpriv --reuid=65534 --regid=65534 --clear-groups /usr/bin/python3 -c "
import socket, sys
s = socket.socket(socket.AF_UNIX)
try:
    s.connect('$sock')
except PermissionError:
    sys.exit(0)
sys.exit(1)"
  status=$?
  check "another user cannot reach the socket" test $status = 0
else
  echo "SKIP: another user: not root, or no setpriv or /usr/bin/python3"
fi

# A client confined otherwise than the workers (issue: a served program
# did its calls in the server's view) runs the program itself, so that
# its confinement holds as for a plain run.  With no driver to load, a
# client that is served gets the program's status; one that runs the
# program itself fails for the driver.
not_served="^nvptx-run: cannot load libcuda.so.1"
logged ()
{
  grep -q "warm server: a client's $1 is not the worker's" "$work/server.err"
}
if [ "$(id -u)" = 0 ] && unshare -m true 2> /dev/null; then
  mkdir "$work/shadowed" "$work/ro"
  in_ns="unshare -m sh -c"
  run $in_ns "mount -t tmpfs none '$work/shadowed' \
    && LD_LIBRARY_PATH='$work/nodriver' exec '$nvptx' '$prog' status 4"
  expect "its own mount namespace: the client runs it itself" 127 \
    "$not_served"
  check "... and the server says why" logged "mount namespace"
  run $in_ns "mount -t tmpfs none '$work/shadowed' \
    && exec '$nvptx' '$prog' create '$work/shadowed/made' hidden"
  check "... its file goes to its own tmpfs, not the server's view" \
    test $status = 0 -a ! -e "$work/shadowed/made"
  run $in_ns "mount --bind '$work/ro' '$work/ro' \
    && mount -o remount,bind,ro '$work/ro' \
    && exec '$nvptx' '$prog' create '$work/ro/made' no"
  expect "a read-only bind mount in its namespace: EROFS, as plain" 1 \
    "Read-only file system"
  check "... and no file made in the server's view" test ! -e "$work/ro/made"
else
  echo "SKIP: a client in its own mount namespace: not root, or no unshare -m"
fi
if unshare -U -r true 2> /dev/null; then
  run unshare -U -r env LD_LIBRARY_PATH="$work/nodriver" "$nvptx" "$prog" \
    status 4
  expect "its own user namespace: the client runs it itself" 127 \
    "$not_served"
  check "... and the server says why" logged "user namespace"
else
  echo "SKIP: a client in its own user namespace: no unshare -U"
fi
run "$build/testsuite/launcher/no-create" env \
  LD_LIBRARY_PATH="$work/nodriver" "$nvptx" "$prog" status 4
if [ $status != 77 ]; then
  expect "under a seccomp filter: the client runs it itself" 127 \
    "$not_served"
  check "... and the server says why" logged "credentials"
  run "$build/testsuite/launcher/no-create" "$nvptx" "$prog" create \
    "$work/filtered" no
  expect "... a filter against O_CREAT: EPERM, as plain" 1 \
    "Operation not permitted"
  check "... and no file made by the server" test ! -e "$work/filtered"
else
  echo "SKIP: a client under a seccomp filter: $(cat "$work/err")"
fi
# A chroot: the launcher itself (a hard link, the same executable), the
# libraries, /proc, and a hard link to the socket, at their own paths.
root=$work/root
if [ "$(id -u)" = 0 ] && mkdir -p "$root$(dirname "$nvptx")" \
   && ln "$nvptx" "$root$nvptx" 2> /dev/null \
   && mkdir -p "$root/proc" && mount -t proc proc "$root/proc"; then
  mkdir -p "$root$build/testsuite/launcher" "$root$work/nodriver" \
    "$root/etc"
  mkdir -m 700 "$root$XDG_RUNTIME_DIR" "$root$XDG_RUNTIME_DIR/nvptx-rpc"
  ln "$sock" "$root$sock"
  cp "$prog" "$root$prog"
  cp "$build"/testsuite/launcher/*.so* "$root$build/testsuite/launcher/"
  cp /etc/ld.so.cache "$root/etc/" 2> /dev/null
  mkdir -p "$root/usr/bin"
  cp /usr/bin/env "$root/usr/bin/"
  for lib in $(ldd "$nvptx" /usr/bin/env "$build"/testsuite/launcher/*.so* \
		 | awk '/=> \// { print $3 } /^\t\// { print $1 }' | sort -u); do
    mkdir -p "$root$(dirname "$lib")"
    cp -L "$lib" "$root$lib"
  done
  run chroot "$root" /usr/bin/env LD_LIBRARY_PATH="$work/nodriver" \
    "$nvptx" "$prog" status 4
  expect "a chroot: the client runs it itself" 127 "$not_served"
  check "... and the server says why" logged "root"
  run chroot "$root" "$nvptx" "$prog" create "$work/chrooted" inside
  check "... its file goes into the chroot, not the server's root" \
    test $status = 0 -a -e "$root$work/chrooted" -a ! -e "$work/chrooted"
  umount "$root/proc"
else
  echo "SKIP: a chrooted client: not root, or no hard link or /proc there"
fi
# A cgroup of its own, in the unified hierarchy: /sys/fs/cgroup/unified
# beside cgroup v1's, else /sys/fs/cgroup.
cg=/sys/fs/cgroup/unified
[ -d "$cg" ] || cg=/sys/fs/cgroup
cg=$cg/nvptx-rpc-check-$$
if [ "$(id -u)" = 0 ] && mkdir "$cg" 2> /dev/null \
   && [ -w "$cg/cgroup.procs" ]; then
  run sh -c "echo \$\$ > '$cg/cgroup.procs' \
    && LD_LIBRARY_PATH='$work/nodriver' exec '$nvptx' '$prog' status 4"
  expect "another cgroup: the client runs it itself" 127 "$not_served"
  check "... and the server says why" logged "cgroup"
  rmdir "$cg"
else
  rmdir "$cg" 2> /dev/null
  echo "SKIP: a client in another cgroup: no cgroup of ours to make"
fi
run env LD_LIBRARY_PATH="$work/nodriver" "$nvptx" "$prog" status 4
check "a client confined as the workers are is served" test $status = 4

chmod 755 "$XDG_RUNTIME_DIR/nvptx-rpc"
run env LD_LIBRARY_PATH="$work/nodriver" "$nvptx" "$prog" status 0
expect "a directory others may enter: the client runs it itself" 127 \
  "^nvptx-run: cannot load libcuda.so.1"
chmod 700 "$XDG_RUNTIME_DIR/nvptx-rpc"

# A stale socket: the server killed, its workers gone with it.
kill -KILL $server
wait $server 2> /dev/null
sleep 0.3
check "a killed server leaves its socket" test -S "$sock"
run "$nvptx" "$prog" print "plain again" ""
check "a stale socket: the client runs the program itself" \
  test $status = 0 -a "$(cat "$work/out")" = "plain again"
start_server
check "a new server replaces the stale socket" grep -q "ready at" \
  "$work/server.err"
run env LD_LIBRARY_PATH="$work/nodriver" "$nvptx" "$prog" status 1
check "the new server serves" test $status = 1
kill -TERM $server
wait $server
check "SIGTERM: the server ends, status 0, its socket removed" \
  test $? = 0 -a ! -e "$sock"

# gone PID: wait up to 5 s for process PID to end.
gone ()
{
  for i in $(seq 50); do
    kill -0 "$1" 2> /dev/null || return 0
    sleep 0.1
  done
  return 1
}

# --idle: a server that ends after a second without a program.
start_server idle --workers 1 --idle 1
# The one worker runs program after program, though the client's stdin
# is the worker's own (/dev/null) and so is its directory; and it loads
# a program it linked before from its cache: the driver logs no link.
linked="^fake-libcuda: .*: no register limit$"
in=/dev/null run env LD_LIBRARY_PATH="$work/nodriver" FAKE_LIBCUDA=log-jit \
  "$nvptx" "$prog" status 3
check "--idle 1: served, the program linked" \
  test $status = 3 -a "$(grep -c "$linked" "$work/err")" = 1
in=/dev/null run env LD_LIBRARY_PATH="$work/nodriver" FAKE_LIBCUDA=log-jit \
  "$nvptx" "$prog" status 3
check "the same worker runs it again from its cache, unlinked" \
  test $status = 3 -a ! -s "$work/err"
in=/dev/null run env LD_LIBRARY_PATH="$work/nodriver" FAKE_LIBCUDA=log-jit \
  "$nvptx" -O 3 "$prog" status 3
check "... and links it anew for other JIT options" \
  test $status = 3 -a "$(grep -c "$linked" "$work/err")" = 1
gone $server
wait $server
check "--idle 1: the server ends by itself, status 0, its socket removed" \
  test $? = 0 -a ! -e "$sock"

# A worker leaves after a program whose free cannot zero its blocks:
# its status stands, and the next program finds a new worker, whose
# cache is empty.
start_server zero --workers 1
in=/dev/null run env FAKE_LIBCUDA=log-jit "$nvptx" "$prog" status 3
in=/dev/null run env FAKE_LIBCUDA=log-jit "$nvptx" "$prog" status 3
check "one worker: a program run again comes from its cache" \
  test $status = 3 -a ! -s "$work/err"
in=/dev/null run env FAKE_LIBCUDA=no-zero-freed,log-link "$nvptx" "$prog" \
  status 9
check "a free that cannot zero: not asked, the program's status" \
  test $status = 9 -a "$(cat "$work/err")" = "fake-libcuda: link features 0x3"
in=/dev/null run env FAKE_LIBCUDA=log-jit "$nvptx" "$prog" status 3
check "... and its worker has left: the next links the program anew" \
  test $status = 3 -a "$(grep -c "$linked" "$work/err")" = 1
kill -TERM $server
wait $server

# Two servers started at once: the lock keeps one.
"$nvptx" --serve --workers 1 2> "$work/s1.err" &
s1=$!
"$nvptx" --serve --workers 1 2> "$work/s2.err" &
s2=$!
for i in $(seq 100); do
  [ "$(cat "$work/s1.err" "$work/s2.err" | grep -c -e "ready at" \
	-e "already serves")" = 2 ] && break
  sleep 0.1
done
check "two servers at once: one serves, the other is refused" test \
  "$(cat "$work/s1.err" "$work/s2.err" | grep -c "ready at")" = 1 -a \
  "$(cat "$work/s1.err" "$work/s2.err" | grep -c "already serves")" = 1
kill -TERM $s1 $s2 2> /dev/null
wait $s1 $s2

# The device's memory shared among the workers, as $FAKE_LIBCUDA_SHARED
# makes the stand-in's: each other context holds 1 GiB and its stack.
mkdir "$work/device"
FAKE_LIBCUDA_SHARED=$work/device start_server shared
# Two programs keep their default 128 KiB stacks (33 GiB each) for 2 s;
# a third wants 384 KiB (99 GiB) of the 71 GiB left.  Its worker waits
# until the two have ended and their workers given their stacks back:
# then it has what a plain run, alone on the device, would have.
holders=
for i in 1 2; do
  "$nvptx" "$prog" idle 2 > "$work/hold$i.out" 2>&1 &
  holders="$holders $!"
done
sleep 0.5
run env NVPTX_RPC_PHASES="$work/phases-want" "$nvptx" -S 393216 "$prog" \
  status 7
wait $holders
check "a stack the siblings' stacks hold: the program waits, then runs" \
  test $status = 7 -a ! -s "$work/err"
check "... and the programs that held them ran on unchanged" \
  test "$(cat "$work/hold1.out" "$work/hold2.out")" = "idle
idle"
check "... and its limits phase took the wait" \
  phase_took limits 1000 "$work/phases-want"
# workers N: the server has N workers, within 5 s.
workers ()
{
  for i in $(seq 50); do
    [ "$(grep -l "^PPid:[[:space:]]*$server$" /proc/[0-9]*/status \
	  2> /dev/null | wc -l)" = "$1" ] && return 0
    sleep 0.1
  done
  return 1
}
# 548,000 bytes a thread is 138 GiB of the 139 a plain run has, more
# than the others' contexts leave: they leave, and start again after.
run "$nvptx" -S 548000 "$prog" status 8
check "a stack the siblings' contexts hold: they leave, the program runs" \
  test $status = 8 -a ! -s "$work/err"
check "... and the server has its 3 workers again" workers 3
run env FAKE_LIBCUDA=fault=4 $guard "$nvptx" -S 548000 "$prog" fault \
  "$work/fault-alone"
expect "a program that faults with the device to itself: 127" 127 \
  "^nvptx-run: the GPU program failed: .*CUDA_ERROR_ILLEGAL_ADDRESS"
check "... and the server has its 3 workers again" workers 3
run "$nvptx" "$prog" status 9
check "... which serve" test $status = 9
# Clients at once that want the others' stacks, one after another,
# beside ones that do not: each served, as alone.  (Not the contexts'
# memory: a worker waiting for memory holds its context, and so a
# program that needs all but that has less than alone.)
clients= i=0
for s in 393216 131072 393216 393216 131072 393216; do
  i=$((i + 1))
  ( $guard "$nvptx" -S $s "$prog" idle 1 > "$work/many-$i" 2>&1
    echo "status $?" >> "$work/many-$i" ) &
  clients="$clients $!"
done
wait $clients
check "6 clients at once, 4 of them wanting the others' stacks: each as alone" \
  test "$(cat "$work"/many-* | sort | uniq -c | tr -s ' ')" = " 6 idle
 6 status 0"
run "$nvptx" -S 552100 "$prog" status 0
expect "more than the device has: the plain run's error, 127" 127 \
  "^nvptx-run: could not set stack limit: out of memory"
check "... and the server still has its 3 workers" workers 3
kill -TERM $server
wait $server

# A program that waits for memory while the program holding it waits in
# turn (here: to open a FIFO that this check writes only after): it goes
# on after $NVPTX_RPC_MEMORY_WAIT seconds, as the server had it, and
# fails as a plain run that waited would.  The other then runs on.
mkdir "$work/device2"
mkfifo "$work/held"
NVPTX_RPC_MEMORY_WAIT=1 FAKE_LIBCUDA_SHARED=$work/device2 \
  start_server shared2 --workers 2
( $guard "$nvptx" "$prog" cat "$work/held" > "$work/held.out" 2>&1
  echo "status $?" >> "$work/held.out" ) &
holder=$!
sleep 0.5
start=$(date +%s)
run $guard "$nvptx" -S 548000 "$prog" status 0
expect "memory held by a program that waits: the run goes on, and fails, 127" \
  127 "^nvptx-run: could not set stack limit: out of memory"
check "... after the server's wait for memory, twice" \
  test $(( $(date +%s) - start )) -ge 2 -a $(( $(date +%s) - start )) -lt 10
echo written > "$work/held"
wait $holder
check "... and the program that held it runs on" \
  test "$(cat "$work/held.out")" = "written
status 0"
check "... and the server has its 2 workers again" workers 2
kill -TERM $server
wait $server

# The driver frees a context's memory a while after its process has
# ended (teardown-ms): a program that needs the siblings' contexts'
# memory waits, as a plain run would, until it has come back.
mkdir "$work/device3"
FAKE_LIBCUDA=teardown-ms=1500 FAKE_LIBCUDA_SHARED=$work/device3 \
  start_server shared3
workers 3
start=$(date +%s)
run "$nvptx" -S 548000 "$prog" status 8
check "the siblings' memory freed 1.5 s after they leave: the program runs" \
  test $status = 8 -a ! -s "$work/err" -a $(( $(date +%s) - start )) -lt 10
kill -TERM $server
wait $server

# A stack that fits only because the context takes less than the
# launcher reserves for one (context-mib), as on an H100, where
# stack-io.c's 311,248 bytes a thread are 84.1 GB of the 85.5 a run
# alone has: the siblings leave for it too.
mkdir "$work/device4"
FAKE_LIBCUDA=context-mib=512 FAKE_LIBCUDA_SHARED=$work/device4 \
  start_server shared4
workers 3
run "$nvptx" -S 553000 "$prog" status 8
check "a stack that fits beside a small context: the siblings leave, it runs" \
  test $status = 8 -a ! -s "$work/err"
kill -TERM $server
wait $server

# By default no more workers than the device holds at the default stack
# (128 KiB a thread, 33 GiB here, and a context), whatever the cores:
# a 60 GiB device holds one, which keeps that stack between programs
# (26 GiB left free); --workers still says how many.
FAKE_LIBCUDA=memory-gib=60 start_server small --device 0
check "a device that holds one default stack: one worker by default" \
  grep -q "ready at $sock, 1 worker$" "$work/small.err"
run env NVPTX_RPC_PHASES="$work/phases-small" "$nvptx" "$prog" status 5
check "... which runs the program and keeps its stack" \
  test $status = 5 -a ! -s "$work/err" -a \
  -n "$(grep -E " stack 131072 .* free_mib $((26 * 1024))$" "$work/phases-small")"
kill -TERM $server
wait $server
FAKE_LIBCUDA=memory-gib=60 start_server small2 --workers 2
check "... and --workers 2 there, two" \
  grep -q "ready at $sock, 2 workers$" "$work/small2.err"
kill -TERM $server
wait $server

# Workers leave after $NVPTX_RPC_WARM_REST seconds without a program:
# an idle server holds nothing of the device, and a plain run beside it
# has what it would have alone.  The next client starts them again.
mkdir "$work/device5"
NVPTX_RPC_WARM_REST=1 FAKE_LIBCUDA_SHARED=$work/device5 \
  start_server rest --workers 2
run "$nvptx" "$prog" status 3
check "rest 1 s: a program served" test $status = 3 -a ! -s "$work/err"
check "... then, a second without a program, the workers have left" workers 0
run env NVPTX_RPC_WARM=0 NVPTX_RPC_MEMORY_WAIT=0 \
  FAKE_LIBCUDA_SHARED="$work/device5" "$nvptx" -S 548000 "$prog" status 8
check "a plain run beside the idle server has the whole device" \
  test $status = 8 -a ! -s "$work/err"
run env LD_LIBRARY_PATH="$work/nodriver" "$nvptx" "$prog" status 6
check "the next client: the workers start again, and it is served" \
  test $status = 6 -a ! -s "$work/err"
check "... and the server has its 2 workers" workers 2
kill -TERM $server
wait $server

# NVPTX_RPC_WARM=start: a client that finds no server starts one, which
# runs its program and ends after NVPTX_RPC_WARM_IDLE seconds idle.
run env NVPTX_RPC_WARM=start NVPTX_RPC_WARM_IDLE=1 \
  NVPTX_RPC_PHASES="$work/phases-start" "$nvptx" "$prog" status 4
check "NVPTX_RPC_WARM=start: a server started, the program run there" \
  test $status = 4 -a ! -s "$work/err" -a \
  "$(grep -c "^$prog read " "$work/phases-start")" = 1
for i in $(seq 50); do [ -e "$sock" ] || break; sleep 0.1; done
check "... and that server ends after NVPTX_RPC_WARM_IDLE seconds" \
  test ! -e "$sock"
# A server that cannot start (here: no driver) sends its starter back
# to run the program itself, at once, with a plain run's error.
start=$(date +%s)
run env NVPTX_RPC_WARM=start LD_LIBRARY_PATH="$work/nodriver" "$nvptx" \
  "$prog" status 0
expect "NVPTX_RPC_WARM=start, no driver: the plain run's error, 127" 127 \
  "^nvptx-run: cannot load libcuda.so.1"
check "... within seconds" test $(( $(date +%s) - start )) -lt 10
run "$nvptx" --idle 0 "$prog" status 0
expect "--idle 0: invalid, status 127" 127 "^nvptx-run: invalid idle time$"

report warm-check
