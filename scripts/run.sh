#!/usr/bin/env bash
# run.sh [-m MiB] [-c cpus] [-t timeout] [-n repeats] [-o OUTDIR] [-a ARGS]
#        [-e EXPERIMENTS] [-H MiB] [-D COUNTxMiB] POLICY...
# The main job. For each placement policy, interleaved across repeats
# (A B C A B C ...), the experiments named by -e (default: both):
#   highalloc  the seed's: a guest of -m MiB runs fragload and makes
#              high-order allocation attempts under load and at rest
#              (guest/scenarios/highalloc.sh);
#   hotremove  a guest of -H MiB boot memory plus -D DIMMs (onlined as
#              ZONE_NORMAL) runs fragload, then offlines every memory block
#              and removes every DIMM it can (guest/scenarios/hotremove.sh);
#              once per repeat the reference: stock placement with the
#              DIMMs in ZONE_MOVABLE.
# -a adds kernel arguments (fa.NAME=, see the scenarios); with
# fa.build=TREE the highalloc guests run fragload's realistic mode, a build
# of TREE (a kernel source tree on this machine, whose root boot.sh -r
# shares read-only) with this machine's compiler, and a walk of it.
# Then print the tables side by side; results and pictures go to OUTDIR.
# The body is a function, parsed whole before it runs: editing this file
# while it runs cannot change what the running copy does (and "exit" on the
# same line stops bash from reading on into a file that has changed).
main() {
set -eu
. "$(dirname "$0")/lib.sh"

mem=2048 cpus=2 timeout=7200 repeats=1 out=out args="" experiments="highalloc hotremove"
hr_mem=1024 dimms=4x256
while getopts "m:c:t:n:o:a:e:H:D:" o; do
	case $o in
	m) mem=$OPTARG ;; c) cpus=$OPTARG ;; t) timeout=$OPTARG ;;
	n) repeats=$OPTARG ;; o) out=$OPTARG ;; a) args=$OPTARG ;;
	e) experiments=$OPTARG ;; H) hr_mem=$OPTARG ;; D) dimms=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || set -- $FA_POLICIES
"$FA_TOP/scripts/validate.sh" experiments "$experiments" dimms "$dimms" hotremove_mem "$hr_mem" || exit 2
# shellcheck disable=SC2086 # the kernel arguments, one word each
build=$(printf '%s\n' $args | sed -n 's/^fa\.build=//p' | tail -n 1)
case $build in
"") ;;
/mnt | /mnt/*) echo "run.sh: fa.build=$build: under /mnt, where the guest mounts the build's output; nothing was run" >&2; exit 2 ;;
/*) [ -f "$build/Makefile" ] || {
	echo "run.sh: fa.build=$build: no source tree there (no Makefile); nothing was run" >&2
	exit 2
} ;;
*) echo "run.sh: fa.build=$build: expected an absolute path; nothing was run" >&2; exit 2 ;;
esac
case " $experiments " in *" highalloc "*) highalloc=1 ;; *) highalloc="" ;; esac
case " $experiments " in *" hotremove "*) hotremove=1 ;; *) hotremove="" ;; esac
mkdir -p "$out/hotremove"
out=$(cd "$out" && pwd)
# Clear the per-boot files of the experiments that run, and only theirs:
# the report reads every boot file in its directory
[ -z "$highalloc" ] || rm -f "$out"/*-r*.results "$out"/*-r*.console "$out"/*-r*.qemu
[ -z "$hotremove" ] || rm -f "$out"/hotremove/*-r*.*

per_repeat=$(( (${highalloc:-0} + ${hotremove:-0}) * $# + ${hotremove:-0} ))
total=$((repeats * per_repeat)) n=0
for r in $(seq 1 "$repeats"); do
	for pol in "$@"; do
		[ -z "$highalloc" ] || highalloc_boot "$pol" "$r"
		[ -z "$hotremove" ] || hotremove_boot "$pol" "$r" "$pol" online_kernel
	done
	[ -z "$hotremove" ] || hotremove_boot mobility "$r" movable online_movable
done
rm -f "$FA_BUILD/disk.img"
[ -z "$highalloc" ] || "$FA_PYTHON" "$FA_TOP/scripts/report.py" "$out" \
	${FA_MARKDOWN:+--markdown "$FA_MARKDOWN" --command "$FA_COMMAND"}
[ -z "$hotremove" ] || "$FA_PYTHON" "$FA_TOP/scripts/hotremove_report.py" "$out/hotremove" \
	${FA_MARKDOWN:+--markdown "$FA_MARKDOWN" --command "$FA_COMMAND"}
}

# highalloc_boot POLICY REPEAT
highalloc_boot() {
	local pol=$1 r=$2 t0 share=""
	# fragload's realistic mode builds a tree of this machine's, in its root
	case " $args " in *" fa.build="*) share=-r ;; esac
	n=$((n + 1))
	step "[$n/$total] highalloc, policy $pol, repeat $r: load, attempts under load and at rest (console: $out/$pol-r$r.console)"
	"$FA_TOP/scripts/mkdisk.sh" "$FA_BUILD/disk.img" $((mem * 2))
	t0=$(fa_now)
	# shellcheck disable=SC2086
	"$FA_TOP/scripts/boot.sh" -m "$mem" -c "$cpus" -t "$timeout" $share \
		-d "$FA_BUILD/disk.img" -o "$out/$pol-r$r" -- highalloc \
		page_grouping="$pol" page_owner=on $args ||
		die "run (highalloc, policy $pol, repeat $r)" "$out/$pol-r$r.console" "the guest scenario failed"
	fa_record "run highalloc $pol ${mem}MiB" "$(( $(fa_now) - t0 ))"
	check_policy "$pol" "$out/$pol-r$r"
}

# hotremove_boot POLICY REPEAT NAME ONLINE-TYPE
hotremove_boot() {
	local pol=$1 r=$2 name=$3 online=$4 prefix=$out/hotremove/$3-r$2 t0
	n=$((n + 1))
	step "[$n/$total] hotremove, $name (policy $pol, DIMMs $online), repeat $r: load, then offline every block (console: $prefix.console)"
	# fragload writes 1.5 times the guest's memory, DIMMs included
	"$FA_TOP/scripts/mkdisk.sh" "$FA_BUILD/disk.img" $(((hr_mem + ${dimms%x*} * ${dimms#*x}) * 2))
	t0=$(fa_now)
	# shellcheck disable=SC2086
	"$FA_TOP/scripts/boot.sh" -m "$hr_mem" -D "$dimms" -c "$cpus" -t "$timeout" \
		-d "$FA_BUILD/disk.img" -o "$prefix" -- hotremove \
		page_grouping="$pol" page_owner=on memhp_default_state="$online" $args ||
		die "run (hotremove, $name, repeat $r)" "$prefix.console" "the guest scenario failed"
	fa_record "run hotremove $name ${hr_mem}MiB+$dimms" "$(( $(fa_now) - t0 ))"
	check_policy "$pol" "$prefix"
}

# check_policy POLICY PREFIX: the kernel ran the policy asked for
check_policy() {
	grep -q '"policy":"'"$1"'"' "$2.results" ||
		die "run (policy $1)" "$2.console" "the kernel did not run policy $1"
}

main "$@"; exit
