#!/usr/bin/env bash
# validate.sh NAME VALUE [NAME VALUE]...: check make variables before anything
# long runs. Prints one clear error per bad value and exits 2 if any.
. "$(dirname "$0")/lib.sh"

scenarios() { ls "$FA_TOP/guest/scenarios" | sed -n 's/\.sh$//p' | xargs; }
is_uint() { case $1 in ''|*[!0-9]*) return 1 ;; esac; [ "${#1}" -le 9 ]; }
range() {	# range NAME VALUE MIN MAX UNIT
	if ! is_uint "$2" || [ "$2" -lt "$3" ] || [ "$2" -gt "$4" ]; then
		echo "error: $1=$2: expected a whole number of $5 from $3 to $4" >&2
		return 1
	fi
}
oneof() {	# oneof NAME VALUE CHOICES...
	local n=$1 v=$2 c
	shift 2
	for c; do [ "$v" = "$c" ] && return 0; done
	echo "error: $n='$v': expected one of: $*" >&2
	return 1
}

bad=0
while [ $# -ge 2 ]; do
	name=$1 val=$2
	shift 2
	case $name in
	policy) oneof POLICY "$val" $FA_POLICIES || bad=1 ;;
	policies)
		[ -n "$val" ] || { echo "error: POLICIES is empty: expected some of: $FA_POLICIES" >&2; bad=1; }
		for p in $val; do oneof POLICIES "$p" $FA_POLICIES || bad=1; done ;;
	scenario) oneof SCENARIO "$val" $(scenarios) || bad=1 ;;
	mem) range MEM "$val" 256 16384 MiB || bad=1 ;;
	cpus) range CPUS "$val" 1 8 CPUs || bad=1 ;;
	hotremove_mem) range HOTREMOVE_MEM "$val" 512 16384 MiB || bad=1 ;;
	timeout) range TIMEOUT "$val" 10 86400 seconds || bad=1 ;;
	repeats) range REPEATS "$val" 1 100 repeats || bad=1 ;;
	experiments)
		[ -n "$val" ] || { echo "error: EXPERIMENTS is empty: expected some of: highalloc hotremove" >&2; bad=1; }
		for e in $val; do oneof EXPERIMENTS "$e" highalloc hotremove || bad=1; done ;;
	dimms)	# COUNTxMiB: hot-pluggable DIMMs, whole 128 MiB memory blocks
		case $val in
		*x*) range "DIMMS (count)" "${val%%x*}" 1 8 DIMMs &&
		     range "DIMMS (size)" "${val#*x}" 128 8192 MiB &&
		     { [ $(( ${val#*x} % 128 )) -eq 0 ] ||
		       { echo "error: DIMMS=$val: the size must be a multiple of 128 MiB (a memory block)" >&2; false; }; } || bad=1 ;;
		*) echo "error: DIMMS='$val': expected COUNTxMiB, e.g. 4x256" >&2; bad=1 ;;
		esac ;;
	minutes) range SOAK_MINUTES "$val" 1 1440 minutes || bad=1 ;;
	accel)
		oneof ACCEL "$val" tcg kvm || bad=1
		if [ "$val" = kvm ] && [ ! -w /dev/kvm ]; then
			echo "error: ACCEL=kvm: /dev/kvm is not usable here" >&2
			bad=1
		fi ;;
	*) echo "error: validate.sh: unknown variable '$name'" >&2; bad=1 ;;
	esac
done
[ $# -eq 0 ] || { echo "error: validate.sh: odd number of arguments" >&2; bad=1; }
exit $((bad * 2))
