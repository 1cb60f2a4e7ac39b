#!/usr/bin/env bash
# make test-debug: the series under a debug kernel. The guest config plus
# kernel/debug.config (DEBUG_VM, DEBUG_PAGEALLOC, PAGE_POISONING, KASAN,
# PROVE_LOCKING, DEBUG_LIST, page_owner) is built into build/obj-debug, with
# its own highalloc module and initramfs; then, under each policy, fragload
# (the mixed scenario, with the no-page-lost check), the highalloc
# scenario and the hotremove scenario (offline, unplug, online again) run,
# sized down for KASAN under TCG. Every console must be free of
# WARNING, BUG, KASAN, lockdep and "Bad page state" reports.
# Ends with "N passed, N failed, N skipped"; logs in build/test-debug/.
# Not part of make test: a cold debug build alone takes longer than CI
# allows on top of the suite (see docs/TIMINGS.md).
# usage: test-debug.sh [POLICY...]
# The body is a function, parsed whole before it runs (see tests/run.sh).
main() {
set -u
. "$(dirname "$0")/lib.sh"
. "$FA_TOP/tests/lib.sh"
TESTS=$FA_TOP/tests
policies=${*:-$FA_POLICIES}
# FA_DEBUG_SCENARIOS: a subset of "mixed highalloc hotremove" (default all)
scenarios=${FA_DEBUG_SCENARIOS:-mixed highalloc hotremove}
for sc in $scenarios; do
	case $sc in
	mixed|highalloc|hotremove) ;;
	*) echo "test-debug: FA_DEBUG_SCENARIOS: unknown scenario '$sc' (mixed, highalloc, hotremove)" >&2
	   exit 2 ;;
	esac
done
"$FA_TOP/scripts/validate.sh" policies "$policies" || exit 2
dbg=$FA_BUILD/obj-debug
T_OUT=$FA_BUILD/test-debug
rm -rf "$T_OUT" && mkdir -p "$T_OUT"

FA_OBJ=$dbg "$FA_TOP/scripts/build-kernel.sh" "$FA_TOP/kernel/debug.config" || exit 1
FA_OBJ=$dbg FA_MODULES=$FA_BUILD/modules-debug FA_MODSRC=$FA_BUILD/modsrc-debug \
	"$FA_TOP/scripts/build-modules.sh" || exit 1
FA_MODULES=$FA_BUILD/modules-debug FA_INITRAMFS=$FA_BUILD/initramfs-debug.cpio.gz \
	"$FA_TOP/scripts/build-initramfs.sh" || exit 1

# pci=noacpi: this kernel is so slow under TCG that ACPI's \_SB.PCI0._PRT
# method runs into the interpreter's 30 s loop timeout; virtio-pci then has
# no interrupt routing and the first disk read never completes (both vCPUs
# idle). The BIOS's PIRQ table routes the same interrupts.
kargs="debug_pagealloc=on page_poison=1 page_owner=on pci=noacpi"
boot=("$FA_TOP/scripts/boot.sh" -k "$dbg/arch/x86/boot/bzImage"
	-i "$FA_BUILD/initramfs-debug.cpio.gz")
debug_mixed() {
	local pol=$1 prefix
	step "test-debug: $pol: fragload (mixed)"
	prefix=$T_OUT/mixed-$pol
	"$FA_TOP/scripts/mkdisk.sh" "$T_OUT/disk.img" 1024
	if "${boot[@]}" -m 1024 -t 3600 -d "$T_OUT/disk.img" -o "$prefix" \
		-- mixed page_grouping="$pol" fa.seconds=20 $kargs; then
		t_pass "debug.$pol.mixed.boot"
	else
		t_fail "debug.$pol.mixed.boot" "status $? (console: $prefix.console)"
	fi
	t_console "debug.$pol.mixed.console" "$prefix.console"
	t_ingest "$FA_PYTHON" "$TESTS/check_nolost.py" "$prefix.results" "debug.$pol.mixed"
}

debug_highalloc() {
	local pol=$1 prefix
	step "test-debug: $pol: highalloc"
	prefix=$T_OUT/highalloc-$pol
	"$FA_TOP/scripts/mkdisk.sh" "$T_OUT/disk.img" 1024
	if "${boot[@]}" -m 1024 -t 3600 -d "$T_OUT/disk.img" -o "$prefix" \
		-- highalloc page_grouping="$pol" fa.warmup=20 fa.count=64 fa.interval=50 \
		fa.order10=0 $kargs; then
		t_pass "debug.$pol.highalloc.boot"
	else
		t_fail "debug.$pol.highalloc.boot" "status $? (console: $prefix.console)"
	fi
	t_console "debug.$pol.highalloc.console" "$prefix.console"
}

debug_hotremove() {
	local pol=$1 prefix
	step "test-debug: $pol: hotremove"
	prefix=$T_OUT/hotremove-$pol
	"$FA_TOP/scripts/mkdisk.sh" "$T_OUT/disk.img" 1024
	if "${boot[@]}" -m 512 -D 2x128 -t 3600 -d "$T_OUT/disk.img" -o "$prefix" \
		-- hotremove page_grouping="$pol" memhp_default_state=online_kernel \
		fa.seconds=10 fa.timeout=10 $kargs; then
		t_pass "debug.$pol.hotremove.boot"
	else
		t_fail "debug.$pol.hotremove.boot" "status $? (console: $prefix.console)"
	fi
	t_console "debug.$pol.hotremove.console" "$prefix.console"
	t_ingest "$FA_PYTHON" "$TESTS/check_hotremove.py" "$prefix.results" "$pol" "debug.$pol.hotremove"
}

for pol in $policies; do
	for sc in $scenarios; do
		"debug_$sc" "$pol"
	done
done
rm -f "$T_OUT/disk.img"
t_summary
}

main "$@"; exit
