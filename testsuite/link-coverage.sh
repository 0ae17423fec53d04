#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Link coverage: each C11/POSIX function of testsuite/link-coverage.list,
# referenced alone by a program that includes the header the list names,
# compiled and linked with -mmainkernel against the newlib this tree
# builds, as a user's program would be.  A function marked "links" must
# link; one marked "missing" must not (when it does, the list is out of
# date: mark it "links").  docs/posix-coverage.md says what the list
# leaves out and why.
# Usage: link-coverage.sh [--print] [LIST]; --print writes the list with
# each function's status as measured, for updating it.  $NVPTX_CC,
# $NVPTX_LINK_CFLAGS and $NVPTX_LINK_LIBS come from "make check".
print=no
[ "${1-}" != --print ] || { print=yes; shift; }
list=${1:-$(dirname "$0")/link-coverage.list}
libc=${NVPTX_LINK_LIBC:-}
if [ -z "${NVPTX_CC-}" ] || ! command -v "$NVPTX_CC" > /dev/null 2>&1; then
  echo "SKIP: no nvptx-none-gcc (\$NVPTX_CC): configure --with-nvptx-prefix"
  exit 77
fi
if [ -n "$libc" ] && [ ! -f "$libc" ]; then
  echo "SKIP: $libc is not built: run make first"
  exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The program that calls nothing, compiled once; each function's object
# holds only the reference, so that each link pulls in that function's
# members of libc.a and nothing else.
printf 'int main (void) { return 0; }\n' > "$tmp/main.c"
$NVPTX_CC $NVPTX_LINK_CFLAGS -c "$tmp/main.c" -o "$tmp/main.o" || exit 1

# One source per function, all compiled by one driver invocation, two
# at a time; then one link per function.
grep -v -e '^#' -e '^[[:space:]]*$' "$list" > "$tmp/entries"
mkdir "$tmp/src"
while read -r name header status; do
  case $status in
    links | missing) ;;
    *) echo "ERROR: $list: $name: status '$status', not links or missing"
       exit 99 ;;
  esac
  # With _GNU_SOURCE, as a program calling dup3 defines it (glibc's
  # headers ask for it too); the POSIX functions are declared either way.
  printf '#define _GNU_SOURCE\n#include <%s>\nvoid (*volatile link_coverage_%s) (void)\n  = (void (*) (void)) &%s;\n' \
    "$header" "$name" "$name" > "$tmp/src/$name.c"
done < "$tmp/entries" || exit 99

cd "$tmp/src" || exit 99
ls | xargs -n 32 -P 2 $NVPTX_CC $NVPTX_LINK_CFLAGS -c > "$tmp/compile.log" 2>&1
ls *.c | sed 's/\.c$//' | xargs -P 2 -I NAME sh -c \
  'test -f NAME.o && $0 NAME.o ../main.o -o NAME.exe $1 > NAME.log 2>&1' \
  "$NVPTX_CC" "$NVPTX_LINK_LIBS"
cd - > /dev/null || exit 99

failures=0 total=0 linked=0
while read -r name header status; do
  total=$((total + 1))
  if [ -f "$tmp/src/$name.exe" ]; then
    measured=links linked=$((linked + 1))
  else
    measured=missing
  fi
  if [ $print = yes ]; then
    printf '%-16s %-16s %s\n' "$name" "$header" "$measured"
    continue
  fi
  [ "$measured" != "$status" ] || continue
  failures=$((failures + 1))
  if [ "$status" = links ]; then
    if [ -f "$tmp/src/$name.o" ]; then
      why=$(grep -m 1 -i 'unresolved\|undefined\|error' "$tmp/src/$name.log")
    else
      why="not declared by <$header>"
    fi
    echo "FAIL: $name (<$header>) no longer links: $why"
  else
    echo "FAIL: $name (<$header>) links now: mark it 'links' in $list"
  fi
done < "$tmp/entries"
[ $print = yes ] && exit 0
echo "$linked of $total functions link, as $list expects"
[ $failures -eq 0 ] && echo "PASS: link coverage" && exit 0
echo "FAIL: link coverage: $failures functions differ from $list"
exit 1
