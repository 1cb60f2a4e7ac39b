# shellcheck shell=bash
# The test harness: every test ends in exactly one of t_pass, t_fail, t_skip.
# A skip says why and never counts as a pass.
T_PASS=0 T_FAIL=0 T_SKIP=0 T_SKIPPED=() T_FAILED=()
T_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

t_pass() { T_PASS=$((T_PASS + 1)); echo "PASS $1"; }
t_fail() { T_FAIL=$((T_FAIL + 1)); T_FAILED+=("$1"); echo "FAIL $1: $2"; }
t_skip() { T_SKIP=$((T_SKIP + 1)); T_SKIPPED+=("$1: $2"); echo "SKIP $1: $2"; }

# t_check NAME MESSAGE CMD...: pass when CMD succeeds
t_check() {
	local name=$1 msg=$2
	shift 2
	if "$@" >/dev/null 2>&1; then t_pass "$name"; else t_fail "$name" "$msg"; fi
}

# t_ingest CMD...: count the "PASS|FAIL|SKIP name[: why]" lines a checker
# prints; a checker that crashes is a failure of its own.
t_ingest() {
	local verdict check why
	while read -r verdict check why; do
		case $verdict in
		PASS) t_pass "$check" ;;
		SKIP) t_skip "${check%:}" "$why" ;;
		*) t_fail "${check%:}" "$why" ;;
		esac
	done < <("$@" 2>&1 || echo "FAIL $(basename "$2"): exited with an error")
}

# What must never appear on a guest console.
T_REPORTS='WARNING:|BUG:|Bad page state|Oops|Kernel panic|general protection|possible recursive locking|possible circular locking|inconsistent lock state|KASAN|UBSAN|Call Trace'

# t_console NAME CONSOLE-LOG: no kernel report on a guest's console. A
# failure quotes the first report with the four lines before it: a bare
# "Call Trace:" (dump_stack() after an allocation failure or the OOM
# killer) says what it is only in the lines above it.
t_console() {
	local bad
	bad=$(grep -anE -m1 -B4 "$T_REPORTS" "$2")
	if [ -n "$bad" ]; then
		t_fail "$1" "kernel report in $2, numbered lines:
$bad"
	else
		t_pass "$1"
	fi
}

# t_guest_checks NAME PREFIX POLICY: the checks every guest boot must pass:
# the policy asked for runs, the free lists add up, the placement invariants
# (tests/check_placement.py) hold on every snapshot, the console is clean
t_guest_checks() {
	local name=$1 prefix=$2 pol=$3 reported
	reported=$(sed -n 's/.*"event":"start".*"policy":"\([^"]*\)".*/\1/p' "$prefix.results")
	if [ "$reported" = stock ]; then
		t_skip "$name.policy" "this kernel has no page_grouping switch (the series does not provide it yet)"
	elif [ "$reported" = "$pol" ]; then
		t_pass "$name.policy"
	else
		t_fail "$name.policy" "asked for $pol, kernel runs '$reported'"
	fi
	t_freelists "$name" "$prefix"
	t_ingest "$FA_PYTHON" "$T_DIR/check_placement.py" "$prefix.results" "$pol" "$name"
	t_console "$name.console" "$prefix.console"
}

# t_freelists NAME PREFIX: the guest reported free-list checks (guest/lib.sh
# fa_check_freelists), and in each the lists add up to the zone's free
# pages as read just before or just after them
t_freelists() {
	local name=$1 prefix=$2 bad
	bad=$(awk -F'"lists":|,"free":|,"free_before":|,"tries"' '/"event":"freelists"/ &&
		(($2 != $3 && $2 != $4) || $2 + 0 <= 0)' "$prefix.results")
	if ! grep -q '"event":"freelists"' "$prefix.results"; then
		t_fail "$name.freelists" "no free-list check reported"
	elif [ -n "$bad" ]; then
		t_fail "$name.freelists" "free lists do not add up to the zone's free pages: $bad"
	else
		t_pass "$name.freelists"
	fi
}

t_summary() {
	echo
	if [ ${#T_SKIPPED[@]} -gt 0 ]; then
		echo "skipped (not counted as passed):"
		printf '  %s\n' "${T_SKIPPED[@]}"
	fi
	if [ ${#T_FAILED[@]} -gt 0 ]; then
		echo "failed:"
		printf '  %s\n' "${T_FAILED[@]}"
	fi
	echo "$T_PASS passed, $T_FAIL failed, $T_SKIP skipped"
	[ "$T_FAIL" -eq 0 ]
}
