# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: LicenseRef-Newlib-nvptx
# Sourced by mkpatch.sh and mkseries.sh, which write newlib's build glue
# for this directory: the files whose lanes spin while other lanes of
# their warp must run need sm_70's independent thread scheduling; PTX's
# nanosleep, with which nanosleep.c sleeps and the locks back off, also
# needs PTX 6.3.  newlib builds them with these flags, the rest as it
# builds the machine directory.
sm70_sources='lock.c nanosleep.c rpc.c pthread_cond.c pthread_mutex.c pthread_once.c'
sm70_flags='-misa=sm_70 -mptx=6.3'
sm70_comment="\
# Locks and sleeps need sm_70's independent thread scheduling: a
# lane spinning in one must not starve the others of its warp."
