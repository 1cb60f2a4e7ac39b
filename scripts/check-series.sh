#!/usr/bin/env bash
# check-series.sh [FIRST [LAST]]: each patch of the series builds and boots
# on its own. For patch k, the tree base+k is checked out in a worktree
# (build/series/linux) and built into build/series/obj; then its KUnit
# suites and a smoke boot run under each policy. A policy the kernel does
# not know yet is reported as such (the kernel warns and keeps its default).
# The body is a function, parsed whole before it runs: editing this file
# while it runs cannot change what the running copy does (and "exit" on the
# same line stops bash from reading on into a file that has changed).
main() {
set -u
. "$(dirname "$0")/lib.sh"

patches=()
while read -r p; do
	case "$p" in ''|'#'*) continue ;; esac
	patches+=("$p")
done <"$FA_TOP/patches/series"
first=${1:-1} last=${2:-${#patches[@]}}
wt=$FA_BUILD/series/linux
mkdir -p "$FA_BUILD/series"
[ -d "$wt" ] || git -C "$FA_SRC" worktree add -q --detach "$wt" base ||
	die "check-series" "" "cannot create worktree $wt"

rc=0
for k in $(seq "$first" "$last"); do
	p=${patches[$((k - 1))]}
	step "[$k/${#patches[@]}] $p"
	git -C "$wt" checkout -q --detach \
		"$(git -C "$FA_SRC" rev-list --reverse base..HEAD | sed -n "${k}p")" ||
		die "check-series" "" "cannot check out patch $k"
	log=$FA_LOGS/series-$k
	# Its builds run beside other work: they are not timings to publish
	if ! FA_SRC=$wt FA_OBJ=$FA_BUILD/series/obj FA_CONFIG_LENIENT=1 FA_NO_RECORD=1 \
		"$FA_TOP/scripts/build-kernel.sh" >"$log.build" 2>&1; then
		echo "FAIL $p: build (log: $log.build)"
		rc=1
		continue
	fi
	for pol in $FA_POLICIES; do
		for sc in kunit smoke; do
			"$FA_TOP/scripts/boot.sh" -k "$FA_BUILD/series/obj/arch/x86/boot/bzImage" \
				-m 512 -t 300 -o "$log-$sc-$pol" -- $sc kunit.enable=1 page_grouping="$pol"
			st=$?
			bad=$(grep -aE 'WARNING:|BUG:|Bad page state|Oops|Kernel panic|not ok ' "$log-$sc-$pol.console" | head -n 2)
			runs=$(sed -n 's/.*"event":"start".*"policy":"\([^"]*\)".*/\1/p' "$log-$sc-$pol.results")
			if [ "$st" -ne 0 ] || [ -n "$bad" ]; then
				echo "FAIL $p: $sc under $pol: status $st $bad (console: $log-$sc-$pol.console)"
				rc=1
			elif [ "$runs" != "$pol" ]; then
				echo "ok   $p: $sc: $pol not in this patch yet (ran $runs)"
			else
				echo "ok   $p: $sc under $pol"
			fi
		done
	done
done
exit $rc
}

main "$@"; exit
