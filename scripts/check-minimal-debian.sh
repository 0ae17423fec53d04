#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# The README's two commands on a minimal Debian 12, 13 or testing, as a
# new user would run them: a chroot made by "debootstrap --variant=minbase
# SUITE" (bookworm, trixie or forky), a clean clone of this repository's
# committed HEAD in it (with ../shared/fixtures beside it, as CI has it),
# no CUDA toolkit, then scripts/setup.sh, make check, and scripts/setup.sh
# twice more (the toolchain built once, then reused).  setup.sh picks the
# toolchain of the chroot's release: GCC 12 on bookworm, GCC 14 on
# trixie, GCC 16 on forky.  Prints each step's time and ends with make
# check's "N passed, N failed".  Not run by CI: the toolchain build
# alone takes from a quarter of an hour to over an hour on 2 cores.
# docs/testing.md records runs.
#
# Usage (as root): [SUITE=bookworm|trixie|forky] scripts/check-minimal-debian.sh [DIR]
#   $SUITE: the Debian release to bootstrap, default bookworm.
#   DIR, default ${TMPDIR:-/tmp}/nvptx-rpc-SUITE, is made afresh (a DIR
#   left by an earlier run is removed first; any other is refused) and
#   kept afterwards for a look inside: chroot DIR, after mounting proc.
#   $MIRROR: the Debian mirror, default the machine's own (apt's
#   sources), else deb.debian.org.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
suite=${SUITE:-bookworm}
dir=${1:-${TMPDIR:-/tmp}/nvptx-rpc-$suite}
marker=.nvptx-rpc-check
[ "$(id -u)" -eq 0 ] || { echo "$0: run as root (debootstrap, chroot)" >&2; exit 1; }

start=$(date +%s)
say () { echo "check-minimal-debian: [$(( $(date +%s) - start )) s] $*"; }
# Run STEP, the command that follows, and report its time.
timed ()
{
  step=$1
  shift
  t0=$(date +%s)
  say "$step"
  if "$@"; then
    say "$step: done in $(( $(date +%s) - t0 )) s"
  else
    say "$step: FAILED after $(( $(date +%s) - t0 )) s"
    exit 1
  fi
}

unmount ()
{
  for m in "$dir/dev/pts" "$dir/proc"; do
    ! mountpoint -q "$m" 2> /dev/null || umount "$m"
  done
}

