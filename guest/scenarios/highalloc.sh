# highalloc: the seed's experiment. fragload loads the guest; after a
# warm-up, high-order allocations are attempted under load; then the load
# stops, the disk's journal is checkpointed, caches are dropped, the slab
# caches give back their empty slabs (SLUB keeps them until asked; the
# seed's SLAB reaped them every few seconds) and the same attempts are made
# at rest. What pins pageblocks (page_owner) is recorded before the load
# too: the boot's own share of what pins them at rest. The slab caches'
# shrink files are opened before the load too, so that shrinking them at
# rest allocates nothing (fa_hold_slab_files).
# Kernel args (fa.NAME=): warmup (s, 60), order (9), count (default: 95% of
# memory in blocks of that order, as mmtests' stress-highalloc), interval
# (ms, default: 16 MB/s), class (user), order10 (seed's run: 160 attempts
# at order 10 every 100 ms after the main one; 0 to skip, default 1),
# build (fragload's realistic mode: the kernel source tree to build and
# walk, a path on the host, whose root boot.sh -r shares; default none).
fa_highalloc_load || exit 1
dir=$(fa_workdir) || exit 1
mem_kb=$(awk '/^MemTotal/ { print $2 }' /proc/meminfo)
order=$(fa_arg order 9)
block_kb=$((4 << order))
count=$(fa_arg count $((mem_kb * 95 / 100 / block_kb)))
interval=$(fa_arg interval $((block_kb * 1000 / 16384)))
class=$(fa_arg class user)
warmup=$(fa_arg warmup 60)
order10=$(fa_arg order10 1)
build=$(fa_arg build)
fa_event plan order "$order" count "$count" interval_ms "$interval" \
	class "$class" warmup_s "$warmup" mem_kb "$mem_kb" build "$build"
realistic=""
if [ -n "$build" ]; then
	fa_host_root "$dir" || exit 1
	realistic="--root $FA_HOST --build $build"
fi

fa_hold_slab_files
fa_snapshot before
fa_pinners before
fragload --seconds 86400 --dir "$dir" --cache-mb $((mem_kb * 3 / 2048)) \
	--files 5000 --anon-mb 64 --procs 4 --pipes 256 --seed "$(fa_arg seed 1)" \
	$realistic >/tmp/fragload.out 2>&1 &
load=$!
sleep "$warmup"
kill -0 "$load" 2>/dev/null || { cat /tmp/fragload.out; exit 1; }
fa_snapshot loaded
fa_attempts load "$order" "$count" "$interval" "$class" || exit 1
[ "$order10" = 0 ] || fa_attempts load-order10 10 160 100 "$class" || exit 1
fa_snapshot loaded-end
kill "$load"
wait "$load"
fa_event fragload output "$(tr '\n' ';' </tmp/fragload.out)"

rm -rf "$dir"/cache-* "$dir"/small "$dir"/fragload-build "$dir"/fragload-tmp
fa_checkpoint "$dir" || exit 1
fa_settle
fa_shrink_slabs
fa_event slabwalk caches "$(wc -l <"$FA_SLAB_FILES")" dentries "$FA_WALK_DENTRIES"
fa_snapshot rest
fa_pinners rest
fa_attempts rest "$order" "$count" "$interval" "$class" || exit 1
[ "$order10" = 0 ] || fa_attempts rest-order10 10 160 100 "$class" || exit 1
fa_snapshot after
