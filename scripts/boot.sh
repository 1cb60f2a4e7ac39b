#!/usr/bin/env bash
# Boot the guest kernel + initramfs in QEMU and run one scenario.
#
# usage: boot.sh [-k bzImage] [-i initramfs] [-m MiB] [-c cpus] [-t seconds]
#                [-d disk.img] [-D COUNTxMiB] [-a tcg|kvm] [-o PREFIX] [-r]
#                [-q qemu-arg]... -- SCENARIO [KERNEL-ARG...]
#
# -r shares this machine's root file system with the guest, read-only,
# over 9p (mount tag hostroot), as virtme does: fragload's realistic mode
# runs its compiler there (guest/lib.sh fa_host_root).
# -D adds hot-pluggable memory: COUNT pc-dimm devices dimm0.. of MiB each
# (slot N is dimmN), and a QEMU monitor on PREFIX.mon through which the
# guest may unplug them: a '{"event":"device_del","id":"dimmN"}' line on
# its results port becomes "device_del dimmN".
#
# Writes PREFIX.console (the kernel console, ttyS0), PREFIX.results (the
# scenario's '@@fa {json}' lines, ttyS1) and PREFIX.qemu (QEMU's own output).
# The scenario's exit status becomes this script's: the guest reports
# '{"event":"exit","status":N}' before powering off. 124 means the hard
# timeout hit, 125 that the guest stopped without reporting (panic, crash).
# The body is a function, parsed whole before it runs (see scripts/run.sh).
main() {
set -eu
. "$(dirname "$0")/lib.sh"

kernel=$FA_OBJ/arch/x86/boot/bzImage
initrd=$FA_BUILD/initramfs.cpio.gz
mem=1024 cpus=2 timeout=600 disk="" dimms="" accel=${ACCEL:-tcg} prefix="" extra=()
usage() { sed -n '3,/^# The body/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit "${1:-2}"; }
while getopts "k:i:m:c:t:d:D:a:o:q:rh" o; do
	case $o in
	k) kernel=$OPTARG ;; i) initrd=$OPTARG ;; m) mem=$OPTARG ;;
	c) cpus=$OPTARG ;; t) timeout=$OPTARG ;; d) disk=$OPTARG ;;
	D) dimms=$OPTARG ;;
	a) accel=$OPTARG ;; o) prefix=$OPTARG ;; q) extra+=("$OPTARG") ;;
	r) extra+=(-virtfs local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap) ;;
	h) usage 0 ;; *) usage ;;
	esac
done
shift $((OPTIND - 1))
[ "${1:-}" = "--" ] && shift
[ $# -ge 1 ] || usage
scenario=$1
shift

"$FA_TOP/scripts/validate.sh" mem "$mem" cpus "$cpus" timeout "$timeout" \
	accel "$accel" scenario "$scenario" ${dimms:+dimms "$dimms"} || exit 2
[ -f "$kernel" ] || die "boot" "" "no kernel at $kernel (make kernel)"
[ -f "$initrd" ] || die "boot" "" "no initramfs at $initrd (make initramfs)"
[ -z "$disk" ] || [ -f "$disk" ] || die "boot" "" "no disk image at $disk"
[ -n "$prefix" ] || prefix=$FA_LOGS/boot-$scenario-$(date +%H%M%S)
log=$prefix.console results=$prefix.results
rm -f "$log" "$results" "$prefix.qemu"
: >"$results"

# agent RESULTS SOCKET LOG: carry out the guest's unplug requests through
# the QEMU monitor, each once, until killed
agent() {
	local sent=0 ids id
	while sleep 1; do
		mapfile -t ids < <(tr -d '\r' <"$1" |
			sed -n 's/^@@fa {"event":"device_del","id":"\(dimm[0-9]*\)"}$/\1/p')
		for id in "${ids[@]:sent}"; do
			echo "agent: device_del $id" >>"$3"
			echo "device_del $id" | socat -t 2 - "UNIX-CONNECT:$2" >/dev/null 2>&1 ||
				echo "agent: device_del $id: monitor not reachable" >>"$3"
		done
		sent=${#ids[@]}
	done
}

case $accel in
tcg) accel_args=(-accel tcg -cpu max) ;;
kvm) accel_args=(-accel kvm -cpu host) ;;
esac
disk_args=()
[ -z "$disk" ] || disk_args=(-drive "file=$disk,if=virtio,format=raw,cache=unsafe")
mem_args=(-m "$mem") monitor=(-monitor none) agent_pid=""
if [ -n "$dimms" ]; then
	count=${dimms%x*} size=${dimms#*x}
	mem_args=(-m "$mem,slots=$count,maxmem=$((mem + count * size))M")
	for i in $(seq 0 $((count - 1))); do
		mem_args+=(-object "memory-backend-ram,id=dimmmem$i,size=${size}M"
			   -device "pc-dimm,id=dimm$i,memdev=dimmmem$i,slot=$i")
	done
	rm -f "$prefix.mon"
	monitor=(-monitor "unix:$prefix.mon,server=on,wait=off")
	agent "$results" "$prefix.mon" "$prefix.qemu" &
	agent_pid=$!
fi

# no_timer_check: on a busy host TCG can miss the IO-APIC timer check's
# window, and the kernel panics ("IO-APIC + timer doesn't work")
cmdline="console=ttyS0 panic=-1 oops=panic loglevel=7 no_timer_check fa.scenario=$scenario $*"
case " $* " in *" kunit.enable="*) ;; *) cmdline="$cmdline kunit.enable=0" ;; esac

rc=0
timeout --foreground -k 5 "$timeout" qemu-system-x86_64 "${accel_args[@]}" \
	"${mem_args[@]}" -smp "$cpus" -nodefaults -no-reboot -display none \
	-serial "file:$log" -serial "file:$results" "${monitor[@]}" \
	-kernel "$kernel" -initrd "$initrd" -append "$cmdline" \
	"${disk_args[@]}" "${extra[@]}" >>"$prefix.qemu" 2>&1 || rc=$?
[ -z "$agent_pid" ] || kill "$agent_pid" 2>/dev/null
rm -f "$prefix.mon"
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
}

main "$@"; exit
