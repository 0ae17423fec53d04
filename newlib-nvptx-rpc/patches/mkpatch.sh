#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: LicenseRef-Newlib-nvptx
# Write the nvptx-rpc change as a patch against newlib 3.3.0.
#
# Usage: mkpatch.sh NEWLIB_TARBALL OUTPUT.patch
#
# The patch is made of two parts:
#  - patches/*.diff, plain reviewed diffs to newlib's own files (-p1 from
#    newlib-salsa/, each with a ChangeLog-style header), applied in the
#    order of their numbers; docs/upstreaming.md says what each does;
#  - newlib/libc/machine/nvptx: the client's sources, every layer's side
#    by side (layers.sh), and the protocol header in ../include replace the stubs they supersede
#    (misc.c, exit.c), and sys/lock.h is added, newlib's locks for nvptx,
#    which lock.c implements.  Their Makefile.am and the automake-1.11
#    Makefile.in that newlib 3.3.0 ships are generated here from the file
#    list, as automake would (Debian's automake is not 1.11), with rules
#    of their own that build the files sm70.sh names for sm_70.
#    Those two stay generated because they follow the list of sources.
#
# The sm_70 rule rules out GCC 12's -mptx=3.1 multilib (GCC refuses sm_70
# with PTX 3.1): build with --disable-multilib, as the Makefile and
# scripts/bootstrap-toolchain.sh do.

set -eu
tarball=$1
output=$2
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/patches/layers.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Plain diffs against newlib 3.3.0's tree (patches/*.diff, -p1 from
# newlib-salsa/) are applied as they are, in order; the files they touch
# are extracted with the rest.  Those of the nvptx machine directory
# (0020 changes its free.c and realloc.c) come with the directory: tar
# fails on a name that a directory named before it has matched.
diffs=$(LC_ALL=C ls "$here"/patches/*.diff 2>/dev/null || true)
touched=$(for d in $diffs; do
  sed -n 's|^+++ b/\([^[:space:]]*\).*|newlib-salsa/\1|p' "$d"
done | grep -v '^newlib-salsa/newlib/libc/machine/nvptx/' | sort -u)
mkdir "$work/a" "$work/b"
# Each name once: tar reports a name given twice as not found.
tar -C "$work/a" -xf "$tarball" --strip-components=1 $(printf '%s\n' \
  newlib-salsa/newlib/libc/machine/nvptx $touched | sort -u)
cp -R "$work/a/." "$work/b"
for d in $diffs; do
  patch -s -d "$work/b" -p1 --no-backup-if-mismatch < "$d"
done
dir=newlib/libc/machine/nvptx
new=$work/b/$dir

rm "$new/misc.c" "$new/exit.c"
for f in $(client_files); do
  cp "$here/$f" "$new/"
done
cp "$here/../include/nvptx-rpc.h" "$here/../include/nvptx-rpc-format.h" \
  "$new/"
mkdir "$new/sys"
cp "$here"/sys/*.h "$new/sys/"
# Headers newlib lacks at the top level (<poll.h>...), which newlib
# installs from the machine directory's include/.
if [ -d "$here/include" ]; then
  mkdir "$new/include"
  cp "$here"/include/*.h "$new/include/"
fi

# Keep newlib's own sources first, in their order, then ours, sorted.
sources=$(cd "$new" && {
  for f in calloc.c callocr.c malloc.c mallocr.c realloc.c reallocr.c \
	   free.c write.c assert.c puts.c putchar.c printf.c abort.c; do
    echo $f
  done
  client_files | sed -n 's|.*/\(.*\.c\)$|\1|p' \
    | grep -v -x -e write.c -e puts.c -e putchar.c \
    -e printf.c | LC_ALL=C sort
} | tr '\n' ' ')

