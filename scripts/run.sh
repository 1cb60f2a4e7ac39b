#!/usr/bin/env bash
# run.sh [-m MiB] [-c cpus] [-t timeout] [-o OUTDIR] POLICY...
# The main job: for each placement policy, boot the guest, run the mixed
# workload and report /proc/buddyinfo and /proc/pagetypeinfo before, under
# and after it; then print the tables side by side.
set -eu
. "$(dirname "$0")/lib.sh"

mem=1024 cpus=2 timeout=900 out=out
while getopts "m:c:t:o:" o; do
	case $o in
	m) mem=$OPTARG ;; c) cpus=$OPTARG ;; t) timeout=$OPTARG ;; o) out=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || set -- $FA_POLICIES
mkdir -p "$out"
out=$(cd "$out" && pwd)

n=0 ran=()
for pol in "$@"; do
	n=$((n + 1))
	step "[$n/$#] policy $pol: boot, mixed workload, snapshots (log: $out/$pol.console)"
	"$FA_TOP/scripts/mkdisk.sh" "$FA_BUILD/disk.img" 2048
	"$FA_TOP/scripts/boot.sh" -m "$mem" -c "$cpus" -t "$timeout" \
		-d "$FA_BUILD/disk.img" -o "$out/$pol" -- mixed page_grouping="$pol" ||
		die "run (policy $pol)" "$out/$pol.console" "the guest scenario failed"
	ran+=("$pol")
	if ! grep -q '"policy":"'"$pol"'"' "$out/$pol.results"; then
		warn "this kernel has no page_grouping switch: it ran its built-in policy; skipping the other policies"
		break
	fi
done
python3 "$FA_TOP/scripts/report.py" "$out" "${ran[@]}"
