# shellcheck shell=bash
# Guest integration tests, for each placement policy: the kernel boots and
# runs the requested policy, the free lists add up at rest and after a mixed
# workload, the slab walk that measures at rest allocates no dentry, no
# page is lost by the workload, the buffer cache has the page type the
# policy gives it, page_owner's tables leave no free tail in the blocks
# they keep, and the console shows no kernel report.

# t_slabwalk NAME PREFIX: the smoke boot's slab walk, after drop_caches,
# went through at least 20 caches' shrink files and allocated at most 8
# dentries (its files held open; a walk that looks them up again
# allocates two per cache)
t_slabwalk() {
	local walk caches dentries
	walk=$(grep '"event":"slabwalk"' "$2.results" 2>/dev/null)
	caches=$(echo "$walk" | sed -n 's/.*"caches":"\([0-9]*\)".*/\1/p')
	dentries=$(echo "$walk" | sed -n 's/.*"dentries":"\(-\{0,1\}[0-9]*\)".*/\1/p')
	if [ -z "$caches" ] || [ -z "$dentries" ]; then
		t_fail "$1" "no slab walk reported (results: $2.results)"
	elif [ "$caches" -lt 20 ] || [ "$dentries" -gt 8 ]; then
		t_fail "$1" "the walk of $caches caches' shrink files allocated $dentries dentries"
	else
		t_pass "$1"
	fi
}

for pol in $FA_POLICIES; do
	prefix=$T_OUT/smoke-$pol
	if "$FA_TOP/scripts/boot.sh" -m 512 -t 300 -o "$prefix" -- smoke page_grouping="$pol"; then
		t_pass "guest.$pol.smoke.boot"
		t_guest_checks "guest.$pol.smoke" "$prefix" "$pol"
		t_slabwalk "guest.$pol.smoke.slabwalk" "$prefix"
	else
		t_fail "guest.$pol.smoke.boot" "status $? (console: $prefix.console)"
	fi

	prefix=$T_OUT/mixed-$pol
	"$FA_TOP/scripts/mkdisk.sh" "$T_OUT/disk.img" 1024
	if "$FA_TOP/scripts/boot.sh" -m 1024 -t 600 -d "$T_OUT/disk.img" -o "$prefix" \
		-- mixed page_grouping="$pol" fa.seconds=15; then
		t_pass "guest.$pol.mixed.boot"
		t_guest_checks "guest.$pol.mixed" "$prefix" "$pol"
		t_ingest "$FA_PYTHON" "$TESTS/check_nolost.py" "$prefix.results" "guest.$pol.mixed"
	else
		t_fail "guest.$pol.mixed.boot" "status $? (console: $prefix.console)"
	fi

	# The buffer cache's page type needs page_owner, in a boot of its own:
	# the mixed boot above runs the kernel as it is usually run. Free lists,
	# lost pages and the console are checked here too. The placement
	# invariants are not: they compare /proc/zoneinfo with /proc/pagetypeinfo,
	# which under page_owner walks every page (seconds under TCG) before it
	# ends, and one such boot saw the FALLBACK count move by a block between
	# the two reads.
	prefix=$T_OUT/bufcache-$pol
	if "$FA_TOP/scripts/boot.sh" -m 1024 -t 600 -d "$T_OUT/disk.img" -o "$prefix" \
		-- mixed page_grouping="$pol" page_owner=on fa.seconds=5; then
		t_pass "guest.$pol.bufcache.boot"
		t_freelists "guest.$pol.bufcache" "$prefix"
		t_ingest "$FA_PYTHON" "$TESTS/check_nolost.py" "$prefix.results" "guest.$pol.bufcache"
		t_console "guest.$pol.bufcache.console" "$prefix.console"
		t_ingest "$FA_PYTHON" "$TESTS/check_bufcache.py" "$prefix.results" "$pol" "guest.$pol"
		t_ingest "$FA_PYTHON" "$TESTS/check_page_ext.py" "$prefix.results" "guest.$pol"
	else
		t_fail "guest.$pol.bufcache.boot" "status $? (console: $prefix.console)"
	fi
done
rm -f "$T_OUT/disk.img"
