#!/usr/bin/env bash
# The whole suite (make test), or the groups named: host-side checks, the KUnit suites built into
# the kernel, and guest integration tests for each placement policy.
# Ends with "N passed, N failed, N skipped"; exits non-zero on any failure.
# The body is a function, parsed whole before it runs: editing this file
# while it runs cannot change what the running copy does (and "exit" on the
# same line stops bash from reading on into a file that has changed).
main() {
set -u
TESTS=$(cd "$(dirname "$0")" && pwd)
. "$TESTS/../scripts/lib.sh"
. "$TESTS/lib.sh"
T_OUT=$FA_BUILD/test
rm -rf "$T_OUT" && mkdir -p "$T_OUT"
export T_OUT

# tests/run.sh [GROUP...]: only these groups (e.g. 45-hostile), for work on
# one of them; make test runs them all.
groups=()
for g in "$@"; do
	[ -f "$TESTS/$g.sh" ] || { echo "error: no test group '$g' (expected one of: $(cd "$TESTS" && ls [0-9][0-9]-*.sh | sed 's/\.sh$//' | xargs))" >&2; exit 2; }
	groups+=("$TESTS/$g.sh")
done
[ ${#groups[@]} -gt 0 ] || groups=("$TESTS"/[0-9][0-9]-*.sh)
for group in "${groups[@]}"; do
	step "tests: $(basename "$group" .sh)"
	t0=$(fa_now)
	. "$group"
	fa_record "tests $(basename "$group" .sh)" "$(( $(fa_now) - t0 ))"
done
t_summary
}

main "$@"; exit
