# shellcheck shell=bash
# Memory hot-remove, for each placement policy: a guest with hot-pluggable
# DIMMs runs a short load, then offlines every memory block it can and
# unplugs every DIMM whose blocks all went. Every block gets an outcome; a
# block that cannot go fails cleanly, with the kernel's reason, and the
# guest keeps running; once everything is back online no page is lost;
# under fragavoid most non-movable blocks stay below the DIMMs' zone; the
# free lists add up and the console shows no kernel report. (Without
# page_owner: with it, reading /proc/pagetypeinfo walks every page, seconds
# under TCG, and the placement invariants compare it with /proc/zoneinfo
# read before it.)
for pol in $FA_POLICIES; do
	prefix=$T_OUT/hotremove-$pol
	"$FA_TOP/scripts/mkdisk.sh" "$T_OUT/disk.img" 1024
	if "$FA_TOP/scripts/boot.sh" -m 512 -D 2x128 -t 900 -d "$T_OUT/disk.img" -o "$prefix" \
		-- hotremove page_grouping="$pol" memhp_default_state=online_kernel \
		fa.seconds=10 fa.timeout=5; then
		t_pass "hotremove.$pol.boot"
		t_guest_checks "hotremove.$pol" "$prefix" "$pol"
		t_ingest "$FA_PYTHON" "$TESTS/check_hotremove.py" "$prefix.results" "$pol" "hotremove.$pol"
	else
		t_fail "hotremove.$pol.boot" "status $? (console: $prefix.console)"
	fi
done
rm -f "$T_OUT/disk.img"
