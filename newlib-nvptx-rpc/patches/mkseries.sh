#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: LicenseRef-Newlib-nvptx
# Write the nvptx-rpc change as a git format-patch series against a newlib
# whose nvptx machine directory is built from Makefile.inc (newlib 4.2
# and later: master, 4.5.0), for "git am" in a newlib checkout or
# "patch -p1" in an unpacked source, in the order of OUT_DIR/series.
#
# Usage: mkseries.sh BASE NEWLIB_SOURCE OUT_DIR
#
# BASE names the base the series is for: master, or 4.5.0.
# NEWLIB_SOURCE is newlib's source, a tarball or a directory.
#
# patches/master/series lists the commits, one a line: the words of a
# line name what the commit is made of, each looked up in patches/BASE/,
# then patches/master/, then patches/, then the client's folders
# (layers.sh):
#  - NAME.diff: a diff to newlib's own files, applied with patch -p1 -F0;
#    its header, up to the first line of the diff, is the commit's
#    message unless the line names a NAME.msg;
#  - NAME.msg: the commit's message (its lines starting with "#" are
#    dropped, as git drops them);
#  - any other name: a file of the client (or ../include/nvptx-rpc.h,
#    ../include/nvptx-rpc-format.h) copied into newlib/libc/machine/nvptx,
#    side by side whatever its layer, its own subdirectory kept
#    (sys/lock.h, include/poll.h), replacing newlib's file of that name
#    if there is one.
# Every source of the client must be in the series once: the series
# is the client, the same files mkpatch.sh puts in newlib 3.3.0.  A
# commit that adds sources lists them in libc/machine/nvptx/Makefile.inc,
# after newlib's own list, with the sm_70 flags sm70.sh names.
#
# Each commit's author and date are those of the last commit of this
# repository that touched what it is made of, so the series is the same,
# byte for byte, for the same sources and history.  newlib/Makefile.in is
# not in the series: it is generated from Makefile.am and the
# Makefile.inc files (newlib's README-maintainer-mode).
set -eu
base=$1
source=$2
out=$3
here=$(cd "$(dirname "$0")/.." && pwd)
top=$(dirname "$here")
. "$here/patches/layers.sh"
machine=newlib/libc/machine/nvptx

die () { echo "mkseries.sh: $*" >&2; exit 1; }
case $base in
  master) dirs="$here/patches/master $here/patches" ;;
  4.5.0) dirs="$here/patches/$base $here/patches/master $here/patches" ;;
  *) die "no base $base (master, 4.5.0)" ;;
esac
git -C "$top" rev-parse --verify -q HEAD > /dev/null \
  || die "$top is not a git checkout: the series takes its authors and dates from its history"

