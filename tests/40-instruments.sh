# shellcheck shell=bash
# The experiment's instruments: the highalloc module refuses bad input and
# changes nothing, its counts add up, a fresh guest serves order-10
# attempts, a guest fragmented on purpose fails some (under none, where
# nothing groups the pinned pages), and no page is lost by release and
# unload. The console stays clean.
for pol in $FA_POLICIES; do
	prefix=$T_OUT/modtest-$pol
	if ! "$FA_TOP/scripts/boot.sh" -m 512 -t 600 -o "$prefix" -- modtest page_grouping="$pol"; then
		t_fail "instruments.$pol.boot" "status $? (console: $prefix.console)"
		continue
	fi
	t_pass "instruments.$pol.boot"
	while read -r verdict check why; do
		case $verdict in
		PASS) t_pass "$check" ;;
		*) t_fail "${check%:}" "$why" ;;
		esac
	done < <("$FA_PYTHON" "$TESTS/check_highalloc.py" "$prefix.results" "$pol" "instruments.$pol" 2>&1 ||
		echo "FAIL instruments.$pol.check: check_highalloc.py failed")
	bad=$(grep -aE "$T_REPORTS" "$prefix.console" | head -n 3)
	if [ -n "$bad" ]; then t_fail "instruments.$pol.console" "$bad"; else t_pass "instruments.$pol.console"; fi
done
