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
	t_ingest "$FA_PYTHON" "$TESTS/check_highalloc.py" "$prefix.results" "$pol" "instruments.$pol"
	t_console "instruments.$pol.console" "$prefix.console"
done
