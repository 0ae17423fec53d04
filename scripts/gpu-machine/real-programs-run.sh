#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# real-programs-run.sh OUTDIR: run real C programs' work natively and on
# the GPU and say what is identical and what is not.
#
# Unpacks .gpu-pack/real-programs.tar.xz (real-programs-build.sh: zlib's
# minigzip and example, Lua 5.4, the SQLite 3 shell, each built natively
# and for nvptx from Debian 12's sources) into OUTDIR and runs each step
# twice: bin/PROG.native, and bin/PROG.nvptx through $NVPTX_RUN (default
# ./nvptx-none-run, run from the repository root; it may carry options),
# each under "timeout 120", in a fresh copy of the program's inputs
# (work/PROG) or of the directory a step before it left on the same side,
# with the same stdin and TZ=UTC0, LC_ALL=C.  Compares standard output,
# standard error, exit status and every file left behind (cmp, diff -r),
# and prints a line a step, "IDENTICAL: ..." or "DIFFERS: ... (what)",
# with the seconds of each side.  OUTDIR/STEP/{native,gpu}/ keep
# stdout, stderr, status and work/; OUTDIR/STEP/diff.txt what differs.
# 18 GPU programs; each starts in about 0.5 s.  $REAL_ONLY (say "zlib
# lua") runs only the steps of those programs.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
[ $# -ge 1 ] || { echo "usage: $0 OUTDIR" >&2; exit 2; }
mkdir -p "$1"
out=$(cd "$1" && pwd)
run=${NVPTX_RUN:-./nvptx-none-run}
# A launcher given by a relative path is the one as seen from here.
case $run in
  /*) ;;
  */*) run=$PWD/$run ;;
esac
pack=${REAL_PACK:-$top/.gpu-pack/real-programs.tar.xz}
rm -rf "$out/real-programs"
tar -C "$out" -xJf "$pack" || { echo "cannot unpack $pack"; exit 1; }
R=$out/real-programs
TZ=UTC0 LC_ALL=C
export TZ LC_ALL
now () { date +%s.%N; }
identical=0 differs=0

# step NAME PROG STDIN FROM [ARG...]: run PROG ARG... on both sides in a
# copy of work/<NAME up to its first dash> (FROM "-") or of step FROM's
# directory of the same side, stdin from the file STDIN of that
# directory ("-": /dev/null).
step ()
{
  name=$1 prog=$2 stdin=$3 from=$4
  shift 4
  case " ${REAL_ONLY:-${name%%-*}} " in
    *" ${name%%-*} "*) ;;
    *) return ;;
  esac
  for side in native gpu; do
    d=$out/$name/$side
    rm -rf "$d"
    mkdir -p "$d"
    if [ "$from" = - ]; then
      cp -R "$R/work/${name%%-*}" "$d/work"
    else
      cp -R "$out/$from/$side/work" "$d/work"
    fi
    in=/dev/null
    [ "$stdin" = - ] || in=$d/work/$stdin
    t0=$(now)
    if [ $side = native ]; then
      (cd "$d/work" && exec timeout 120 "$R/bin/$prog.native" "$@") \
        < "$in" > "$d/stdout" 2> "$d/stderr"
    else
      (cd "$d/work" && exec timeout 120 $run "$R/bin/$prog.nvptx" "$@") \
        < "$in" > "$d/stdout" 2> "$d/stderr"
    fi
    echo $? > "$d/status"
    t1=$(now)
    echo "$t0 $t1" | awk '{ printf "%.2f\n", $2 - $1 }' > "$d/seconds"
  done
  n=$out/$name/native g=$out/$name/gpu
  what=
  cmp -s "$n/stdout" "$g/stdout" || what="$what, stdout"
  cmp -s "$n/stderr" "$g/stderr" || what="$what, stderr"
  cmp -s "$n/status" "$g/status" ||
    what="$what, status $(cat "$n/status")/$(cat "$g/status")"
  files=$(diff -rq "$n/work" "$g/work" 2>&1 | sed -e "s|$n/work/||g" -e "s|$g/work/||g" \
            -e 's/^Files \([^ ]*\) and .* differ$/\1/' -e 's/^Only in \(.*\): /only in one: /' |
          tr '\n' ' ' | sed 's/ $//')
  [ -z "$files" ] || what="$what, files: $files"
  times="native $(cat "$n/seconds") s, gpu $(cat "$g/seconds") s"
  if [ -z "$what" ]; then
    identical=$((identical + 1))
    echo "IDENTICAL: $name ($times)"
    rm -f "$out/$name/diff.txt"
  else
    differs=$((differs + 1))
    echo "DIFFERS: $name (${what#, }) ($times)"
    { for f in stdout stderr status; do
        diff -u "$n/$f" "$g/$f" | head -40
      done
      diff -r "$n/work" "$g/work" | head -40
    } > "$out/$name/diff.txt" 2>&1
  fi
}

# zlib: example's self test; minigzip at levels and strategies, to
# files, through stdin and stdout, and back.
step zlib-example example - - foo.gz
step zlib-compress minigzip - - GPL-3 gen1m binary.bin
step zlib-decompress minigzip - zlib-compress -d GPL-3.gz gen1m.gz binary.bin.gz
step zlib-zcat minigzip - zlib-compress -d -c gen1m.gz
step zlib-pipe-9 minigzip gen1m - -9
step zlib-huffman-1 minigzip - - -h -1 binary.bin
step zlib-rle-copyout minigzip - - -r -c GPL-3
[ -d "$out/zlib-zcat" ] && for side in native gpu; do
  for f in GPL-3 gen1m binary.bin; do
    cmp -s "$R/work/zlib/$f" "$out/zlib-decompress/$side/work/$f" ||
      echo "ROUND TRIP FAILED: zlib-compress, zlib-decompress, $side: $f"
  done
  cmp -s "$R/work/zlib/gen1m" "$out/zlib-zcat/$side/stdout" ||
    echo "ROUND TRIP FAILED: zlib-compress, zlib-zcat, $side: gen1m"
done
# Lua: the interpreter on scripts of string, table, float, file and
# stdin work; coroutines.lua yields, a longjmp (status 134 on nvptx).
step lua-strings lua - - strings.lua
step lua-tables lua - - tables.lua
step lua-floats lua - - floats.lua
step lua-io lua stdin.txt - io.lua
step lua-wordfreq lua - - wordfreq.lua
step lua-coroutines lua - - coroutines.lua
# SQLite: a database file built, reopened in another run and dumped in a
# third; write-ahead logging; the shell reading SQL from stdin.
step sqlite-create sqlite3 - - test.db ".read create.sql"
step sqlite-reopen sqlite3 - sqlite-create test.db ".read reopen.sql"
step sqlite-dump sqlite3 - sqlite-reopen -bail test.db .dump
step sqlite-wal sqlite3 - - wal.db ".read wal.sql"
step sqlite-stdin sqlite3 stdin.sql - -batch

echo "$identical identical, $differs differ; outputs in $out"
