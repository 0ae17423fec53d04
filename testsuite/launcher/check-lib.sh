# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# The launcher tests' and the offload tests' common part, sourced from the
# build directory: the stand-in driver on LD_LIBRARY_PATH, a scratch
# directory $work, and the helpers that run a command and check what it
# did.  Each test script ends with report.
LD_LIBRARY_PATH=$build/testsuite/launcher${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export LD_LIBRARY_PATH
unset NVPTX_RPC_TIMEOUT FAKE_LIBCUDA FAKE_GOMP_PLUGIN
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The "PTX" the stand-in driver takes: the shared object to run.
prog=$work/prog
printf 'fake-libcuda program %s\n' "$build/testsuite/launcher/prog.so" \
  > "$prog"
: > "$work/empty"
passed=0 failed=0

# run CMD...: CMD with stdin from $in (default: empty), its status in
# $status, its stdout and stderr in $work/out and $work/err.
run ()
{
  "$@" < "${in:-$work/empty}" > "$work/out" 2> "$work/err"
  status=$?
  in=
}

# check NAME CMD...: PASS if CMD succeeds; else FAIL, with the last run's
# status and the start of its stderr.
check ()
{
  name=$1
  shift
  if "$@"; then
    echo "PASS: $name"
    passed=$((passed + 1))
  else
    echo "FAIL: $name (status $status)"
    head -n 3 "$work/err" | cut -c 1-200 | cat -v | sed 's/^/  stderr: /'
    failed=$((failed + 1))
  fi
}

# expect NAME STATUS [PATTERN]: the last run's status, and a line of its
# stderr that matches PATTERN (grep -E).
expect ()
{
  check "$1" test "$status" = "$2" -a \
    \( -z "$3" -o -n "$(grep -E -e "$3" "$work/err")" \)
}

# is FILE TEXT: FILE holds exactly TEXT.
is ()
{
  printf '%s' "$2" | cmp -s - "$1"
}

# phase_took PHASE MS FILE: in FILE's $NVPTX_RPC_PHASES line, PHASE took
# at least MS milliseconds.
phase_took ()
{
  awk -v phase="$1" -v ms="$2" '
    { for (i = 2; i < NF; i += 2)
	if ($i == phase) exit !($(i + 1) >= ms)
      exit 1 }' "$3"
}

# report NAME: the totals, and the status of the test script.
report ()
{
  echo "$1: $passed passed, $failed failed"
  [ $failed = 0 ]
}

# now: milliseconds on the wall clock.
now ()
{
  echo $(($(date +%s%N) / 1000000))
}

