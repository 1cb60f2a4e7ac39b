# modtest: the highalloc module works. Bad input is refused and changes
# nothing; a fresh guest serves order-10 attempts; a guest fragmented on
# purpose (fa-fragment) fails some of 64 order-10 attempts (more than the
# memory it leaves untouched can hold); release and unload give every page
# back.
fa_highalloc_load || exit 1

# Bad input: each write is one write() of exactly these bytes (fa-poke
# unescapes \n and \0; nothing is appended): out of range, negative,
# non-numeric, empty, white space, huge, overlong, junk after a NUL or past
# the kernel's parse buffer; and writes to the read-only files. Each must
# be refused and change nothing: the settings and the last run's results.
pad=$(printf '%033d' 0)		# 33 zeros: "0...01" fills a 34-byte buffer
long=$(printf '%05000d' 0)
for case in "order 11" "order -1" "order abc" "order 9x" "order 99999999999" \
	    "order " "order \\n" "order  9" "order 9 " "order 0x9" "order -0" \
	    "order 4294967296" "order 18446744073709551616" "order 9\\n\\n" \
	    "order 9\\0junk" "order ${pad}1junk" "order $long" \
	    "count 0" "count 100001" "count -5" "count 1.5" "count " "count 4294967297" \
	    "count ${pad}1junk" \
	    "interval_ms 60001" "interval_ms -1" "interval_ms 1e3" "interval_ms $long" \
	    "hold 2" "hold" "hold yes" "hold -0" "hold ${pad}1junk" \
	    "class bogus" "class USER" "class" "class user\\0junk" "class user user" \
	    "class useruser" "class $long" \
	    "run 2" "run 0" "run" "run -1" "run 1\\0junk" "run ${pad}1junk" \
	    "release 0" "release 2" "release" "release ${pad}1junk" \
	    "results 1" "attempts 1"; do
	f=${case%% *} v=${case#"$f"}
	v=${v# }
	label=$(printf '%s' "$v" | head -c 40 | sed 's/\\/~/g')
	[ "${#v}" -gt 40 ] && label="$(printf '%s' "$v" | head -c 12)...${#v}-bytes"
	before=$(for s in order count interval_ms hold class results; do cat "$FA_HA/$s"; done)
	refused=0
	fa-poke --write "$v" "$FA_HA/$f" >/dev/null 2>&1 || refused=1
	after=$(for s in order count interval_ms hold class results; do cat "$FA_HA/$s"; done)
	same=0
	[ "$before" = "$after" ] && same=1
	fa_out "{\"event\":\"badinput\",\"file\":\"$f\",\"value\":\"$label\",\"refused\":$refused,\"unchanged\":$same}"
done

fa_settle
free0=$(fa_free_total)
fa_attempts fresh 10 8 0 user || exit 1
free1=$(fa_free_total)

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
free2=$(fa_free_total)
fa_out "{\"event\":\"freepages\",\"before\":$free0,\"released\":$free1,\"unloaded\":$free2}"
