# shellcheck shell=bash
# The speed-parity instruments (make bench), on a small scale and with no
# timing targets: fa-bench refuses bad options; in one guest, allocbench
# refuses bad input and changes nothing, every fa-bench test and every
# allocbench order reports well-formed numbers, and no page is lost; the
# report turns that boot into the diff-aim9 tables and JSON.
t_rejects bench.make-bad-repeats "REPEATS=0" make -s -C "$FA_TOP" bench REPEATS=0
t_rejects bench.make-bad-policy "expected one of: none mobility fragavoid" \
	make -s -C "$FA_TOP" bench POLICIES="mobility fast"
g=$FA_BUILD/guest
t_rejects bench.fa-bench-unknown-test "unknown test" "$g/fa-bench" --test bogus
t_rejects bench.fa-bench-zero-scale "expected 1..100000" "$g/fa-bench" --scale 0
t_rejects bench.fa-bench-junk-loops "expected 1..1000000000" "$g/fa-bench" --loops 5x
t_rejects bench.fa-bench-extra-arg "usage" "$g/fa-bench" stray
t_check bench.fa-bench-help "--help failed" "$g/fa-bench" --help

mkdir -p "$T_OUT/bench"
prefix=$T_OUT/bench/mobility-r1
if "$FA_TOP/scripts/boot.sh" -m 512 -t 300 -o "$prefix" -- benchtest \
	page_grouping=mobility fa.scale=2 fa.cache=1 fa.count=100; then
	t_pass bench.boot
	t_ingest "$FA_PYTHON" "$TESTS/check_bench.py" "$prefix.results" bench
	t_console bench.console "$prefix.console"
	t_check bench.report "bench/report.py failed on the benchtest boot, or wrote no JSON" \
		bash -c '"$0" "$1/bench/report.py" "$2" >"$2/report.txt" &&
			grep -q "Operation" "$2/report.txt" &&
			[ "$(grep -c "/second" "$2/report.txt")" -ge 11 ] &&
			"$0" -c "import json, sys; json.load(open(sys.argv[1]))" "$2/bench.json"' \
		"$FA_PYTHON" "$FA_TOP" "$T_OUT/bench"
else
	t_fail bench.boot "status $? (console: $prefix.console)"
fi
