# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Sourced by warm-run.sh and torture-replay.sh.
# warm_server_start LAUNCHER LOG: LAUNCHER --serve with $WARM_WORKERS
# workers (default: the launcher's) in the background, its stderr in
# LOG; returns once it says it is ready (or after 20 s), with its
# process id in $warm_server.
warm_server_start ()
{
  "$1" --serve ${WARM_WORKERS:+--workers "$WARM_WORKERS"} 2> "$2" &
  warm_server=$!
  for i in $(seq 100); do
    ! grep -q "ready at" "$2" || return 0
    sleep 0.2
  done
}
