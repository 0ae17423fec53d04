# SPDX-FileCopyrightText: 2026 The nvptx-rpc authors
# SPDX-License-Identifier: LicenseRef-Newlib-nvptx
# Sourced by mkpatch.sh and mkseries.sh, with $here the client's folder
# (newlib-nvptx-rpc/): its sources lie in folders by layer, the mailbox
# core at the top, then syscalls/, posix/ (library code over the calls),
# regex/ (newlib's libc/posix regex, built here), stdio/ and glibc-abi/
# (the offload builds' entry points); newlib's machine directory holds
# them side by side.
client_layers='. syscalls posix regex stdio glibc-abi'

# Print each source as LAYER/NAME (./NAME for the core); fail when two
# layers have a file of one name, which newlib's directory cannot.
client_files ()
{
  for layer in $client_layers; do
    for f in "$here/$layer"/*.c "$here/$layer"/*.h; do
      [ ! -e "$f" ] || echo "$layer/${f##*/}"
    done
  done | awk -F/ '$NF in seen { print "client_files: two " $NF > "/dev/stderr"
			       exit 1 }
		  { seen[$NF] = 1; print }'
}
