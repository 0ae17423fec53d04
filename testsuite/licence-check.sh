#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Every tracked file says under which terms it is (README, "Licence"): an
# SPDX-License-Identifier line among its first five, naming COPYING's
# GPL-3.0-or-later or COPYING.NEWLIB's LicenseRef-Newlib-nvptx, and the
# latter for what goes into newlib or into users' programs.  Exempt are
# files that cannot hold a comment or are not code: documentation, the
# raw GPU results, the fuzzer's binary seeds, the board check's data,
# and the patch series, whose files keep their upstream's notices.
cd "${srcdir:-.}" || exit 99
git rev-parse --is-inside-work-tree > /dev/null 2>&1 \
  || { echo "SKIP: not a git checkout, no list of the sources"; exit 77; }

status=0
fail () { echo "FAIL: $1: $2"; status=1; }

for f in $(git ls-files); do
  case $f in
    COPYING|COPYING.NEWLIB|README|*/README|docs/*|*.md|*.svg|*.xz|*.diff \
    |testsuite/fuzz/corpus*/*|testsuite/board.sim/*.prog \
    |testsuite/board.sim/*.in) continue ;;
  esac
  id=$(head -5 "$f" | sed -n 's/.*SPDX-License-Identifier: *\([^ *]*\).*/\1/p')
  case $f in
    newlib-nvptx-rpc/*|include/*|offload/nvptx-rpc-omp.h)
      want=LicenseRef-Newlib-nvptx ;;
    *) want=GPL-3.0-or-later ;;
  esac
  if [ -z "$id" ]; then
    fail "$f" "no SPDX-License-Identifier in its first 5 lines"
  elif [ "$id" != "$want" ]; then
    fail "$f" "is $id; its part of the tree is $want"
  fi
done
[ $status -eq 0 ] && echo "PASS: $(git ls-files | wc -l) files, each under its part's terms"
exit $status
