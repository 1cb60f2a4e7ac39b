#!/usr/bin/env bash
# run.sh [-m MiB] [-c cpus] [-t timeout] [-n repeats] [-o OUTDIR] [-a ARGS] POLICY...
# The main job, the seed's experiment: for each placement policy, boot a
# guest that runs fragload and makes high-order allocation attempts under
# load and at rest (guest/scenarios/highalloc.sh); policies are interleaved
# across repeats (A B C A B C ...). Then print the tables side by side.
# The body is a function, parsed whole before it runs: editing this file
# while it runs cannot change what the running copy does (and "exit" on the
# same line stops bash from reading on into a file that has changed).
main() {
set -eu
. "$(dirname "$0")/lib.sh"

mem=2048 cpus=2 timeout=7200 repeats=1 out=out args=""
while getopts "m:c:t:n:o:a:" o; do
	case $o in
	m) mem=$OPTARG ;; c) cpus=$OPTARG ;; t) timeout=$OPTARG ;;
	n) repeats=$OPTARG ;; o) out=$OPTARG ;; a) args=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || set -- $FA_POLICIES
mkdir -p "$out"
out=$(cd "$out" && pwd)
rm -f "$out"/*-r*.results "$out"/*-r*.console "$out"/*-r*.qemu

total=$((repeats * $#)) n=0
for r in $(seq 1 "$repeats"); do
	for pol in "$@"; do
		n=$((n + 1))
		step "[$n/$total] policy $pol, repeat $r: load, attempts under load and at rest (console: $out/$pol-r$r.console)"
		"$FA_TOP/scripts/mkdisk.sh" "$FA_BUILD/disk.img" $((mem * 2))
		t0=$(fa_now)
		# shellcheck disable=SC2086
		"$FA_TOP/scripts/boot.sh" -m "$mem" -c "$cpus" -t "$timeout" \
			-d "$FA_BUILD/disk.img" -o "$out/$pol-r$r" -- highalloc \
			page_grouping="$pol" page_owner=on $args ||
			die "run (policy $pol, repeat $r)" "$out/$pol-r$r.console" "the guest scenario failed"
		fa_record "run highalloc $pol ${mem}MiB" "$(( $(fa_now) - t0 ))"
		grep -q '"policy":"'"$pol"'"' "$out/$pol-r$r.results" ||
			die "run (policy $pol)" "$out/$pol-r$r.console" "the kernel did not run policy $pol"
	done
done
rm -f "$FA_BUILD/disk.img"
"$FA_PYTHON" "$FA_TOP/scripts/report.py" "$out" ${FA_MARKDOWN:+--markdown "$FA_MARKDOWN" --command "$FA_COMMAND"}
}

main "$@"; exit
