# shellcheck shell=bash
# The KUnit suites built into the kernel run at boot, once per placement
# policy (some cases check the running policy); each case counts.
for pol in $FA_POLICIES; do
	kprefix=$T_OUT/kunit-$pol
	"$FA_TOP/scripts/boot.sh" -m 512 -t 300 -o "$kprefix" -- kunit kunit.enable=1 \
		page_grouping="$pol"
	rc=$?
	if [ "$rc" -ne 0 ]; then
		t_fail "kunit.$pol.boot" "boot status $rc (console: $kprefix.console)"
		continue
	fi
	"$FA_PYTHON" "$FA_SRC/tools/testing/kunit/kunit.py" parse --json="$kprefix.json" \
		"$kprefix.console" >"$kprefix.parse" 2>&1
	"$FA_PYTHON" "$TESTS/kunit_results.py" "$kprefix.json" >"$kprefix.cases" 2>>"$kprefix.parse"
	if [ ! -s "$kprefix.cases" ]; then
		t_fail "kunit.$pol.parse" "no KUnit test cases found (see $kprefix.parse)"
		continue
	fi
	while read -r status name; do
		case $status in
		PASS) t_pass "kunit.$pol.$name" ;;
		SKIP) t_skip "kunit.$pol.$name" "skipped by the test itself (see $kprefix.console)" ;;
		*) t_fail "kunit.$pol.$name" "$status (see $kprefix.console)" ;;
		esac
	done <"$kprefix.cases"
done