# The machine's Debian mirror, whatever release the machine runs: one
# archive serves every suite.  The URIs of the first deb822 stanza that
# lists a release itself, a suite without a "-" (not bookworm-security,
# whose archive is another), or of the first such "deb" line of
# sources.list.
machine_mirror ()
{
  awk '/^URIs:/ { uris = $2 }
       /^Suites:/ { for (i = 2; i <= NF; i++) if ($i !~ /-/) found = 1 }
       /^$/ { if (found && uris) { print uris; done = 1; exit }
              uris = ""; found = 0 }
       END { if (!done && found && uris) print uris }' \
    /etc/apt/sources.list.d/*.sources 2> /dev/null | head -1
  sed -n 's/^deb \(\[[^]]*\] \)\{0,1\}\([^ ]*\) [^ -]* .*/\2/p' \
    /etc/apt/sources.list 2> /dev/null | head -1
}
mirror=${MIRROR:-$(machine_mirror | head -1)}
mirror=${mirror:-http://deb.debian.org/debian}

if [ -e "$dir" ]; then
  [ -e "$dir/$marker" ] \
    || { echo "$0: $dir exists and is not a chroot of this script's" >&2; exit 1; }
  unmount
  rm -rf --one-file-system "$dir"
fi
trap unmount EXIT
trap 'exit 1' HUP INT TERM

command -v debootstrap > /dev/null || timed "installing debootstrap" \
  sh -c 'apt-get update -qq && apt-get install -y -qq debootstrap'
# Debian 12's debootstrap (1.0.128) knows trixie: its scripts/trixie is a
# link to scripts/sid.  It does not know forky, which newer debootstraps
# bootstrap with the same script (their scripts/forky is such a link):
# a suite without a script of its own is given sid's, debootstrap's
# fourth argument.
scripts=/usr/share/debootstrap/scripts
script=$scripts/$suite
[ -e "$script" ] || script=$scripts/sid
[ -e "$script" ] \
  || { echo "$0: this debootstrap does not know $suite: install a newer one" >&2; exit 1; }
# Its output goes to DIR.log.
timed "debootstrap --variant=minbase $suite $dir $mirror $script" \
  sh -c 'debootstrap --variant=minbase "$3" "$1" "$2" "$4" > "$1.log" 2>&1 \
	 || { tail "$1.log"; exit 1; }' sh "$dir" "$mirror" "$suite" "$script"
touch "$dir/$marker"
# Debian testing's Release file, as some mirrors serve it (this machine's
# among them), is past its Valid-Until date.  debootstrap does not look
# at the date, but the chroot's apt does: "apt-get update" fails ("is
# expired"), and setup.sh with it.  A user's live mirror serves a valid
# one, so only where the Release file debootstrap fetched has expired is
# the chroot's apt told to accept it (its signatures are still checked),
# as bootstrap-toolchain.sh does for the suites it fetches from.
for release in "$dir"/var/lib/apt/lists/*_dists_"$suite"_*Release; do
  [ -f "$release" ] || continue
  expiry=$(sed -n 's/^Valid-Until: //p' "$release")
  [ -n "$expiry" ] || continue
  if [ "$(date -d "$expiry" +%s)" -lt "$(date +%s)" ]; then
    echo 'Acquire::Check-Valid-Until "false";' \
      > "$dir/etc/apt/apt.conf.d/99nvptx-rpc-check-valid-until"
    say "$suite's Release file expired on $expiry: the chroot's apt takes it"
  fi
  break
done
mount -t proc proc "$dir/proc"
mount --bind /dev/pts "$dir/dev/pts"

# The committed HEAD, cloned as a user would, and the fixtures beside it.
work=/root/work
git clone -q --no-checkout "$top" "$dir$work/nvptx-rpc"
git -C "$dir$work/nvptx-rpc" checkout -q --detach "$(git -C "$top" rev-parse HEAD)"
say "cloned $(git -C "$dir$work/nvptx-rpc" log -1 --format='%h %s')"
if [ -d "$top/../shared/fixtures" ]; then
  mkdir -p "$dir$work/shared"
  cp -R "$top/../shared/fixtures" "$dir$work/shared/"
  chmod -R a-w "$dir$work/shared"
fi

# A login's environment, nothing of this one's.
in_chroot ()
{
  chroot "$dir" /usr/bin/env -i HOME=/root LANG=C.UTF-8 \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    /bin/sh -c "cd $work/nvptx-rpc && $1"
}
[ ! -e "$dir/usr/local/cuda" ] && ! in_chroot 'command -v ptxas' > /dev/null \
  || { echo "$0: a CUDA toolkit in the chroot" >&2; exit 1; }

timed "scripts/setup.sh (1 of 3)" in_chroot 'scripts/setup.sh'
# make check's summaries, its failures and skips, and every suite's
# results in one line; the whole log stays in the chroot (check.log).
timed "make check" in_chroot 'make check > check.log 2>&1; s=$?;
  grep -E "^(# [A-Z]+:|# of |(FAIL|ERROR|SKIP): )" check.log;
  scripts/check-summary.sh && [ $s -eq 0 ]'
timed "scripts/setup.sh (2 of 3)" in_chroot 'scripts/setup.sh'
timed "scripts/setup.sh (3 of 3)" in_chroot 'scripts/setup.sh'
say "all green: Debian $(cat "$dir/etc/debian_version") minbase, $(nproc) cores"
