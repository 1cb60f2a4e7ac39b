#!/usr/bin/env bash
# mkdisk.sh PATH MiB: a fresh, sparse ext4 image for the guest's page cache.
set -eu
. "$(dirname "$0")/lib.sh"
[ $# -eq 2 ] || { echo "usage: mkdisk.sh PATH MiB" >&2; exit 2; }
rm -f "$1"
truncate -s "${2}M" "$1"
mkfs.ext4 -q -F -L fadisk "$1" >"$FA_LOGS/mkdisk.log" 2>&1 ||
	die "disk image" "$FA_LOGS/mkdisk.log" "mkfs.ext4 $1"
