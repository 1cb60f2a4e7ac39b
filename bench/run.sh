#!/usr/bin/env bash
# bench/run.sh [-m MiB] [-c cpus] [-t timeout] [-n repeats] [-o OUTDIR]
#              [-a ARGS] [-s] [-r N] [-M FILE] [-C COMMAND] POLICY...
# Speed parity (make bench): boots guests running guest/scenarios/bench.sh
# (fa-bench's AIM9 rows, page faults, the cache job, allocbench) for each
# policy, interleaved across repeats (A B C A B C ...), then writes the
# seed's diff-aim9 tables (bench/report.py).
#   primary:   QEMU -icount shift=0,sleep=off, one vCPU: guest time counts
#              guest instructions, so a timing repeats almost exactly
#   -c CPUS    vCPUs of the real-time boots
#   -r N       secondary: the same in real time (noisy on a shared host),
#              in the first N rounds of the interleave
#   -s         the statistics' cost: fragavoid on a kernel built without
#              CONFIG_ALLOCSTATS (build/obj-nostats), icount
#   -M FILE    also replace the bench section of FILE (docs/RESULTS.md)
# The body is a function, parsed whole before it runs: editing this file
# while it runs cannot change what the running copy does (and "exit" on the
# same line stops bash from reading on into a file that has changed).
main() {
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

mem=1024 cpus=2 timeout=1800 repeats=3 out=out/bench args="" stats="" realtime=0
markdown="" command=""
while getopts "m:c:t:n:o:a:sr:M:C:" o; do
	case $o in
	m) mem=$OPTARG ;; c) cpus=$OPTARG ;; t) timeout=$OPTARG ;;
	n) repeats=$OPTARG ;; o) out=$OPTARG ;; a) args=$OPTARG ;;
	s) stats=1 ;; r) realtime=$OPTARG ;; M) markdown=$OPTARG ;; C) command=$OPTARG ;;
	*) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
# shellcheck disable=SC2086 # a list of words
[ $# -ge 1 ] || set -- $FA_POLICIES
"$FA_TOP/scripts/validate.sh" policies "$*" mem "$mem" cpus "$cpus" \
	timeout "$timeout" repeats "$repeats" || exit 2
case $realtime in ''|*[!0-9]*) die "bench" "" "-r '$realtime': expected a number of rounds" ;; esac
nostats=$FA_BUILD/obj-nostats/arch/x86/boot/bzImage
[ -z "$stats" ] || [ -f "$nostats" ] ||
	die "bench" "" "no kernel without ALLOCSTATS at $nostats (make bench builds it)"
mkdir -p "$out"
out=$(cd "$out" && pwd)
rm -f "$out"/*-r*.results "$out"/*-r*.console "$out"/*-r*.qemu

# A run: NAME MODE POLICY [boot.sh options]; MODE icount or realtime
runs=() rt=()
for pol in "$@"; do runs+=("$pol icount $pol"); done
[ -z "$stats" ] || runs+=("fragavoid-nostats icount fragavoid -k $nostats")
for pol in "$@"; do rt+=("$pol-realtime realtime $pol"); done
[ "$realtime" -le "$repeats" ] || realtime=$repeats
total=$((repeats * ${#runs[@]} + realtime * ${#rt[@]})) n=0
for r in $(seq 1 "$repeats"); do
	round=("${runs[@]}")
	[ "$r" -gt "$realtime" ] || round+=("${rt[@]}")
	for spec in "${round[@]}"; do
		# shellcheck disable=SC2086 # NAME MODE POLICY [OPTION...]
		set -- $spec
		name=$1 mode=$2 pol=$3
		shift 3
		n=$((n + 1))
		# icount runs every vCPU in turn on one host thread, and guest
		# time counts the instructions of all of them: a second vCPU
		# adds no parallelism, only interleaving that varies from boot
		# to boot (a few % on some rows). So icount boots get one.
		# shellcheck disable=SC2054 # the comma belongs to the option
		qemu=(-c 1 -q -icount -q shift=0,sleep=off)
		[ "$mode" = icount ] || qemu=(-c "$cpus")
		step "[$n/$total] $name ($mode), repeat $r (console: $out/$name-r$r.console)"
		t0=$(fa_now)
		# norandmaps: with address space randomization, how many page
		# tables fork copies depends on where the stack and the mappings
		# fell, and fork_test took 0, 3 or 6% longer from boot to boot;
		# without it four boots repeat to 0.01%.
		# shellcheck disable=SC2086
		"$FA_TOP/scripts/boot.sh" -m "$mem" -t "$timeout" "$@" "${qemu[@]}" \
			-o "$out/$name-r$r" -- bench page_grouping="$pol" norandmaps $args ||
			die "bench ($name, repeat $r)" "$out/$name-r$r.console" "the guest scenario failed"
		fa_record "bench $mode $name ${mem}MiB" "$(( $(fa_now) - t0 ))"
		grep -q '"policy":"'"$pol"'"' "$out/$name-r$r.results" ||
			die "bench ($name)" "$out/$name-r$r.console" "the kernel did not run policy $pol"
		info "$name: $(( $(fa_now) - t0 ))s"
	done
done
"$FA_PYTHON" "$FA_TOP/bench/report.py" "$out" \
	${markdown:+--markdown "$markdown" --command "$command"}
}

main "$@"; exit