# WORD's file: the first of the glue directories that has it, else the
# client's (sys/lock.h, or a source in one of its layers).
find_word ()
{
  for d in $dirs; do
    [ ! -f "$d/$1" ] || { echo "$d/$1"; return; }
  done
  for layer in $client_layers; do
    [ ! -f "$here/$layer/$1" ] || { echo "$here/$layer/$1" | sed 's|/\./|/|'
				    return; }
  done
  die "patches/master/series: no $1"
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The user's git configuration stays out of the bytes of the series.
GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
export GIT_CONFIG_NOSYSTEM GIT_CONFIG_GLOBAL
git_work () { git -C "$work/newlib" "$@"; }

mkdir "$work/newlib"
if [ -d "$source" ]; then
  cp -R "$source/." "$work/newlib"
else
  tar -C "$work/newlib" -xf "$source" --strip-components=1
fi
[ -f "$work/newlib/$machine/Makefile.inc" ] \
  || die "$source has no $machine/Makefile.inc: use mkpatch.sh for newlib 3.3.0"
# The base, whole (newlib's .gitignore names some of its sources, such as
# sys/config.h), under a fixed name and date: only the commits on it go
# out, and --zero-commit keeps its hash out of them.
git_work init -q
git_work add -A -f
GIT_AUTHOR_NAME=base GIT_AUTHOR_EMAIL=base GIT_AUTHOR_DATE='@0 +0000' \
GIT_COMMITTER_NAME=base GIT_COMMITTER_EMAIL=base \
GIT_COMMITTER_DATE='@0 +0000' git_work commit -q -m base
base_makefile_inc=$work/Makefile.inc.base
cp "$work/newlib/$machine/Makefile.inc" "$base_makefile_inc"
. "$here/patches/sm70.sh"

# Makefile.inc: newlib's own list, then the sources added since, with
# the flags of those that need sm_70.
write_makefile_inc ()
{
  added=$(cd "$work/newlib/$machine" && LC_ALL=C ls *.c \
	    | while read -r f; do
		grep -q "%D%/$f\\( \\|\$\\)" "$base_makefile_inc" || echo "$f"
	      done)
  {
    cat "$base_makefile_inc"
    [ -z "$added" ] || {
      echo
      echo "# System calls served by the host through the nvptx-rpc mailbox."
      # One a line, so that each commit's diff shows its own files.
      printf 'libc_a_SOURCES +='
      echo "$added" | awk '{ printf (" \\\n\t%%D%%/%s", $0) } END { print "" }'
      flagged=
      for f in $sm70_sources; do
	echo "$added" | grep -qx "$f" && flagged="$flagged $f"
      done
      [ -z "$flagged" ] || {
	echo
	echo "$sm70_comment"
	for f in $flagged; do
	  echo "libc_a_CFLAGS_%C%_$f = $sm70_flags"
	done
      }
    }
  } > "$work/newlib/$machine/Makefile.inc"
}

# The last commit of this repository that touched any of the files
# given: its author and date.
history_of ()
{
  log=$(cd "$top" && git log -1 --format='%an%n%ae%n%ad' --date=raw -- "$@")
  [ -n "$log" ] || log=$(cd "$top" && git log -1 --format='%an%n%ae%n%ad' --date=raw)
  echo "$log"
}

series=$(find_word series)
clients=$( (client_files | sed 's|.*/||'; cd "$here" && LC_ALL=C ls sys/*.h
	    [ ! -d include ] || LC_ALL=C ls include/*.h) | sed 's/^/+/'
	   echo "+../include/nvptx-rpc.h"; echo "+../include/nvptx-rpc-format.h")
used=
n=0
grep -v -e '^#' -e '^[[:space:]]*$' "$series" > "$work/lines"
while read -r line; do
  n=$((n + 1))
  msg= diffs= files= paths=
  for word in $line; do
    f=$(find_word "$word")
    paths="$paths $f"
    case $word in
      *.msg) msg=$f ;;
      *.diff) diffs="$diffs $f" ;;
      *) files="$files $word"
	 case " $used " in *" $word "*) die "$word twice in the series" ;; esac
	 used="$used $word" ;;
    esac
  done
  [ -n "$msg" ] || msg=$(echo $diffs | cut -d' ' -f1)
  [ -n "$msg" ] || die "commit $n names no .msg or .diff"
  for d in $diffs; do
    patch -s -d "$work/newlib" -p1 -F0 --no-backup-if-mismatch < "$d" \
      || die "$(basename "$d") does not apply to newlib $base"
  done
  changelog=
  for w in $files; do
    dest=$machine/${w#../include/}
    if [ -f "$work/newlib/$dest" ]; then what=Replace.; else what='New file.'; fi
    mkdir -p "$(dirname "$work/newlib/$dest")"
    cp "$(find_word "$w")" "$work/newlib/$dest"
    changelog="$changelog	* ${dest#newlib/}: $what
"
  done
  if [ -n "$files" ]; then
    write_makefile_inc
    git_work diff --quiet -- "$machine/Makefile.inc" \
      || changelog="$changelog	* libc/machine/nvptx/Makefile.inc (libc_a_SOURCES): Add the new files.
"
  fi
  # The message: the .msg, or the diff's header; then the entries for
  # the files of this directory.
  case $msg in
    *.msg) grep -v '^#' "$msg" ;;
    *) sed '/^diff /,$d; /^--- a\//,$d' "$msg" ;;
  esac | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' > "$work/message"
  if [ -n "$changelog" ]; then
    # Below the diff's entries, or after a blank line.
    tail -1 "$work/message" | grep -q '^	' || echo >> "$work/message"
    printf '%s' "$changelog" >> "$work/message"
  fi
  git_work add -A -f
  { read -r name; read -r email; read -r date; } <<EOF
$(history_of $paths)
EOF
  GIT_AUTHOR_NAME=$name GIT_AUTHOR_EMAIL=$email GIT_AUTHOR_DATE=$date \
  GIT_COMMITTER_NAME=$name GIT_COMMITTER_EMAIL=$email \
  GIT_COMMITTER_DATE=$date git_work commit -q --cleanup=verbatim \
    -F "$work/message"
done < "$work/lines"

missing=$(echo "$clients" | sed 's/^+//' | while read -r f; do
	    case " $used " in *" $f "*) ;; *) echo "$f" ;; esac
	  done)
[ -z "$missing" ] || die "not in patches/master/series: $(echo $missing)"

mkdir -p "$out"
rm -f "$out"/*.patch "$out/series"
git_work format-patch -q --zero-commit --no-signature --numbered \
  -o "$out" HEAD~$n > /dev/null
(cd "$out" && LC_ALL=C ls *.patch) > "$out/series"
