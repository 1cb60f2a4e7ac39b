#!/usr/bin/env bash
# Configure (tinyconfig + kernel/guest.config [+ extra fragments]) and build
# the guest kernel with ccache. Usage: build-kernel.sh [FRAGMENT...]
# Later fragments override earlier ones; FA_OBJ= picks the object dir
# (make bench builds build/obj-nostats with kernel/nostats.config).
# The body is a function, parsed whole before it runs: editing this file
# while it runs cannot change what the running copy does (and "exit" on the
# same line stops bash from reading on into a file that has changed).
main() {
set -eu
. "$(dirname "$0")/lib.sh"

frags="$FA_TOP/kernel/guest.config $*"
obj=$FA_OBJ
mkdir -p "$obj"
export CCACHE_BASEDIR=$FA_BUILD CCACHE_NOHASHDIR=1 CCACHE_MAXSIZE=5G
export KBUILD_BUILD_USER=fragavoid KBUILD_BUILD_HOST=guest
export KBUILD_BUILD_TIMESTAMP="2026-01-01"
kmake() { MAKEFLAGS= make -C "$FA_SRC" O="$obj" CC="ccache gcc" -j"$(( $(nproc) + 1 ))" "$@"; }

# Reconfigure only when a fragment or the tree changed.
cfg_stamp=$(cat $frags "$FA_SRC/.git/fa-stamp.head" 2>/dev/null | sha256sum | cut -d' ' -f1)
if [ "$(cat "$obj/.fa-config-stamp" 2>/dev/null)" != "$cfg_stamp" ]; then
	step "configuring kernel (tinyconfig + $(echo $frags | xargs -n1 basename | xargs))"
	log=$FA_LOGS/kconfig.log
	run_logged "kernel config" "$log" kmake tinyconfig
	run_logged "kernel config merge" "$log" \
		"$FA_SRC/scripts/kconfig/merge_config.sh" -m -O "$obj" "$obj/.config" $frags
	run_logged "kernel olddefconfig" "$log" kmake olddefconfig
	# Kconfig silently drops what it cannot satisfy: check every line
	# (a line a later fragment sets again is checked in that fragment).
	bad=""
	for f in $frags; do
		while IFS= read -r line; do
			case "$line" in
			CONFIG_*=*) opt=${line%%=*} ;;
			"# CONFIG_"*" is not set") opt=${line#\# } opt=${opt%% *} ;;
			*) continue ;;
			esac
			overridden=""
			for g in ${frags#*"$f"}; do
				grep -qE "^$opt=|^# $opt is not set" "$g" && overridden=1
			done
			[ -z "$overridden" ] || continue
			# FA_CONFIG_LENIENT: a tree from the middle of the series
			# may not know an option yet
			if [ -n "${FA_CONFIG_LENIENT:-}" ] &&
			   ! grep -rqx --include='Kconfig*' "config ${opt#CONFIG_}" "$FA_SRC"; then
				continue
			fi
			grep -qx "$line" "$obj/.config" ||
				bad="$bad $opt(want: $line; got: $(grep "^$opt=" "$obj/.config" || echo unset))"
		done <"$f"
	done
	[ -z "$bad" ] || die "kernel config" "$log" "options not honoured:$bad"
	echo "$cfg_stamp" >"$obj/.fa-config-stamp"
fi

# A build is labelled by how much ccache had to compile, so that
# docs/TIMINGS.md tells a cold build from a warm one.
misses() { ccache --print-stats 2>/dev/null | awk '$1 == "cache_miss" { print $2 }'; }
m0=$(misses)
# one log per object directory: the debug and bench kernels may build at once
klog=$FA_LOGS/kbuild-${obj##*/}.log
step "building kernel in $obj (log: $klog)"
t0=$(fa_now)
FA_NO_RECORD=1 run_logged "kernel build" "$klog" kmake bzImage modules
# (recorded below, labelled cold or warm)
compiled=$(( $(misses) - ${m0:-0} ))
if [ "$compiled" -gt 1000 ]; then
	fa_record "kernel build, cold ccache ($compiled files compiled)" "$(( $(fa_now) - t0 ))"
elif [ "$compiled" -gt 0 ]; then
	fa_record "kernel build, warm ccache" "$(( $(fa_now) - t0 ))"
fi
info "kernel: $obj/arch/x86/boot/bzImage ($(kmake -s kernelrelease 2>/dev/null))"
}

main "$@"; exit
