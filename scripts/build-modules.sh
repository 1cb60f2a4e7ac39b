#!/usr/bin/env bash
# Build the out-of-tree modules in modules/ with Kbuild against the patched
# tree, in a copy under build/ so the repository stays clean. They are
# loaded only inside guests (build-initramfs.sh packs them).
set -eu
. "$(dirname "$0")/lib.sh"

# FA_OBJ (the kernel built against), FA_MODULES (where the .ko go) and
# FA_MODSRC (the build copy) may be set apart for another kernel (the debug
# kernel of scripts/test-debug.sh)
out=${FA_MODULES:-$FA_BUILD/modules}
modsrc=${FA_MODSRC:-$FA_BUILD/modsrc}
mkdir -p "$out" "$modsrc"
export CCACHE_BASEDIR=$FA_BUILD
# headers the modules share (modules/include), beside their copies
rsync -a --delete "$FA_TOP/modules/include/" "$modsrc/include/"
for dir in "$FA_TOP"/modules/*/; do
	name=$(basename "$dir")
	[ -f "$dir/Kbuild" ] || continue
	step "building module $name"
	rsync -a --delete "$dir" "$modsrc/$name/"
	run_logged "module $name" "$FA_LOGS/module-$name.log" \
		make -C "$FA_SRC" O="$FA_OBJ" CC="ccache gcc" M="$modsrc/$name" W=1 modules
	grep -q 'warning:' "$FA_LOGS/module-$name.log" &&
		die "module $name" "$FA_LOGS/module-$name.log" "compiler warnings"
	cp "$modsrc/$name"/*.ko "$out/"
done
info "modules: $(ls "$out" | xargs)"
