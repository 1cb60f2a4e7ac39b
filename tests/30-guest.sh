# shellcheck shell=bash
# Guest integration tests, for each placement policy: the kernel boots and
# runs the requested policy, the free lists add up at rest and after a mixed
# workload, no page is lost by the workload, the buffer cache has the page
# type the policy gives it, page_owner's tables leave no free tail in the
# blocks they keep, and the console shows no kernel report.

for pol in $FA_POLICIES; do
	prefix=$T_OUT/smoke-$pol
	if "$FA_TOP/scripts/boot.sh" -m 512 -t 300 -o "$prefix" -- smoke page_grouping="$pol"; then
		t_pass "guest.$pol.smoke.boot"
		t_guest_checks "guest.$pol.smoke" "$prefix" "$pol"
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
