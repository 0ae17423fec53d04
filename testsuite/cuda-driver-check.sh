#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# nvptx-tools-run-patch/cuda/cuda.h, the subset of the CUDA driver API the build uses
# where there is no CUDA toolkit, against the toolkit's cuda.h: every
# value and every entry point name the same, every prototype compatible
# (the compiler refuses a conflicting one).  cuCtxCreate is left out:
# the subset's is the one before CUDA 13 (cuCtxCreate_v2), on purpose.
# SKIP without a toolkit's cuda.h ($CUDA_INCLUDE, default
# /usr/local/cuda/include).
cc=${HOST_CC:-cc}
toolkit=${CUDA_INCLUDE:-/usr/local/cuda/include}
subset=$(cd "$(dirname "$0")/../nvptx-tools-run-patch/cuda" && pwd)
[ -r "$toolkit/cuda.h" ] \
  || { echo "SKIP: no CUDA toolkit's cuda.h in $toolkit to compare with"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The subset's constants (enumerators and macros) and functions.
constants=$(sed -n -e 's/^ *\(CU[A-Z_0-9]*\) = .*/\1/p' \
		   -e 's/^#define \(CU_[A-Z_0-9]*\) .*/\1/p' "$subset/cuda.h")
functions=$(sed -n 's/^CUresult \(cu[A-Za-z]*\) (.*/\1/p' "$subset/cuda.h" \
	    | grep -v -x cuCtxCreate)
[ -n "$constants" ] && [ -n "$functions" ] \
  || { echo "FAIL: no constants or functions found in $subset/cuda.h"; exit 1; }

# A program printing each value and each name as the header makes it.
{
  echo '#include <stdio.h>'
  echo '#include <cuda.h>'
  echo '#define STRING(x) #x'
  echo '#define NAME(fn) STRING (fn)'
  echo 'int main (void) {'
  for c in $constants; do
    printf 'printf ("%s %%d\\n", (int) %s);\n' "$c" "$c"
  done
  for f in $functions; do
    printf 'printf ("%s %%s\\n", NAME (%s));\n' "$f" "$f"
  done
  echo 'return 0; }'
} > "$work/values.c"
status=0
for h in "$subset" "$toolkit"; do
  out=$work/$(basename "$h")
  $cc -I"$h" "$work/values.c" -o "$out" > "$work/log" 2>&1 \
    || { echo "FAIL: against $h/cuda.h:"; head -20 "$work/log"; exit 1; }
  "$out" > "$out.txt"
done
if ! diff "$work/$(basename "$subset").txt" "$work/$(basename "$toolkit").txt" \
     > "$work/diff"; then
  echo "FAIL: values or names differ (<: the subset, >: the toolkit):"
  cat "$work/diff"
  status=1
fi

# The subset's prototypes, declared again after the toolkit's header.
{
  echo '#include <cuda.h>'
  awk '/^CUresult cu/ { decl = 1 } decl { print } /;/ { decl = 0 }' \
    "$subset/cuda.h" \
    | awk '/^CUresult cuCtxCreate / { skip = 1 } !skip { print } /;/ { skip = 0 }'
} > "$work/prototypes.c"
if ! $cc -I"$toolkit" -c "$work/prototypes.c" -o "$work/prototypes.o" \
     > "$work/log" 2>&1; then
  echo "FAIL: prototypes that conflict with the toolkit's:"
  grep -A3 error: "$work/log" | head -30
  status=1
fi
[ $status -ne 0 ] || echo "PASS: $(echo $constants | wc -w) values and $(echo $functions | wc -w) functions as in $toolkit/cuda.h"
exit $status
