#!/usr/bin/env bash
# Build the out-of-tree modules in modules/ with Kbuild against the patched
# tree, in a copy under build/ so the repository stays clean. They are
# loaded only inside guests (build-initramfs.sh packs them).
set -eu
. "$(dirname "$0")/lib.sh"

out=$FA_BUILD/modules
mkdir -p "$out" "$FA_BUILD/modsrc"
export CCACHE_BASEDIR=$FA_BUILD
for dir in "$FA_TOP"/modules/*/; do
	name=$(basename "$dir")
	[ -f "$dir/Kbuild" ] || continue
	step "building module $name"
	rsync -a --delete "$dir" "$FA_BUILD/modsrc/$name/"
	run_logged "module $name" "$FA_LOGS/module-$name.log" \
		make -C "$FA_SRC" O="$FA_OBJ" CC="ccache gcc" M="$FA_BUILD/modsrc/$name" W=1 modules
	grep -q 'warning:' "$FA_LOGS/module-$name.log" &&
		die "module $name" "$FA_LOGS/module-$name.log" "compiler warnings"
	cp "$FA_BUILD/modsrc/$name"/*.ko "$out/"
done
info "modules: $(ls "$out" | xargs)"
