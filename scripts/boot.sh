#!/usr/bin/env bash
# Boot the guest kernel + initramfs in QEMU and run one scenario.
#
# usage: boot.sh [-k bzImage] [-i initramfs] [-m MiB] [-c cpus] [-t seconds]
#                [-d disk.img] [-a tcg|kvm] [-o PREFIX] [-q qemu-arg]...
#                -- SCENARIO [KERNEL-ARG...]
#
# Writes PREFIX.console (the kernel console, ttyS0), PREFIX.results (the
# scenario's '@@fa {json}' lines, ttyS1) and PREFIX.qemu (QEMU's own output).
# The scenario's exit status becomes this script's: the guest reports
# '{"event":"exit","status":N}' before powering off. 124 means the hard
# timeout hit, 125 that the guest stopped without reporting (panic, crash).
set -eu
. "$(dirname "$0")/lib.sh"

kernel=$FA_OBJ/arch/x86/boot/bzImage
initrd=$FA_BUILD/initramfs.cpio.gz
mem=1024 cpus=2 timeout=600 disk="" accel=${ACCEL:-tcg} prefix="" extra=()
usage() { sed -n '3,15p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-2}"; }
while getopts "k:i:m:c:t:d:a:o:q:h" o; do
	case $o in
	k) kernel=$OPTARG ;; i) initrd=$OPTARG ;; m) mem=$OPTARG ;;
	c) cpus=$OPTARG ;; t) timeout=$OPTARG ;; d) disk=$OPTARG ;;
	a) accel=$OPTARG ;; o) prefix=$OPTARG ;; q) extra+=("$OPTARG") ;;
	h) usage 0 ;; *) usage ;;
	esac
done
shift $((OPTIND - 1))
[ "${1:-}" = "--" ] && shift
[ $# -ge 1 ] || usage
scenario=$1
shift

"$FA_TOP/scripts/validate.sh" mem "$mem" cpus "$cpus" timeout "$timeout" \
	accel "$accel" scenario "$scenario" || exit 2
[ -f "$kernel" ] || die "boot" "" "no kernel at $kernel (make kernel)"
[ -f "$initrd" ] || die "boot" "" "no initramfs at $initrd (make initramfs)"
[ -z "$disk" ] || [ -f "$disk" ] || die "boot" "" "no disk image at $disk"
[ -n "$prefix" ] || prefix=$FA_LOGS/boot-$scenario-$(date +%H%M%S)
log=$prefix.console results=$prefix.results
rm -f "$log" "$results"

case $accel in
tcg) accel_args=(-accel tcg -cpu max) ;;
kvm) accel_args=(-accel kvm -cpu host) ;;
esac
disk_args=()
[ -z "$disk" ] || disk_args=(-drive "file=$disk,if=virtio,format=raw,cache=unsafe")

cmdline="console=ttyS0 panic=-1 oops=panic loglevel=7 fa.scenario=$scenario $*"
case " $* " in *" kunit.enable="*) ;; *) cmdline="$cmdline kunit.enable=0" ;; esac

rc=0
timeout --foreground -k 5 "$timeout" qemu-system-x86_64 "${accel_args[@]}" \
	-m "$mem" -smp "$cpus" -nodefaults -no-reboot -display none \
	-serial "file:$log" -serial "file:$results" -monitor none \
	-kernel "$kernel" -initrd "$initrd" -append "$cmdline" \
	"${disk_args[@]}" "${extra[@]}" >"$prefix.qemu" 2>&1 || rc=$?
if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
	echo "boot: $scenario timed out after ${timeout}s (console: $log)" >&2
	exit 124
fi
[ "$rc" -eq 0 ] || die "boot ($scenario)" "$prefix.qemu" "qemu exit status $rc"
status=$(tr -d '\r' <"$results" | sed -n 's/^@@fa {"event":"exit","status":\([0-9]*\)}$/\1/p' | tail -n 1)
if [ -z "$status" ]; then
	echo "boot: $scenario ended without reporting a status (console: $log)" >&2
	exit 125
fi
exit "$status"
