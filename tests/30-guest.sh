# shellcheck shell=bash
# Guest integration tests, for each placement policy: the kernel boots and
# runs the requested policy, the free lists add up at rest and after a mixed
# workload, and the console shows no kernel report.

# t_guest_checks NAME PREFIX POLICY: the checks every boot must pass
t_guest_checks() {
	local name=$1 prefix=$2 pol=$3 bad reported
	reported=$(sed -n 's/.*"event":"start".*"policy":"\([^"]*\)".*/\1/p' "$prefix.results")
	if [ "$reported" = stock ]; then
		t_skip "$name.policy" "this kernel has no page_grouping switch (the series does not provide it yet)"
	elif [ "$reported" = "$pol" ]; then
		t_pass "$name.policy"
	else
		t_fail "$name.policy" "asked for $pol, kernel runs '$reported'"
	fi
	bad=$(awk -F'"lists":|,"free":|,"tries"' '/"event":"freelists"/ && ($2 != $3 || $2 + 0 <= 0)' "$prefix.results")
	if ! grep -q '"event":"freelists"' "$prefix.results"; then
		t_fail "$name.freelists" "no free-list check reported"
	elif [ -n "$bad" ]; then
		t_fail "$name.freelists" "free lists do not add up to the zone's free pages: $bad"
	else
		t_pass "$name.freelists"
	fi
	t_ingest "$FA_PYTHON" "$TESTS/check_placement.py" "$prefix.results" "$pol" "$name"
	t_console "$name.console" "$prefix.console"
}

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
	else
		t_fail "guest.$pol.mixed.boot" "status $? (console: $prefix.console)"
	fi
done
rm -f "$T_OUT/disk.img"
