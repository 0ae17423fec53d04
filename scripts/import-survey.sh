#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Which C library functions do real programs call, and how many of them
# does a GPU program link today?  Counts, over the dynamically linked
# programs of /usr/bin and /usr/sbin (each distinct file once), the
# programs importing each function of glibc's libc.so.6 and libm.so.6,
# named as the source calls it (__printf_chk, fopen64, __isoc99_sscanf,
# __xstat: printf, fopen, sscanf, stat), glibc's internals ("_*") and C++
# left out.  Then links a program referencing each function that 1% of
# the programs import with PREFIX's nvptx-none-gcc -mmainkernel -lm (no
# header: linking only; a function its headers define as a macro counts
# as linking).  Needs binutils.
# Usage: scripts/import-survey.sh [--link PREFIX] [--out DIR]
#   PREFIX defaults to /opt/nvptx-none-gcc12; DIR gets survey.txt and
#   links.txt, the two halves of what goes to stdout.
# Output: "# programs N"; for 5% and 1%, "# imports >= P% ..." and
# "COUNT NAME" lines, count descending; then for each, "links N of M (P%)"
# and a "missing COUNT NAME" line per function that does not link.
set -eu
prefix=/opt/nvptx-none-gcc12 out=
while [ $# -gt 0 ]; do
  case $1 in
    --link) prefix=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    *) echo "usage: $0 [--link PREFIX] [--out DIR]" >&2; exit 2 ;;
  esac
done
cc=$prefix/bin/nvptx-none-gcc
[ -x "$cc" ] || { echo "$0: no $cc" >&2; exit 1; }
lib=/lib/$(uname -m)-linux-gnu
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# glibc's functions: T, W and i (IFUNC: memcpy, strlen) symbols; data
# (stdout, environ) are not calls.
nm -D --defined-only "$lib/libc.so.6" "$lib/libm.so.6" |
  awk 'NF == 3 && $2 ~ /^[TWi]$/ { sub(/@.*/, "", $3); print $3 }' |
  sort -u > "$tmp/glibc"

# Each file once: symlinks resolved (/usr/bin/X11 is a link to ".", so
# only links to files), then one path per inode (hard links).
find /usr/bin /usr/sbin \( -type f -o -xtype f \) -exec readlink -f {} + |
  sort -u | tr '\n' '\0' | xargs -0 stat -c '%d:%i %n' |
  sort -u -k1,1 | cut -d ' ' -f 2- | tr '\n' '\0' > "$tmp/files"

# Only dynamically linked programs have undefined dynamic symbols (not
# scripts, static programs); -A: one "FILE: TYPE NAME" line per import.
xargs -0 nm -D --undefined-only -A < "$tmp/files" 2> /dev/null \
  > "$tmp/imports" || true
total=$(cut -d : -f 1 "$tmp/imports" | sort -u | wc -l)
awk '
  # glibc < 2.33 exports no stat, fstat...: they were inline wrappers.
  # The headers turn getline and POSIX basename and strerror_r into these.
  BEGIN {
    split("stat fstat lstat fstatat", f); for (i in f) fixed[f[i]]
    alias["__getdelim"] = "getline"; alias["__xpg_basename"] = "basename"
    alias["__xpg_strerror_r"] = "strerror_r"
  }
  NR == FNR { glibc[$1]; next }
  function known(s) { return s in glibc || s in fixed }
  {
    prog = $1; n = $3; sub(/@.*/, "", n)
    if (n in alias) n = alias[n]
    sub(/^__isoc(99|23)_/, "", n)
    # _FORTIFY_SOURCE: __printf_chk, and __open_2 for open with O_CREAT.
    if (n ~ /^__.+_chk$/) n = substr(n, 3, length(n) - 6)
    else if (n ~ /^__.+_2$/ && known(substr(n, 3, length(n) - 4)))
      n = substr(n, 3, length(n) - 4)
    # Large-file names (fopen64, readdir64_r); _Float64 ones (sinf64)
    # are other functions.
    if (n ~ /64(_r)?$/ && n !~ /f64$/) {
      s = n; sub(/64(_r)?$/, "", s); if (n ~ /_r$/) s = s "_r"
      if (known(s)) n = s
    }
    # What those wrappers called: __xstat is stat, __fxstatat fstatat.
    if (n ~ /^__([fl]?xstat(at)?|xmknod(at)?)$/) {
      n = substr(n, 3); sub(/x/, "", n)
    }
    if (n ~ /^_/ || !known(n) || (prog, n) in seen) next
    seen[prog, n]; count[n]++
  }
  END { for (n in count) print count[n], n }' "$tmp/glibc" "$tmp/imports" |
  sort -k1,1nr -k2,2 > "$tmp/sorted"

