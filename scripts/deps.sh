#!/usr/bin/env bash
# Install the Debian packages the project needs, when any is missing.
set -eu
. "$(dirname "$0")/lib.sh"

PKGS="linux-source-6.12 build-essential flex bison bc libelf-dev libssl-dev
      dwarves cpio xz-utils kmod ccache qemu-system-x86 busybox-static
      bash-static e2fsprogs python3 python3-matplotlib jq git socat
      libnuma-dev rsync"

missing=""
for p in $PKGS; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
		missing="$missing $p"
done
if [ -z "$missing" ]; then
	info "packages: all present"
	exit 0
fi
[ "$(id -u)" -eq 0 ] || die "packages" "" "missing:$missing (run as root, or install them)"
log=$FA_LOGS/apt.log
step "installing packages:$missing"
run_logged "apt-get update" "$log" apt-get update
DEBIAN_FRONTEND=noninteractive run_logged "apt-get install" "$log" \
	apt-get install -y --no-install-recommends $missing
info "installed:$missing"
