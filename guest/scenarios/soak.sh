# soak: the highalloc experiment's fragload for fa.minutes= of guest time
# (default 30), a snapshot every fa.every= minutes (default 5) for the
# placement invariants under load; then the load ends, its files go, and
# the no-page-lost check.
dir=$(fa_workdir) || exit 1
fa_baseline
minutes=$(fa_arg minutes 30)
every=$(fa_arg every 5)
mem_kb=$(awk '/^MemTotal/ { print $2 }' /proc/meminfo)
fa_event plan minutes "$minutes" every "$every" mem_kb "$mem_kb"
fragload --seconds $((minutes * 60)) --dir "$dir" --cache-mb $((mem_kb * 3 / 2048)) \
	--files 5000 --anon-mb 64 --procs 4 --pipes 256 --seed "$(fa_arg seed 1)" \
	>/tmp/fragload.out 2>&1 &
load=$!
t=0
while [ $((t + every)) -lt "$minutes" ]; do
	sleep $((every * 60))
	t=$((t + every))
	kill -0 "$load" 2>/dev/null || break
	fa_snapshot "load-${t}min"
done
wait "$load"
rc=$?
fa_event fragload status "$rc" minutes "$minutes"
rm -rf "$dir"/cache-* "$dir"/small
fa_nolost soak
exit "$rc"
