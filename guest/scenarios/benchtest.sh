# benchtest: the bench instruments work (tests/50-bench.sh), on a small
# scale: allocbench refuses bad input and changes nothing, the bench
# scenario runs every test and every order, and allocbench gives back every
# page it took.
insmod /lib/fa/modules/allocbench.ko || exit 1
AB=/sys/kernel/debug/allocbench
for case in "count 0" "count 1000001" "count 12x" "count" "batch 0" \
	    "batch 4097" "warmup 1000001" "warmup -1" "class bogus" "class KERNEL" \
	    "class" "run 2" "run 0" \
	    "count 0000000000000000000000000000000000000001"; do
	f=${case%% *} v=${case#"$f"}
	v=${v# }
	before=$(cat "$AB/$f" 2>/dev/null)
	refused=0
	echo "$v" >"$AB/$f" 2>/dev/null || refused=1
	after=$(cat "$AB/$f" 2>/dev/null)
	same=0
	[ "$before" = "$after" ] && same=1
	fa_out "{\"event\":\"badinput\",\"file\":\"$f\",\"value\":\"$v\",\"refused\":$refused,\"unchanged\":$same}"
done
# A valid value followed by a NUL and junk, as one write
for f in count class run; do
	case $f in class) v=movable ;; *) v=1 ;; esac
	before=$(cat "$AB/$f" 2>/dev/null)
	refused=0
	printf '%s\000junk' "$v" >"$AB/$f" 2>/dev/null || refused=1
	same=0
	[ "$before" = "$(cat "$AB/$f" 2>/dev/null)" ] && same=1
	fa_out "{\"event\":\"badinput\",\"file\":\"$f\",\"value\":\"$v NUL junk\",\"refused\":$refused,\"unchanged\":$same}"
done

fa_settle
free0=$(fa_free_total)
. /scenarios/bench.sh || exit 1
fa_settle
free1=$(fa_free_total)
fa_out "{\"event\":\"freepages\",\"before\":$free0,\"after\":$free1}"
