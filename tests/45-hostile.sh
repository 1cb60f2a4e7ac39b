# shellcheck shell=bash
# Bad input, tried as a hostile user would, under each policy: one boot
# whose command line carries garbage page_grouping= values (empty, missing,
# unknown, overlong, mixed case, numeric, trailing junk, quoted with a
# space) around the policy asked for, each of which must be named on the
# console and change nothing; inside it, every write to the sysctl and the
# block map refused, every project debugfs file denied to nobody, module
# parameters ignored (guest/scenarios/hostile.sh). The bad values written
# to the highalloc module are in tests/40-instruments.sh (modtest). Then no
# page lost, and the usual checks of every boot.

# The policy the kernel runs when page_grouping= names none (the config's)
default=$(sed -n 's/^CONFIG_PAGE_GROUPING_DEFAULT_\([A-Z]*\)=y$/\1/p' "$FA_TOP/kernel/guest.config" |
	tr 'A-Z' 'a-z')
garbage=(page_grouping page_grouping= page_grouping=bogus page_grouping=FragAvoid
	page_grouping=NONE page_grouping=none,mobility page_grouping=mobilityx
	page_grouping=-1 page_grouping=0 "page_grouping=$(printf 'x%.0s' {1..200})"
	'page_grouping="none x"')
for pol in $FA_POLICIES; do
	prefix=$T_OUT/hostile-$pol
	# the asked-for policy in the middle: garbage before it keeps the
	# default, garbage after it keeps it; the default is asked for by
	# garbage alone
	args=("${garbage[@]:0:6}")
	[ "$pol" = "$default" ] || args+=("page_grouping=$pol")
	args+=("${garbage[@]:6}")
	{
		echo "$pol"
		keep=${default:-?}
		for a in "${args[@]}"; do
			v=${a#page_grouping}
			v=${v#=}
			v=${v//\"/}
			case $v in none|mobility|fragavoid) keep=$v; continue ;; esac
			printf '%s\t%s\n' "${v:0:32}" "$keep"
		done
	} >"$prefix.expected"
	if ! "$FA_TOP/scripts/boot.sh" -m 512 -t 600 -o "$prefix" -- hostile "${args[@]}"; then
		t_fail "hostile.$pol.boot" "status $? (console: $prefix.console)"
		continue
	fi
	t_pass "hostile.$pol.boot"
	t_ingest "$FA_PYTHON" "$TESTS/check_hostile.py" "$prefix.results" "$prefix.console" \
		"$prefix.expected" "hostile.$pol"
	t_ingest "$FA_PYTHON" "$TESTS/check_nolost.py" "$prefix.results" "hostile.$pol"
	t_guest_checks "hostile.$pol" "$prefix" "$pol"
done