# The lists: a function is in the P% list when count * 100 >= P * total.
{
  echo "# programs $total"
  for pct in 5 1; do
    awk -v p=$pct -v t="$total" '$1 * 100 >= p * t' "$tmp/sorted" \
      > "$tmp/list$pct"
    echo "# imports >= $pct% ($(( (pct * total + 99) / 100 )) programs or more):" \
      "$(wc -l < "$tmp/list$pct") functions"
    cat "$tmp/list$pct"
  done
} > "$tmp/survey.txt"

# Link test: no header, so one shape fits every function, but under the
# PTX name PREFIX's headers give it (vfprintf: __nvptx_vfprintf, as the
# CUDA JIT faults on its own).  Few compiler runs, then one link each,
# with -lm as a program calling sqrt is linked.
grep -rho '__asm__ *("__nvptx_[A-Za-z0-9_]*")' "$prefix/nvptx-none/include" |
  sed 's/.*"__nvptx_\(.*\)")/\1/' > "$tmp/renamed" || true
mkdir "$tmp/src"
while read -r _ name; do
  label=
  ! grep -qx "$name" "$tmp/renamed" || label=" __asm__ (\"__nvptx_$name\")"
  printf 'extern void %s (void)%s;\nint main (void)\n%s%s; return p != 0; }\n' \
    "$name" "$label" '{ void (*volatile p) (void) = ' "$name" > "$tmp/src/$name.c"
done < "$tmp/list1"
cd "$tmp/src"
printf '%s\n' *.c |
  xargs -n 64 -P 2 "$cc" -O2 -mmainkernel -fno-builtin -w -c > ../log 2>&1 || true
printf '%s\n' *.o | sed 's/\.o$//' | xargs -P 2 -I NAME \
  "$cc" -O2 -mmainkernel NAME.o -o NAME.exe -lm >> ../log 2>&1 || true
printf '%s\n' *.exe | sed 's/\.exe$//' > ../linked
cd - > /dev/null
# What PREFIX's headers give as a function-like macro (sigemptyset in
# newlib's <signal.h>) a program calls without linking anything.
grep -rhoE '^[[:space:]]*#[[:space:]]*define[[:space:]]+[A-Za-z_][A-Za-z0-9_]*\(' \
    "$prefix/nvptx-none/include" | sed -E 's/.*define[[:space:]]+//; s/\($//' |
  sort -u > "$tmp/macros"
sort "$tmp/linked" > "$tmp/linked.sorted"
awk '{ print $2 }' "$tmp/list1" | sort | comm -12 - "$tmp/macros" |
  comm -23 - "$tmp/linked.sorted" > "$tmp/as-macros"
cat "$tmp/as-macros" >> "$tmp/linked"
for pct in 5 1; do
  awk -v p=$pct 'FILENAME == ARGV[1] { ok[$1]; next }
    { m++; if ($2 in ok) n++; else miss = miss "missing " $0 "\n" }
    END { printf ">= %d%%: links %d of %d (%.1f%%)\n%s", p, n, m,
            m ? 100 * n / m : 0, miss }' \
    "$tmp/linked" "$tmp/list$pct"
done > "$tmp/links.txt"
[ ! -s "$tmp/as-macros" ] ||
  echo "# macros, counted as linking: $(tr '\n' ' ' < "$tmp/as-macros")" >> "$tmp/links.txt"

cat "$tmp/survey.txt" "$tmp/links.txt"
[ -z "$out" ] || { mkdir -p "$out"; cp "$tmp/survey.txt" "$tmp/links.txt" "$out"; }
