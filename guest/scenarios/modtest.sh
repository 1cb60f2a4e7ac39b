# modtest: the highalloc module works. Bad input is refused and changes
# nothing; a fresh guest serves order-10 attempts; a guest fragmented on
# purpose (fa-fragment) fails some of 64 order-10 attempts (more than the
# memory it leaves untouched can hold); release and unload give every page
# back.
fa_highalloc_load || exit 1

for case in "order 11" "order -1" "order abc" "order 9x" "order 99999999999" \
	    "count 0" "count 100001" "interval_ms 60001" "hold 2" "hold" \
	    "class bogus" "class USER" "class" "run 2" "release 0"; do
	f=${case%% *} v=${case#"$f"}
	v=${v# }
	before=$(cat "$FA_HA/$f" 2>/dev/null)
	refused=0
	echo "$v" >"$FA_HA/$f" 2>/dev/null || refused=1
	after=$(cat "$FA_HA/$f" 2>/dev/null)
	same=0
	[ "$before" = "$after" ] && same=1
	fa_out "{\"event\":\"badinput\",\"file\":\"$f\",\"value\":\"$v\",\"refused\":$refused,\"unchanged\":$same}"
done

fa_settle
free0=$(fa_free_pages)
fa_attempts fresh 10 8 0 user || exit 1
free1=$(fa_free_pages)

# Fragment nearly all free memory, on a tmpfs allowed to hold it
mkdir -p /mnt/frag
mount -t tmpfs -o size=100% tmpfs /mnt/frag || exit 1
avail=$(awk '/^MemAvailable/ { print int($2 / 1024) }' /proc/meminfo)
fa-fragment --dir /mnt/frag --mb "$(fa_arg fragment_mb $((avail - 64)))" --every 1024 \
	>/tmp/fragment.out &
frag=$!
while ! grep -q ready /tmp/fragment.out 2>/dev/null; do
	kill -0 "$frag" 2>/dev/null || exit 1
	sleep 1
done
cat /tmp/fragment.out
fa_snapshot fragmenting
fa_attempts fragmented 10 64 0 thp || exit 1
kill "$frag"
wait "$frag"
umount /mnt/frag

rmmod highalloc || exit 1
fa_settle
free2=$(fa_free_pages)
fa_out "{\"event\":\"freepages\",\"before\":$free0,\"released\":$free1,\"unloaded\":$free2}"
