#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# The toolchain bootstrap's long make survives a failed first parallel
# make, as GCC's parallel build fails when it races on a generated header
# (scripts/bootstrap-toolchain.sh, make_resuming).  No GCC is built: the
# bootstrap's functions run a stand-in make that fails as GCC's did the
# first time it is run with -j2, and that records how it was run.
top=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
fail () { echo "FAIL: $*"; status=1; }

# The stand-in: appends its arguments to calls, and fails while the
# file "race" exists (removing it, as a second make finds the header).
cat > "$work/make" <<'EOF'
#!/bin/sh
echo "$*" >> "$STANDIN/calls"
if [ -e "$STANDIN/race" ]; then
  rm "$STANDIN/race"
  echo "../../gcc/optabs.h:24:10: fatal error: optabs-libfuncs.h: No such file or directory"
  exit 2
fi
[ ! -e "$STANDIN/broken" ] || { echo "a real error"; exit 2; }
echo "built"
EOF
chmod +x "$work/make"

# Run make_resuming as the bootstrap does, with JOBS=2, in a subshell
# (a failed stage exits); its stderr in $work/err.
resume ()
{
  rm -f "$work/calls" "$work"/make.log*
  (BOOTSTRAP_FUNCTIONS_ONLY=1
   . "$top/scripts/bootstrap-toolchain.sh"
   JOBS=2 MAKE=$work/make STANDIN=$work
   export STANDIN
   make_resuming "gcc and newlib" "$work/make.log") 2> "$work/err"
}

# A race: the parallel make fails, a serial one finishes.
touch "$work/race"
resume || fail "the bootstrap did not recover from a failed make -j2"
[ "$(cat "$work/calls")" = "$(printf -- '-j2\n-j1')" ] \
  || fail "make runs: $(cat "$work/calls" | tr '\n' ' '), not -j2 then -j1"
grep -q 'resuming serially (make -j1)' "$work/err" \
  || fail "no word of the serial retry on stderr"
grep -q 'optabs-libfuncs.h' "$work/err" \
  || fail "the failed make's log is not shown"
[ "$status" -ne 0 ] || echo "PASS: a failed make -j2 resumed with make -j1"

# No race: one parallel make, no retry.
resume || fail "a make that succeeded failed the bootstrap"
[ "$(cat "$work/calls")" = "-j2" ] \
  || fail "make runs: $(cat "$work/calls" | tr '\n' ' '), not -j2 alone"
! grep -q 'resuming' "$work/err" || fail "a retry without a failure"

# A real error: the serial make fails too, and so does the bootstrap,
# showing its log.
touch "$work/broken"
resume && fail "the bootstrap went on after a make that fails every time"
grep -q 'a real error' "$work/err" || fail "the serial make's log is not shown"

[ "$status" -ne 0 ] || echo "PASS: no retry without a failure; a real error stops the bootstrap"
exit $status
