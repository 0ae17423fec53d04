#!/bin/sh
# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# After "make check" in this directory: every suite's results summed in
# one line, "N passed, N failed" (automake's test driver: host, launcher
# and PTX checks; then DejaGnu's GPU suite).  Exits 1 when any failed.
# Used by .ci/run and scripts/check-minimal-debian.sh.
results=$(find . -name '*.trs' -exec grep -h '^:test-result:' {} + \
	  | awk '{ print $2 }'; grep -E -o '^[A-Z]+:' nvptx-rpc.sum | tr -d :)
passed=$(echo "$results" | grep -c -x PASS)
failed=$(echo "$results" | grep -c -x -E 'FAIL|XPASS|ERROR|UNRESOLVED')
unsupported=$(echo "$results" | grep -c -x UNSUPPORTED)
skipped=$(echo "$results" | grep -c -x SKIP)
echo "(GPU tests UNSUPPORTED here, for want of a GPU: $unsupported; checks skipped: $skipped)"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