# "NAME = a b c ..." folded as automake folds it.
fold_list ()
{
  echo "$1" | awk -v name="$2" -v indent="$3" '
    { line = name " ="; sep = " "; n = split ($0, w, " ")
      for (i = 1; i <= n; i++)
	{ if (length (line) + length (w[i]) + 1 > 72)
	    { print line " \\"; line = indent; sep = "" }
	  line = line sep w[i]; sep = " " }
      print line }'
}

objects=$(for f in $sources; do printf 'lib_a-%s.$(OBJEXT) ' "${f%.c}"; done)
fold_list "$sources" lib_a_SOURCES '		' > "$work/sources.am"
fold_list "$objects" am_lib_a_OBJECTS '	' > "$work/objects.in"
# Print the two rules automake writes for FILE in lib_a, with FLAGS (empty,
# or ending in a space) before $(CFLAGS).
object_rules ()
{
  f=$1 o=lib_a-${1%.c} flags=$2
  printf '%s.o: %s\n\t$(CC) $(DEFS) $(DEFAULT_INCLUDES) $(INCLUDES) $(AM_CPPFLAGS) $(CPPFLAGS) $(lib_a_CFLAGS) %s$(CFLAGS) -c -o %s.o `test -f '"'"'%s'"'"' || echo '"'"'$(srcdir)/'"'"'`%s\n\n' \
    "$o" "$f" "$flags" "$o" "$f" "$f"
  printf '%s.obj: %s\n\t$(CC) $(DEFS) $(DEFAULT_INCLUDES) $(INCLUDES) $(AM_CPPFLAGS) $(CPPFLAGS) $(lib_a_CFLAGS) %s$(CFLAGS) -c -o %s.obj `if test -f '"'"'%s'"'"'; then $(CYGPATH_W) '"'"'%s'"'"'; else $(CYGPATH_W) '"'"'$(srcdir)/%s'"'"'; fi`\n\n' \
    "$o" "$f" "$flags" "$o" "$f" "$f" "$f"
}

# The files that need sm_70 (sm70.sh).  Their rules go in Makefile.am
# too: automake's would lack the flags.
. "$here/patches/sm70.sh"
flags_for ()
{
  case " $sm70_sources " in
    *" $1 "*) echo "$sm70_flags " ;;
  esac
}
{
  echo
  echo "$sm70_comment"
  for f in $sm70_sources; do
    object_rules $f "$(flags_for $f)"
  done | sed '$d'
} >> "$new/Makefile.am"
for f in $sources; do
  object_rules $f "$(flags_for $f)"
done > "$work/rules.in"

# Replace a "NAME = ... \" continued assignment by the file FILE.
replace_list ()
{
  awk -v name="$1" -v file="$2" '
    skip && !/\\$/ { skip = 0; next }
    skip { next }
    index ($0, name " =") == 1 {
      while ((getline l < file) > 0) print l
      skip = /\\$/; next }
    { print }' "$3" > "$3.new" && mv "$3.new" "$3"
}

replace_list lib_a_SOURCES "$work/sources.am" "$new/Makefile.am"
replace_list lib_a_SOURCES "$work/sources.am" "$new/Makefile.in"
replace_list am_lib_a_OBJECTS "$work/objects.in" "$new/Makefile.in"
# The per-object rules: drop the old ones, put ours where they were.
awk -v file="$work/rules.in" '
  /^lib_a-.*\.o(bj)?: / { if (!done) { while ((getline l < file) > 0) print l
				       done = 1 }
			  getline; getline; next }
  { print }' "$new/Makefile.in" > "$new/Makefile.in.new"
mv "$new/Makefile.in.new" "$new/Makefile.in"

(cd "$work" && LC_ALL=C diff -ruN a b > patch) && status=0 || status=$?
[ "$status" -le 1 ] || exit "$status"
awk '/^diff -ruN/ { next }
     /^(---|\+\+\+) [ab]\// { sub (/\t.*/, ""); sub (/ [ab]\//, " newlib-3.3.0/") }
     { print }' "$work/patch" > "$output"
